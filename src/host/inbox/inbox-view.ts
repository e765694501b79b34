// What the inbox's list shows, worked out once per change of its rows or of its filters (not per
// render, nor per second of the countdown): the rows the filters keep in the session's order
// (soonest deadline first), how many of them still wait, the sessions the filter offers, and the
// calls waiting for the person oldest first (the title count and `interaction-waiting`). Both
// orders are the session's, kept as rows come and go: nothing here sorts, and with no filter
// nothing here walks the rows but to list their sessions.
import type { RequestEntry } from '../../session/entry.js';
import { isOpenable, type InboxItem } from './inbox-session.js';

/** Which kind of call a filter keeps. */
export type InboxKind = 'all' | 'approval' | 'input';

/**
 * How many rows the list shows at first, and how many more each "Show more" adds. The list
 * renders this bounded window of its first rows, so that an update costs about the same with
 * 30 calls waiting as with 1,000; the rest are one press away, in order. Real rows, not a
 * virtual scroller's recycled ones: find-in-page and a screen reader's list navigation work on
 * every row shown.
 */
export const ROWS_SHOWN = 30;

export interface InboxView {
  /** The rows the filters keep, soonest deadline first. */
  readonly matching: readonly InboxItem[];
  /** How many of those still wait for the person (the count beside the filters). */
  readonly waitingCount: number;
  /** Each session with a row, once, in the order of its first row: the session filter's options. */
  readonly sessions: ReadonlyMap<string, InboxItem>;
  /** Every call the person can still answer, whatever the filters, oldest first. */
  readonly waiting: readonly RequestEntry[];
}

const keeps = (item: InboxItem, session: string, kind: InboxKind) =>
  (!session || item.sessionId === session) && (kind === 'all' || (kind === 'approval') === (item.entry.request.kind === 'approval'));

/**
 * The list of `items` (soonest deadline first) through the filters; `open`: the rows still
 * waiting for the person, oldest first.
 */
export function inboxView(items: readonly InboxItem[], open: readonly InboxItem[], session: string, kind: InboxKind): InboxView {
  const filtered = session !== '' || kind !== 'all';
  const matching = filtered ? items.filter((item) => keeps(item, session, kind)) : items;
  const sessions = new Map<string, InboxItem>();
  for (const item of items) if (!sessions.has(item.sessionId)) sessions.set(item.sessionId, item);
  const waitingCount = filtered ? matching.filter(isOpenable).length : open.length;
  return { matching, waitingCount, sessions, waiting: open.map((item) => item.entry) };
}

/** `inboxView`, worked out again only when the rows (a new array per change) or a filter changed. */
export function memoisedView(): (items: readonly InboxItem[], open: readonly InboxItem[], session: string, kind: InboxKind) => InboxView {
  let last: { items: readonly InboxItem[]; open: readonly InboxItem[]; session: string; kind: InboxKind; view: InboxView } | undefined;
  return (items, open, session, kind) => {
    if (last?.items !== items || last.open !== open || last.session !== session || last.kind !== kind) last = { items, open, session, kind, view: inboxView(items, open, session, kind) };
    return last.view;
  };
}
