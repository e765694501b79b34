// MCP 2026-07-28's multi round-trip requests, as the kit's own connection makes them: a call the
// page sends (`tools/call`, `prompts/get`, `resources/read`) may come back `input_required`, its
// `inputRequests` shown as cards; once every card of the round is answered, the call is sent
// again with their `inputResponses` and the server's opaque `requestState`, round after round,
// until a complete result (or an error) ends it. Pure bookkeeping: the adapter opens the cards.
import { isRecord } from '../protocol/constants.js';

/** One card's answer, as `elicitation/create` results are (accept with content, decline, cancel). */
export interface ElicitAnswer {
  action: 'accept' | 'decline' | 'cancel';
  content?: unknown;
}

/** A call the page made through the adapter, and what the current round waits for. */
export interface OutgoingCall {
  method: string;
  params: Record<string, unknown>;
  resolve(result: Record<string, unknown>): void;
  reject(error: Error): void;
  /** This round's cards: card id → the input request's key. */
  keys: Map<string, string>;
  responses: Record<string, ElicitAnswer>;
  requestState?: unknown;
  /** Link cards the person consented to (card id → URL): they wait for the call to complete. */
  links: Map<string, string>;
}

/** A JSON-RPC error the peer answered a call with, its code and data kept. */
export class McpCallError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** What a response to one of the page's calls asks of the adapter. */
export type CallOutcome =
  /** Show these input requests (key → `elicitation/create` params) as the round's cards. */
  | { type: 'round'; call: OutgoingCall; requests: [key: string, params: unknown][] }
  /** The call ended (complete result or error): these accepted link cards are done. */
  | { type: 'ended'; links: string[] }
  /** Not a response to any of the page's calls. */
  | { type: 'unknown' };

export class InputRequiredCalls {
  private readonly calls = new Map<string, OutgoingCall>(); // in-flight JSON-RPC id → call
  private readonly byCard = new Map<string, OutgoingCall>();
  private sequence = 0;

  constructor(
    /** The per-request `_meta` the revision asks of every call (client capabilities). */
    private readonly meta: () => Record<string, unknown> | undefined,
  ) {}

  /** The message that starts `method`, and the promise of its complete result. */
  start(method: string, params: Record<string, unknown>): { message: object; result: Promise<Record<string, unknown>> } {
    let call!: OutgoingCall;
    const result = new Promise<Record<string, unknown>>((resolve, reject) => {
      call = { method, params, resolve, reject, keys: new Map(), responses: {}, links: new Map() };
    });
    return { message: this.send(call, params), result };
  }

  private send(call: OutgoingCall, params: Record<string, unknown>): object {
    const id = `aik-${++this.sequence}`;
    this.calls.set(id, call);
    const meta = this.meta();
    const withMeta = meta ? { ...params, _meta: { ...(isRecord(params._meta) ? params._meta : {}), ...meta } } : params;
    return { jsonrpc: '2.0', id, method: call.method, params: withMeta };
  }

  /** A response from the peer: a round to show, the end of a call, or nothing of the page's. */
  response(id: unknown, message: Record<string, unknown>): CallOutcome {
    const call = typeof id === 'string' ? this.calls.get(id) : undefined;
    if (!call) return { type: 'unknown' };
    this.calls.delete(id as string);
    const { result, error } = message;
    if (isRecord(result) && result.resultType === 'input_required' && isRecord(result.inputRequests)) {
      call.requestState = result.requestState;
      call.responses = {};
      return { type: 'round', call, requests: Object.entries(result.inputRequests).map(([key, request]) => [key, request]) };
    }
    if (isRecord(error)) call.reject(new McpCallError(String(error.message), Number(error.code), error.data));
    else call.resolve(isRecord(result) ? result : {});
    return { type: 'ended', links: this.end(call) };
  }

  /** The round's card `cardId` shows the input request `key` of `call`. */
  shows(call: OutgoingCall, cardId: string, key: string): void {
    call.keys.set(cardId, key);
    this.byCard.set(cardId, call);
  }

  /**
   * A round's card answered: the retry once the round is complete (else undefined). A consented
   * link keeps waiting for the call to complete.
   */
  answer(cardId: string, result: ElicitAnswer, url: string | undefined): object | undefined {
    const call = this.byCard.get(cardId);
    const key = call?.keys.get(cardId);
    if (!call || key === undefined) return undefined;
    this.byCard.delete(cardId);
    call.keys.delete(cardId);
    call.responses[key] = result;
    if (url !== undefined && result.action === 'accept') call.links.set(cardId, url);
    if (call.keys.size > 0) return undefined;
    const { inputResponses: _previous, requestState: _state, ...params } = call.params;
    return this.send(call, { ...params, inputResponses: call.responses, ...(call.requestState !== undefined ? { requestState: call.requestState } : {}) });
  }

  /** The round cannot be shown (an input request the kit cannot fulfil): the call fails. */
  fail(call: OutgoingCall, error: McpCallError): string[] {
    call.reject(error);
    return this.end(call);
  }

  /**
   * The person cancelled the call a consented link of `url` waits for: the ids of its request in
   * flight (for `notifications/cancelled`) and its link cards, or undefined when no call has it.
   */
  cancel(url: string): { inFlight: string[]; links: string[] } | undefined {
    const call = [...new Set(this.calls.values())].find((candidate) => [...candidate.links.values()].includes(url));
    if (!call) return undefined;
    const inFlight = [...this.calls].filter(([, owner]) => owner === call).map(([id]) => id);
    call.reject(new DOMException('The person cancelled the call.', 'AbortError'));
    return { inFlight, links: this.end(call) };
  }

  /** Whether `cardId` belongs to a round of the page's calls. */
  owns(cardId: string): boolean {
    return this.byCard.has(cardId);
  }

  private end(call: OutgoingCall): string[] {
    for (const [cardId, owner] of this.byCard) if (owner === call) this.byCard.delete(cardId);
    for (const [id, owner] of this.calls) if (owner === call) this.calls.delete(id);
    const links = [...call.links.keys()];
    call.links.clear();
    return links;
  }
}
