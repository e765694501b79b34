import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CardState } from '../../rules/card-state.js';

/** The focused element, looking through shadow roots. */
function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Focus is in the element or its shadow tree (`:focus-within` misses a modal dialog's). */
const within = (element: HTMLElement) => element.shadowRoot?.activeElement != null || element.contains(document.activeElement);

/** Focus is on no element at all, or on the page's body: it fell to the page. */
export const nowhere = () => {
  const active = document.activeElement;
  return active === null || active === document.body;
};

export interface FocusReturnHost extends ReactiveControllerHost, HTMLElement {
  readonly state: CardState;
}

/**
 * Focus never falls to the page. When a card the user is in settles (answered,
 * expired, cancelled: its form goes away), focus moves to `target()` (the receipt's heading),
 * whether the card stands alone or sits in a host's shadow root. A modal that `remember()`ed
 * where focus was before it opened gives focus back there instead, as a dialog does.
 *
 * Focus is never pulled from wherever else on the page the user is, or has gone since (another
 * control of the same card included). An answer counts focus on the page itself as the user's
 * too (Safari does not focus a clicked button); a timeout or a cancel does not.
 */
export class FocusReturnController implements ReactiveController {
  private wasPending = false;
  private follow = false;
  private restore: HTMLElement | null = null;

  constructor(
    private readonly host: FocusReturnHost,
    private readonly target: () => HTMLElement | null | undefined,
  ) {
    host.addController(this);
  }

  /** A modal is about to open: focus goes back here when it closes. */
  remember(): void {
    const active = deepActiveElement();
    this.restore = active instanceof HTMLElement && active !== document.body ? active : null;
  }

  /** Before the render that removes the form, while focus is still where the user left it. */
  hostUpdate(): void {
    const state = this.host.state;
    const pending = state === 'pending';
    if (this.wasPending && !pending) {
      const answered = state === 'submitting' || state === 'answered';
      this.follow = within(this.host) || (answered && nowhere());
    }
    this.wasPending = pending;
  }

  hostUpdated(): void {
    if (!this.follow) return;
    this.follow = false;
    const restore = this.restore;
    this.restore = null;
    if (restore?.isConnected) {
      restore.focus();
      return;
    }
    // At the next frame, where the browser lays out anyway: focusing at once forces a layout.
    // Only if focus is still where the render left it (in the card, or fallen to the page): a Tab
    // pressed before that frame wins.
    const left = deepActiveElement();
    requestAnimationFrame(() => {
      if (nowhere() || deepActiveElement() === left) this.target()?.focus({ preventScroll: true });
    });
  }
}
