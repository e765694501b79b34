// The session's events, the settings it follows while running and the options it starts with.
import type { Clock } from '../protocol/clock.js';
import type { InteractionContext } from '../protocol/context.js';
import type { ErrorMessage, ResultMessage } from '../protocol/kit-messages.js';
import type { SessionGrant } from '../protocol/runtime-messages.js';
import type { QuestionChoice } from '../rules/answers.js';
import type { DeliverFunction } from '../rules/artifacts/deliver.js';
import type { ResultLanguage } from '../rules/content.js';
import type { Transport, TransportState, TransportStateDetail } from '../transport/transport.js';
import type { EntryChange } from './entry-store.js';
import type { EnvelopeAdapter, SessionProtocol } from './envelope.js';
import type { KeyValueStorage } from './storage.js';

export type SessionEvent =
  | EntryChange
  | { type: 'result'; message: ResultMessage }
  | { type: 'connection'; state: TransportState; detail: TransportStateDetail }
  | { type: 'hello'; sessionId: string; context: InteractionContext }
  | { type: 'error'; error: ErrorMessage }
  | { type: 'grants'; grants: SessionGrant[] }; // the runtime's list, after every `ready` and on change

/** What a running session follows without a restart (`configure`). */
export interface SessionSettings {
  /** Delivers `publish_artifacts` items; without it every item is skipped. */
  deliver?: DeliverFunction;
  /** Finished entries kept (default 50), so memory stays flat however long the session runs. */
  receiptLimit?: number;
  /** The language of each result's `content`, the sentence for the model: `zh` (default) or `en`. */
  resultLanguage?: ResultLanguage;
  /**
   * What the user has picked or typed so far in request `id`'s card, read at its deadline: a
   * questionnaire's timeout keeps those answers. The host reads it from the card.
   */
  draftOf?: (id: string) => Readonly<Record<string, QuestionChoice>> | undefined;
}

export interface SessionOptions extends SessionSettings {
  transport: Transport;
  /** Where results wait for their ack (default: `sessionStorage`). */
  storage?: KeyValueStorage;
  clock?: Clock;
  /** Other protocols' envelopes accepted on the same transport (e.g. `mcpElicitation()`). */
  adapters?: EnvelopeAdapter[];
  /** `jsonrpc`: pure JSON-RPC 2.0 for the adapters, no v1 frames (default `v1`). */
  protocol?: SessionProtocol;
}
