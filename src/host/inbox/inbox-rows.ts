// The inbox's rows: one line each (session title, card title, severity, time left), or once the
// call ended, one line of receipt (what was decided, where, by whom, when). Arrow keys, Home and
// End move through them (one tab stop, roving tabindex); Enter or Space opens a waiting row.
import { html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import { formatRemaining } from '../../elements/shared/countdown.js';
import { shortTime } from '../../elements/shared/receipt.js';
import { safeTextContent } from '../../elements/shared/safe-text.js';
import type { InboxStrings } from '../../i18n/inbox.js';
import type { Locale } from '../../i18n/locales.js';
import { displayTitle } from '../../i18n/strings.js';
import type { InboxItem, InboxOutcome } from './inbox-session.js';
import type { InboxAllStrings } from './inbox-strings.js';

/** The id of row `id`'s focusable element. */
export const rowId = (id: string) => `row-${id}`;

/** The session a row comes from, as the person reads it. */
export const sessionName = (item: InboxItem, strings: InboxStrings) => item.sessionTitle?.trim() || strings.untitled;

/** The receipt's line: what was decided, where, who and when (the time as the cards' receipts write it). */
export function receiptText(outcome: InboxOutcome, strings: InboxAllStrings, locale: Locale): string {
  if (outcome.kind === 'forbidden') return strings.inbox.forbidden;
  const at = Date.parse(outcome.at);
  const time = Number.isFinite(at) ? shortTime(locale).format(at) : '';
  // The chat's receipt words for where (在收件箱 / in the inbox), after what was decided.
  const where = strings.receipt.where[outcome.where];
  const decided = outcome.decision ? strings.inbox.decisions[outcome.decision] : undefined;
  return strings.inbox.receipt(decided ? `${decided} ${where}` : where, outcome.actor, time);
}

export interface RowsView {
  /** The rows shown. */
  items: readonly InboxItem[];
  /** How many rows the filters keep, shown or not (the list's description says both). */
  total: number;
  strings: InboxAllStrings;
  locale: Locale;
  now: number;
  /** The row holding the list's one tab stop. */
  current: string | undefined;
  open(id: string): void;
  /** Moves the tab stop to row `id` and focuses it. */
  move(id: string): void;
  /** Row `id` got focus (a click, Tab): it holds the tab stop. */
  focused(id: string): void;
}

/** An approval's severity; none for a question. */
const severityOf = ({ entry: { request } }: InboxItem) => (request.kind === 'approval' ? (request.metadata.severity ?? 'medium') : undefined);

/** What a waiting row says of its kind: an approval's severity, or that it asks a question. */
function badge(item: InboxItem, strings: InboxStrings): TemplateResult {
  const severity = severityOf(item);
  if (!severity) return html`<span class="kind" part="row-kind">${strings.question}</span>`;
  return html`<span class="kind severity-${severity}" part="row-severity" data-severity=${severity}>${strings.severity[severity]}</span>`;
}

function timeLeft(item: InboxItem, strings: InboxStrings, now: number): string {
  if (item.expired) return strings.timeUp;
  if (!Number.isFinite(item.due)) return strings.noLimit;
  return strings.left(formatRemaining(Math.max(0, item.due - now)));
}

/** The keys that move the tab stop; the row that gets it is focused at once. */
function onKeydown(event: KeyboardEvent, view: RowsView): void {
  const ids = view.items.map((item) => item.entry.id);
  const at = Math.max(0, ids.indexOf(view.current ?? ''));
  const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: ids.length - 1 }[event.key];
  if (next === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
  event.preventDefault();
  const id = ids[Math.min(ids.length - 1, Math.max(0, next))];
  if (id !== undefined) view.move(id);
}

/** Calls `act` with the id of the row an event happened in (on its `within` element, when given). */
function rowOf(event: Event, act: (id: string) => void, within?: string): void {
  const target = event.target as Element;
  const row = (within ? target.closest(within) : target)?.closest<HTMLElement>('[data-row]');
  if (row?.dataset.row !== undefined) act(row.dataset.row);
}

/** The list of the rows shown, described by how many it shows of how many. */
export function renderRows(view: RowsView): TemplateResult {
  const { strings, locale, now } = view;
  const words = strings.inbox;
  // Keyed, so that a row arriving or leaving moves no other row's nodes; one listener per event on
  // the list (the row read from the event), so that an update rebinds nothing per row.
  return html`<p id="rows-shown" hidden>${words.shown(view.items.length, view.total)}</p>
  <ul class="rows" part="rows" aria-label=${words.list} aria-describedby="rows-shown" @keydown=${(event: KeyboardEvent) => onKeydown(event, view)}
    @focusin=${(event: FocusEvent) => rowOf(event, view.focused)} @click=${(event: MouseEvent) => rowOf(event, view.open, 'button')}>
    ${repeat(view.items, (item) => item.entry.id, (item) => {
      const id = item.entry.id;
      const tabindex = id === view.current ? 0 : -1;
      const left = item.outcome ? '' : item.entry.phase !== 'pending' ? strings.submitting : timeLeft(item, words, now);
      // A row is a snapshot of its call: the same snapshot, tab stop, time left and language render
      // the same row, so an update that adds one row evaluates no other row's template again.
      return guard([item, tabindex, left, strings, locale], () => renderRow(item, id, tabindex, left, strings, locale));
    })}
  </ul>`;
}

/**
 * One row: a waiting call (session, title, severity, time left), or a receipt's one line. The
 * session and the title are each the `<bdi>` that isolates them and the box that cuts them short,
 * so that the cut falls at the end of their own direction: an Arabic title keeps its first words
 * (a span around a `<bdi>` would read left to right whatever it holds, and cut on the right).
 */
function renderRow(item: InboxItem, id: string, tabindex: number, left: string, strings: InboxAllStrings, locale: Locale): TemplateResult {
  const words = strings.inbox;
  const title = displayTitle(strings, item.entry.request.title);
  if (item.outcome) {
    return html`<li class="row receipt" part="row receipt-row" data-row=${id}>
      <p id=${rowId(id)} class="line" tabindex=${tabindex}>
        <bdi class="title" dir="auto">${safeTextContent(title)}</bdi>
        <span class="outcome" part="row-outcome">${receiptText(item.outcome, strings, locale)}</span>
      </p>
    </li>`;
  }
  return html`<li class="row" part="row" data-row=${id}>
    <button id=${rowId(id)} class="line" type="button" tabindex=${tabindex} data-expired=${item.expired ? 'true' : nothing} data-severity=${severityOf(item) ?? nothing}>
      <bdi class="session" part="row-session" dir="auto">${safeTextContent(sessionName(item, words))}</bdi>
      <bdi class="title" part="row-title" dir="auto">${safeTextContent(title)}</bdi>
      ${badge(item, words)}
      <span class="left" part="row-time">${left}</span>
    </button>
  </li>`;
}
