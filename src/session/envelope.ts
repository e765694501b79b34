import type { InteractionRequest } from '../protocol/request.js';
import type { InteractionResponse } from '../protocol/response.js';

/** What an adapter asks the session to do with one message of its protocol. */
export type EnvelopeAction =
  /** Show a card; `id` is unique for the session's life. */
  | { type: 'open'; id: string; request: InteractionRequest; requester?: string }
  /** The peer withdrew the request: the card becomes a cancelled receipt, nothing is sent. */
  | { type: 'withdraw'; id: string }
  /** The peer reports the out-of-band step of an accepted link request done. */
  | { type: 'complete'; id: string }
  /** A request that cannot be shown (e.g. a schema outside the subset): a receipt naming `field`. */
  | { type: 'refused'; id: string; field: string; requester?: string }
  /** Send this message as it is (e.g. an error reply). */
  | { type: 'send'; message: object };

/**
 * Another protocol's envelope on the same transport (DESIGN §3: JSON-RPC 2.0 for MCP
 * elicitation). The session asks each adapter, before its own parser, whether a message is its
 * own; the adapter turns it into actions, and turns the card's response into its reply. Replies
 * are not kept in the outbox: these protocols have no ack, so a reply lives until it is sent.
 */
export interface EnvelopeAdapter {
  claims(message: Record<string, unknown>): boolean;
  receive(message: Record<string, unknown>): EnvelopeAction[];
  /** The reply for a settled card (answer, decline, dismissal or timeout). */
  reply(id: string, request: InteractionRequest, response: InteractionResponse): object;
}

/**
 * What the session speaks on its transport: `v1`, the kit's protocol with the adapters' envelopes
 * beside it (the default), or `jsonrpc`, pure JSON-RPC 2.0 for a peer that speaks nothing else
 * (an MCP host): no `connect` frame, no v1 message in either direction.
 */
export type SessionProtocol = 'v1' | 'jsonrpc';

