// The host's own events, one class each: `instanceof` tells them apart, `detail` is typed, and
// every one bubbles out of the host's shadow root (`HTMLElementEventMap` types the listeners).
import type { ResultMessage } from '../protocol/kit-messages.js';
import type { SessionEntry } from '../session/session.js';
import type { ConnectionStatus, TransportState } from '../transport/transport.js';

/** What every host event is: its own class, with a typed `detail`, bubbling out of shadow roots. */
export class HostEvent<T> extends CustomEvent<T> {
  constructor(type: string, detail: T) {
    super(type, { detail, bubbles: true, composed: true });
  }
}

/** `detail` of `interaction-request`: a card appeared. */
export interface InteractionRequestDetail {
  id: string;
  entry: SessionEntry;
}

/** A card appeared; `detail` is `{id, entry}`. */
export class InteractionRequestEvent extends HostEvent<InteractionRequestDetail> {
  constructor(entry: SessionEntry) {
    super('interaction-request', { id: entry.id, entry });
  }
}

/** A result was sent to the runtime; `detail` is the message sent. */
export class ToolResultEvent extends HostEvent<ResultMessage> {
  constructor(message: ResultMessage) {
    super('tool-result', message);
  }
}

/** `detail` of `connection-change`: the connection as one `status`. */
export class ConnectionChangeDetail {
  constructor(
    /**
     * What the page shows: the transport's state, `unreachable` while it retries after five
     * failed opens, or `superseded` once a newer connection took the session.
     */
    readonly status: ConnectionStatus,
    /** @deprecated The transport's own state; read `status`. Goes in the next release. */
    readonly state: TransportState,
  ) {}

  /** @deprecated `status === 'superseded'`; read `status`. Goes in the next release. */
  get superseded(): boolean {
    return this.status === 'superseded';
  }

  /**
   * @deprecated `status === 'unreachable'` (five opens failed in a row: "cannot connect" while the
   * transport keeps retrying); read `status`. Goes in the next release.
   */
  get unreachable(): boolean {
    return this.status === 'unreachable';
  }
}

/** The connection changed; `detail.status` is the `ConnectionStatus` the host shows. */
export class ConnectionChangeEvent extends HostEvent<ConnectionChangeDetail> {
  constructor(status: ConnectionStatus, state: TransportState) {
    super('connection-change', new ConnectionChangeDetail(status, state));
  }
}

/**
 * `detail` of `interaction-waiting`, fired whenever the number of cards waiting for the user
 * changes (or the one waiting longest does): for a page's own badge, title or sound.
 */
export interface InteractionWaitingDetail {
  /** The cards waiting for an answer (approvals and questions; not files, not receipts). */
  count: number;
  /** The id of the one waiting longest (the first of them to arrive); null when none waits. */
  oldest: string | null;
}

/** The cards waiting for the user changed in number, or in which waits longest. */
export class InteractionWaitingEvent extends HostEvent<InteractionWaitingDetail> {
  constructor(ids: readonly string[]) {
    super('interaction-waiting', { count: ids.length, oldest: ids[0] ?? null });
  }
}

declare global {
  interface HTMLElementEventMap {
    'interaction-request': InteractionRequestEvent;
    'tool-result': ToolResultEvent;
    'connection-change': ConnectionChangeEvent;
    'interaction-waiting': InteractionWaitingEvent;
  }
}
