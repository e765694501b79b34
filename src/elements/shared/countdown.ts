import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Clock } from '../../protocol/clock.js';

/** Remaining times, in seconds, at which screen readers hear the countdown (not every second). */
const ANNOUNCE_AT = [60, 30, 10] as const;

/**
 * The threshold said assertively: 30 s before the deadline the card interrupts,
 * once, as there is still time to answer; the others wait their turn (polite).
 */
export const ASSERTIVE_AT = 30;

/**
 * Counts down to a deadline on an injected clock, ticking on whole seconds, and calls
 * `onExpire` once when it passes. The element renders `remainingMs` in a `role="timer"` and
 * `announcement` (a threshold in seconds) in a live region: assertive at ASSERTIVE_AT, else polite.
 */
export class CountdownController implements ReactiveController {
  remainingMs = Number.POSITIVE_INFINITY;
  announcement: number | undefined;
  private deadline: number | undefined;
  private handle: unknown;
  private expired = false;
  private announced = new Set<number>();

  constructor(
    private readonly host: ReactiveControllerHost & { clock: Clock },
    private readonly onExpire: () => void,
  ) {
    host.addController(this);
  }

  get running(): boolean {
    return this.deadline !== undefined;
  }

  /**
   * The countdown's tone: `warning` once it shows under 30 s, `danger` under 10 s,
   * by the whole seconds it shows.
   */
  get urgency(): 'warning' | 'danger' | undefined {
    if (!this.running) return undefined;
    const seconds = Math.ceil(this.remainingMs / 1000);
    return seconds < 10 ? 'danger' : seconds < 30 ? 'warning' : undefined;
  }

  /** Starts (or moves) the countdown; thresholds already behind the start are not announced. */
  start(deadline: number): void {
    this.stop();
    this.deadline = deadline;
    this.expired = false;
    this.announcement = undefined;
    const remaining = deadline - this.host.clock.now();
    this.announced = new Set(ANNOUNCE_AT.filter((seconds) => remaining <= seconds * 1000));
    this.tick();
  }

  stop(): void {
    if (this.handle !== undefined) this.host.clock.clearTimeout(this.handle);
    this.handle = undefined;
    this.deadline = undefined;
  }

  hostConnected(): void {
    if (this.deadline !== undefined && this.handle === undefined) this.tick();
  }

  hostDisconnected(): void {
    if (this.handle !== undefined) this.host.clock.clearTimeout(this.handle);
    this.handle = undefined;
  }

  private readonly tick = (): void => {
    this.handle = undefined;
    if (this.deadline === undefined) return;
    this.remainingMs = Math.max(0, this.deadline - this.host.clock.now());
    for (const seconds of ANNOUNCE_AT) {
      if (this.remainingMs <= seconds * 1000 && !this.announced.has(seconds)) {
        this.announced.add(seconds);
        this.announcement = seconds;
      }
    }
    this.host.requestUpdate();
    if (this.remainingMs === 0) {
      if (!this.expired) {
        this.expired = true;
        this.onExpire();
      }
      return;
    }
    // Wake on the next whole second of the remaining time, so the display never skips one.
    this.handle = this.host.clock.setTimeout(this.tick, this.remainingMs % 1000 || 1000);
  };
}

/** `m:ss` (or `h:mm:ss`), rounded up: a countdown shows 0:00 only when the time is really up. */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const [hours, minutes, seconds] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}
