import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** How close to the end still counts as "at the end" (a pixel rounding, a half-scrolled line). */
const SLACK_PX = 32;

/** The nearest ancestor that scrolls vertically, across shadow roots; undefined: the document. */
function scrollingAncestor(el: Element): HTMLElement | undefined {
  let node: Element | null = el.parentElement ?? ((el.getRootNode() as ShadowRoot).host ?? null);
  while (node && node !== document.documentElement && node !== document.body) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll' || overflowY === 'overlay') && node.scrollHeight > node.clientHeight) return node as HTMLElement;
    node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host ?? null);
  }
  return undefined;
}

/** The controls a card's user can reach, in tab order. */
const CONTROLS = 'button, input, textarea, select, summary, a[href], [tabindex]';

/**
 * The first control of a card that is safe to land on: never approve or confirm on a high-risk
 * approval, where an Enter must not be one keystroke from approving.
 */
export function firstSafeControl(card: Element): HTMLElement | undefined {
  const high = card.tagName === 'APPROVAL-DIALOG' && (card as { request?: { metadata?: { severity?: string } } }).request?.metadata?.severity === 'high';
  const controls = [...(card.shadowRoot?.querySelectorAll<HTMLElement>(CONTROLS) ?? [])];
  return controls.find((control) => {
    if (control.tabIndex < 0 || control.matches(':disabled') || control.closest('[hidden], [inert]')) return false;
    if (!control.checkVisibility()) return false;
    return !(high && control.matches('[part~="approve-button"], [part~="confirm-button"]'));
  });
}

export interface ArrivalOptions {
  /** The list of cards. */
  list(): HTMLElement | null | undefined;
  /** The list item of a card, by id (it carries the id as `data-item`). */
  itemOf(id: string): HTMLElement | null | undefined;
  /** Ids of the cards waiting for an answer, oldest first. */
  pendingIds(): string[];
}

/**
 * DESIGN §6.1 "New requests are not missed". When a card arrives while the list was scrolled to
 * its end (its nearest scrolling ancestor, else the document), it is scrolled into view, as a
 * chat log follows new messages; otherwise the host shows one "New request" button until the
 * card has been seen, and `focusPending()` brings the oldest card that arrived out of sight (else
 * the oldest pending one) into view and focuses its first safe control. Whether the view was at the end is measured on arrival, before the new
 * card renders and moves the end, once per frame: a burst of cards before one frame is followed
 * as one, to its newest card, so a fast runtime costs one forced layout a frame, not one a card.
 */
