import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Clock } from '../../protocol/clock.js';

/**
 * How long 确认批准 does nothing after it appears, as Firefox's `security.dialog_enable_delay`
 * does for install prompts: a second press of Enter, a held key or a double-click meant for 批准
 * lands on a button that is still arming.
 */
export const CONFIRM_DELAY_MS = 1000;

/**
 * The second step of a high-risk approval, as one state: `idle` (批准 shows), `arming` (确认批准
 * shows and does nothing until `armsAt` on the card's clock), `armed` (it acts). A state that is
 * armed without a confirm shown, or a timer without arming, cannot be written.
 */
export type ArmingState =
  | { readonly phase: 'idle' }
  /** `timer` is none while the card is off the page. */
  | { readonly phase: 'arming'; readonly armsAt: number; readonly timer: unknown }
  | { readonly phase: 'armed'; readonly armsAt: number };

/**
 * Arms 确认批准 CONFIRM_DELAY_MS after it appears and judges each press on it: one begun before
 * it armed (a held key, a mouse button let go after the delay), a key's auto-repeat, or the
 * second click of a double-click never confirms.
 */
export class ConfirmArming implements ReactiveController {
  private current: ArmingState = { phase: 'idle' };
  /** When the press that ends in the next click began. */
  private pressedAt: number | undefined;

  constructor(private readonly host: ReactiveControllerHost & { clock: Clock }) {
    host.addController(this);
  }

  /** The step, read only: it changes through `start`, `reset` and the timer. */
  get state(): ArmingState {
    return this.current;
  }

  /** 确认批准 is shown (arming or armed). */
  get shown(): boolean {
    return this.state.phase !== 'idle';
  }

  /** Shows 确认批准, arming from now. */
  start(): void {
    this.reset();
    this.arm(this.host.clock.now() + CONFIRM_DELAY_MS);
  }

  /** Back to 批准 (a new request, a reset form). */
  reset(): void {
    if (this.state.phase === 'arming' && this.state.timer !== undefined) this.host.clock.clearTimeout(this.state.timer);
    this.pressedAt = undefined;
    this.set({ phase: 'idle' });
  }

  /** A press begins: Enter or Space down (not its auto-repeat), or a pointer down. */
  press(): void {
    this.pressedAt = this.host.clock.now();
  }

  /** The click that ends a press: whether it confirms (`detail` > 1: a double-click's second). */
  accepts(detail: number): boolean {
    const pressedAt = this.pressedAt ?? this.host.clock.now();
    this.pressedAt = undefined;
    return this.state.phase === 'armed' && pressedAt >= this.state.armsAt && detail <= 1;
  }

  /** A card moved on the page keeps its step: the timer stops while it is off the page. */
  hostConnected(): void {
    if (this.state.phase === 'arming' && this.state.timer === undefined) this.arm(this.state.armsAt);
  }

  hostDisconnected(): void {
    const state = this.current;
    if (state.phase !== 'arming') return;
    this.host.clock.clearTimeout(state.timer);
    this.current = { ...state, timer: undefined };
  }

  private arm(armsAt: number): void {
    const timer = this.host.clock.setTimeout(() => this.set({ phase: 'armed', armsAt }), Math.max(0, armsAt - this.host.clock.now()));
    this.set({ phase: 'arming', armsAt, timer });
  }

  private set(state: ArmingState): void {
    this.current = state;
    this.host.requestUpdate();
  }
}
