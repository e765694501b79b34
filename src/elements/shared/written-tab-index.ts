import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** The controls Safari's Tab skips unless "Press Tab to highlight each item" is on. */
const SKIPPED_BY_SAFARI = 'button:not([tabindex]), input[type="radio"]:not([tabindex]), input[type="checkbox"]:not([tabindex])';

/**
 * Writes `tabindex="0"` on every button, radio and checkbox the card renders. Safari moves Tab
 * only between text fields by default, but WebKit lets Tab reach any form control whose tab
 * index the page wrote down (since Safari 17), so a card's options and actions stay in Safari's
 * Tab order. Every other engine has them there at 0 already: nothing changes for it.
 */
export class WrittenTabIndexController implements ReactiveController {
  constructor(private readonly host: ReactiveControllerHost & { readonly renderRoot: ParentNode }) {
    host.addController(this);
  }

  hostUpdated(): void {
    for (const control of this.host.renderRoot.querySelectorAll<HTMLElement>(SKIPPED_BY_SAFARI)) control.tabIndex = 0;
  }
}