export class ArrivalController implements ReactiveController {
  private readonly follow = new Set<string>();
  /** Cards that arrived out of sight and are still pending, with their item once it is watched. */
  private readonly unseen = new Map<string, Element | undefined>();
  private observer: IntersectionObserver | undefined;
  /**
   * Whether the view was at the end, measured once per frame: reading it forces a layout, and
   * cards that arrive in a burst all arrive before the frame the user sees them in.
   */
  private wasAtEnd: boolean | undefined;
  /** The next frame's work is scheduled (scroll the newest followed card, measure anew). */
  private frame = 0;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: ArrivalOptions,
  ) {
    host.addController(this);
  }

  /** A card arrived (or will render in this update). */
  arrived(id: string): void {
    // An id seen before (a new session reusing it) starts afresh.
    const stale = this.unseen.get(id);
    if (stale) this.observer?.unobserve(stale);
    this.unseen.delete(id);
    this.wasAtEnd ??= this.atEnd();
    if (this.wasAtEnd) this.follow.add(id);
    else this.unseen.set(id, undefined);
    this.nextFrame();
    this.host.requestUpdate();
  }

  /** Whether the "New request" button shows: a pending card arrived out of sight, not yet seen. */
  get waiting(): boolean {
    const pending = new Set(this.options.pendingIds());
    return [...this.unseen.keys()].some((id) => pending.has(id));
  }

  /**
   * Brings a pending card into view and focuses its first safe control: the oldest of those that
   * arrived out of sight and were not seen yet (with one, the newest card), never one the user
   * already saw; with none out of sight, the oldest pending card. DESIGN §6.1 says "the oldest
   * pending card": that one is often the card already in view, so the user's "new request" is
   * the one they have not seen.
   */
  focusPending(): boolean {
    const pending = this.options.pendingIds();
    const target = pending.find((id) => this.unseen.has(id)) ?? pending[0];
    return target !== undefined && this.focus(target);
  }

  /**
   * Brings card `id` into view and focuses its first safe control (e.g. from a click on its
   * notification); false when it is not shown.
   */
  focus(id: string): boolean {
    const item = this.options.itemOf(id);
    if (!item) return false;
    // Seen now; other cards out of sight keep the button until they are seen too.
    const watched = this.unseen.get(id);
    if (watched) this.observer?.unobserve(watched);
    this.unseen.delete(id);
    this.host.requestUpdate();
    item.scrollIntoView({ block: 'nearest' });
    // The card is its item's last child: a bar the host shows above it (answer all) comes first.
    const card = item.lastElementChild;
    const control = card ? firstSafeControl(card) : undefined;
    (control ?? (card as HTMLElement | null))?.focus({ preventScroll: true });
    return true;
  }

  hostUpdated(): void {
    if (this.unseen.size === 0) return;
    const pending = new Set(this.options.pendingIds());
    for (const [id, watched] of this.unseen) {
      if (!pending.has(id)) {
        // Answered or gone: nothing left to miss, and no element to keep watching.
        if (watched) this.observer?.unobserve(watched);
        this.unseen.delete(id);
      } else if (!watched) {
        const item = this.options.itemOf(id);
        if (!item) continue;
        this.observer ??= new IntersectionObserver((entries) => this.onSeen(entries), { threshold: [0, 0.25, 0.5] });
        this.observer.observe(item);
        this.unseen.set(id, item);
      }
    }
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = undefined;
    // The host's session stops with it: a new one brings its own cards.
    this.unseen.clear();
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.follow.clear();
    this.wasAtEnd = undefined;
  }

  /**
   * In the next frame, before it is laid out: the newest followed card still shown is scrolled
   * into view (its content rendered by then, and the layout done once, for the frame), and the
   * end is measured again for the cards after it.
   */
  private nextFrame(): void {
    this.frame ||= requestAnimationFrame(() => {
      this.frame = 0;
      this.wasAtEnd = undefined;
      const newestFirst = [...this.follow].reverse();
      this.follow.clear();
      for (const id of newestFirst) {
        const item = this.options.itemOf(id);
        if (item) return item.scrollIntoView({ block: 'nearest' });
      }
    });
  }

  private onSeen(entries: IntersectionObserverEntry[]): void {
    let changed = false;
    for (const entry of entries) {
      // Seen: a quarter of it, or enough of a tall card to read its title.
      const seen = entry.isIntersecting && (entry.intersectionRatio >= 0.25 || entry.intersectionRect.height >= 160);
      const id = (entry.target as HTMLElement).dataset.item;
      if (!seen || id === undefined) continue;
      this.observer?.unobserve(entry.target);
      changed = this.unseen.delete(id) || changed;
    }
    if (changed) this.host.requestUpdate();
  }

  /** Whether the user was looking at the end of the list: the scroller at its end, or the list's end in view. */
  private atEnd(): boolean {
    const list = this.options.list();
    if (!list) return true;
    const scroller = scrollingAncestor(this.host);
    const view = scroller ? scroller.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
    const remaining = scroller
      ? scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight
      : document.documentElement.scrollHeight - window.scrollY - window.innerHeight;
    const bottom = list.getBoundingClientRect().bottom;
    return remaining <= SLACK_PX || (bottom >= view.top && bottom <= view.bottom + SLACK_PX);
  }
}
