// The host's own events: their details, typed for listeners (`HTMLElementEventMap`).
import type { ResultMessage } from '../protocol/kit-messages.js';
import type { SessionEntry } from '../session/session.js';
import type { TransportState } from '../transport/transport.js';

/** `detail` of `interaction-request`: a card appeared. */
export interface InteractionRequestDetail {
  id: string;
  entry: SessionEntry;
}

/** `detail` of `connection-change`. */
export interface ConnectionChangeDetail {
  state: TransportState;
  superseded: boolean;
  /** Five opens failed in a row: shown as "cannot connect" while the transport keeps retrying. */
  unreachable: boolean;
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

declare global {
  interface HTMLElementEventMap {
    'interaction-request': CustomEvent<InteractionRequestDetail>;
    'tool-result': CustomEvent<ResultMessage>;
    'connection-change': CustomEvent<ConnectionChangeDetail>;
    'interaction-waiting': CustomEvent<InteractionWaitingDetail>;
  }
}
