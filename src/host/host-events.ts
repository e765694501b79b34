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

declare global {
  interface HTMLElementEventMap {
    'interaction-request': CustomEvent<InteractionRequestDetail>;
    'tool-result': CustomEvent<ResultMessage>;
    'connection-change': CustomEvent<ConnectionChangeDetail>;
  }
}
