import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { revealMarks } from '../elements/shared/safe-text.js';
import type { Locale } from '../i18n/locales.js';
import { displayTitle, stringsFor } from '../i18n/strings.js';
import type { RequestEntry } from '../session/entry.js';
import { InteractionWaitingEvent } from './host-events.js';

/** When the host shows a notification per arriving request: never, while the page is hidden, or always. */
export type NotifyMode = 'off' | 'hidden' | 'always';

/** A notification's body keeps the start of the message: the system cuts it shorter anyway. */
const BODY_LENGTH = 200;

/** What a user does in the host that may ask for the permission. */
const GESTURES = ['click', 'keydown'] as const;

export interface AttentionOptions {
  /** The requests waiting for the user (pending cards), oldest first. */
  waiting(): readonly RequestEntry[];
  /** The host's `notify`; anything but `hidden` or `always` is off. */
  notify(): string | undefined;
  /** The host's language, for the notifications' words. */
  locale(): Locale;
  /** Brings card `id` into view and focuses its first safe control. */
  focus(id: string): void;
}

/** Every host's waiting count: the tab title carries their sum, once. */
const counts = new Map<object, number>();
/** The page's own title, and the title as the count last wrote it. */
let own = '';
let written = '';
/** A title write is due (after the task that changed a count). */
let due = false;

/**
 * Writes `(N) ` before the page's title while N requests wait, and the page's title alone when
 * none does. A title the page wrote meanwhile is its own: the count goes before it, and it is
 * kept, not overwritten with the one from before. The write waits for the end of the task, and
 * happens only if the title changes: a write costs about 0.6 ms in Chromium, and a burst of
 * requests, or one answered at once, would write it on every change.
 */
function showCount(owner: object, count: number): void {
  if (count > 0) counts.set(owner, count);
  else counts.delete(owner);
  if (due) return;
  due = true;
  setTimeout(() => {
    due = false;
    let total = 0;
    for (const n of counts.values()) total += n;
    if (document.title !== written) own = document.title;
    written = total > 0 ? `(${total}) ${own}` : own;
    if (document.title !== written) document.title = written;
  });
}

/**
 * What draws the user back to a request: the tab title's `(N) ` prefix, the
 * `interaction-waiting` event whenever the count (or the oldest) of waiting cards changes, and
 * with `notify` a system notification per arriving request (tag: its id, so a request sent again
 * replaces its own). The permission is asked once, in a user's gesture (a click or key press in
 * the host, or the page's own switch that turns `notify` on), never on load; without the API,
 * or without the permission, nothing is shown. A click on a notification focuses the window and
 * that card; a notification closes once its card no longer waits.
 */
export class AttentionController implements ReactiveController {
  /** What waited at the last update, oldest first. */
  private known: readonly RequestEntry[] = [];
  /** The notifications shown, by request id, until their cards no longer wait. */
  private readonly shown = new Map<string, Notification>();
  private mode: string | undefined;
  /** Asked once: a prompt the user dismissed is not raised again on every click. */
  private asked = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: AttentionOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    for (const type of GESTURES) this.host.addEventListener(type, this.onGesture);
  }

  hostDisconnected(): void {
    for (const type of GESTURES) this.host.removeEventListener(type, this.onGesture);
    showCount(this, 0);
  }

  hostUpdated(): void {
    const waiting = this.options.waiting();
    const known = this.known;
    const mode = this.options.notify();
    this.known = waiting;
    // Which requests arrived and which left matters only to notifications (`show` reads the mode
    // itself): with none shown and notifications off, an update costs the same with a thousand
    // waiting as with one (turned on, the next update compares with this one's list).
    if (this.shown.size > 0 || mode !== 'off') {
      const ids = new Set(known.map((entry) => entry.id));
      for (const entry of waiting) if (!ids.delete(entry.id)) this.show(entry);
      // What is left in `ids` waits no more: its notification closes.
      for (const id of ids) {
        this.shown.get(id)?.close();
        this.shown.delete(id);
      }
    }
    if (waiting.length !== known.length || waiting[0]?.id !== known[0]?.id) {
      showCount(this, waiting.length);
      this.host.dispatchEvent(new InteractionWaitingEvent(waiting.map((entry) => entry.id)));
    }
    if (mode !== this.mode) {
      this.mode = mode;
      this.ask(false);
    }
  }

  private readonly onGesture = () => this.ask(true);

  /**
   * Asks for the permission while a user's gesture is active (browsers refuse, or hide, a prompt
   * without one): in the host's own click or key press, or when `notify` was switched on in one.
   */
  private ask(gesture: boolean): void {
    const api = globalThis.Notification;
    const mode = this.options.notify();
    if (this.asked || (mode !== 'always' && mode !== 'hidden') || api?.permission !== 'default') return;
    if (!(navigator.userActivation?.isActive ?? gesture)) return;
    this.asked = true;
    api.requestPermission().catch(() => undefined);
  }

  private show(entry: RequestEntry): void {
    const mode = this.options.notify();
    // The mode first: with notifications off, every arriving card would read the permission.
    if (mode !== 'always' && (mode !== 'hidden' || document.visibilityState !== 'hidden')) return;
    const api = globalThis.Notification;
    if (api?.permission !== 'granted') return;
    const locale = this.options.locale();
    const { title, message } = entry.request;
    try {
      const notification = new api(revealMarks(displayTitle(stringsFor(locale), title)), { body: revealMarks(message.slice(0, BODY_LENGTH)), tag: entry.id, lang: locale });
      notification.addEventListener('click', () => {
        window.focus();
        notification.close();
        this.options.focus(entry.id);
      });
      this.shown.set(entry.id, notification);
    } catch {
      // A page may not construct one everywhere (Chrome on Android wants a service worker): quiet.
    }
  }
}
