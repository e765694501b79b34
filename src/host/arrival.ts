import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { RegisteredCard } from '../elements/shared/card-registry.js';

export interface ArrivalOptions {
  /**
   * An empty element over the last 32 px of the list (a pixel rounding, a
   * half-scrolled line): while it is in view, the view is at the list's end.
   */
  end(): Element | null | undefined;
  /** The list item of a card, by the card's id. */
  itemOf(id: string): HTMLElement | null | undefined;
  /** The card itself, by its id (from the host's registry of its cards). */
  cardOf(id: string): RegisteredCard | undefined;
  /** Ids of the cards waiting for an answer, oldest first. */
  pendingIds(): string[];
}

/**
 * New requests are not missed. When a card arrives while the list was scrolled to
 * its end (in its nearest scrolling ancestor, else the document), it is scrolled into view, as a
 * chat log follows new messages; otherwise the host shows one "New request" button until the
 * card has been seen, and `focusPending()` brings the oldest card that arrived out of sight (else
 * the oldest pending one) into view and focuses its first safe control. Whether the view was at
 * the end is what an IntersectionObserver said of the list's end at the last frame: nothing is
 * measured on arrival, so a card forces no layout, and a burst of cards before one frame is
 * followed as one, to its newest card.
 */
export class ArrivalController implements ReactiveController {
  /** The newest card that arrived at the end, to scroll into view at the next frame. */
  private follow: string | undefined;
  /** Cards that arrived out of sight and are still pending, their items watched once shown. */
  private readonly unseen = new Set<string>();
  /** The card each watched list item shows, by its id. */
  private readonly watched = new WeakMap<Element, string>();
  private observer: IntersectionObserver | undefined;
  /** Whether the list's end was in view at the last frame. */
  private atEnd = true;
  /** The next frame's work is scheduled. */
  private frame = 0;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: ArrivalOptions,
  ) {
    host.addController(this);
  }

  /** A card arrived (or will render in this update). */
  arrived(id: string): void {
    // What the observer saw at the last frame, if its report has not come yet.
    this.onSeen(this.observer?.takeRecords() ?? []);
    // An id seen before (a new session reusing it) starts afresh.
    this.forget(id);
    if (this.atEnd) this.follow = id;
    else this.unseen.add(id);
    this.nextFrame();
    this.host.requestUpdate();
  }

  /** Whether the "New request" button shows: a pending card arrived out of sight, not yet seen. */
  get waiting(): boolean {
    return this.options.pendingIds().some((id) => this.unseen.has(id));
  }

  /**
   * Brings a pending card into view and focuses its first safe control: the oldest of those that
   * arrived out of sight and were not seen yet (with one, the newest card), never one the user
   * already saw; with none out of sight, the oldest pending card. The rule is "the oldest
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
    this.forget(id);
    this.host.requestUpdate();
    item.scrollIntoView({ block: 'nearest' });
    const card = this.options.cardOf(id);
    if (!card?.focusFirstControl()) (card ?? item).focus({ preventScroll: true });
    return true;
  }

  hostUpdated(): void {
    // Watching it again does nothing.
    const end = this.options.end();
    if (end) this.watch().observe(end);
    if (this.unseen.size === 0) return;
    const pending = this.options.pendingIds();
    for (const id of this.unseen) {
      const item = this.options.itemOf(id);
      // Answered or gone: nothing left to miss, and no element to keep watching.
      if (!pending.includes(id)) this.forget(id);
      else if (item) {
        this.watched.set(item, id);
        this.watch().observe(item);
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
    this.follow = undefined;
    this.atEnd = true;
  }

  /** Stops watching a card that arrived out of sight. */
  private forget(id: string): boolean {
    const item = this.options.itemOf(id);
    if (item) this.observer?.unobserve(item);
    return this.unseen.delete(id);
  }

  private watch(): IntersectionObserver {
    return (this.observer ??= new IntersectionObserver((entries) => this.onSeen(entries), { threshold: [0, 0.25, 0.5] }));
  }

  /**
   * In the next frame, before it is laid out: the newest card that arrived at the end is scrolled
   * into view (its content rendered by then, and the layout done once, for the frame).
   */
  private nextFrame(): void {
    this.frame ||= requestAnimationFrame(() => {
      this.frame = 0;
      if (this.follow !== undefined) this.options.itemOf(this.follow)?.scrollIntoView({ block: 'nearest' });
      this.follow = undefined;
    });
  }

  private onSeen(entries: IntersectionObserverEntry[]): void {
    let changed = false;
    for (const entry of entries) {
      const id = this.watched.get(entry.target);
      // The list's end (the one target that is no card's).
      if (id === undefined) {
        this.atEnd = entry.isIntersecting;
        continue;
      }
      // Seen: a quarter of it, or enough of a tall card to read its title.
      const seen = entry.isIntersecting && (entry.intersectionRatio >= 0.25 || entry.intersectionRect.height >= 160);
      if (seen) changed = this.forget(id) || changed;
    }
    if (changed) this.host.requestUpdate();
  }
}
