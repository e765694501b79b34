// Where the calls answer links open are found and answered (docs/protocol.md#13-answer-links):
// this process's sessions (`LocalLinks`), or on a fleet the calls Redis holds (`FleetLinks`).
import { PROTOCOL_VERSION } from '../../protocol/constants.js';
import type { WireContext } from '../../protocol/context.js';
import type { AgentConnection } from '../call.js';
import { settledFields, type KitResult, type Settled } from '../places.js';
import type { AnswerTokenClaims } from './answer-token.js';

/** One link socket: its connection, the call it opens, who opens it, and whether its kit is ready. */
export interface LinkClient {
  readonly connection: AgentConnection;
  readonly claims: AnswerTokenClaims;
  readonly actor: string | null;
  ready: boolean;
}

/** What the gate knows of the call a token names: its arguments, `other` (another session's call), or nothing (not held). */
export type SignedCall = Record<string, unknown> | 'other' | undefined;

/** Where the calls links open are found and answered. */
export interface LinkSource {
  /** The call a token names, for the signature's arguments. */
  signedCall(claims: AnswerTokenClaims): Promise<SignedCall>;
  /** The context the session's `hello` carries. */
  contextOf(sessionId: string): WireContext | undefined;
  opened(client: LinkClient): void;
  closed(client: LinkClient): void;
  /** After `ready`: the call's card, and `settled` right after it when it has settled. */
  show(client: LinkClient): void;
  /** A valid result for the link's own call. */
  take(client: LinkClient, given: KitResult): void;
}

/** The card a link shows: the call as the chat page gets it, without a grant to offer (a link answers one call). */
export function linkFrame(frame: Record<string, unknown>): Record<string, unknown> {
  const { grant: _grant, v: _v, ...rest } = frame;
  return rest;
}

/** `settled` for a link's socket. */
export function settledMessage(sessionId: string, id: string, settled: Settled): Record<string, unknown> {
  return { v: PROTOCOL_VERSION, type: 'settled', ...settledFields(sessionId, id, settled) };
}
