import { isRecord } from '../protocol/constants.js';
import type { InteractionRequest } from '../protocol/request.js';
import type { InteractionResponse } from '../protocol/response.js';
import { inspectLink } from '../rules/link.js';
import { adaptersExtension } from '../extensions/adapters-extension.js';
import { LinkCancelEvent } from '../extensions/link-consent.js';
import type { AdapterExtension, EnvelopeAction, EnvelopeAdapter } from '../session/envelope.js';
import { formContent, schemaToQuestions, type FormValue } from './json-schema-form.js';
import { consentRequest, formRequest } from './requests.js';
import { InputRequiredCalls, McpCallError, type OutgoingCall } from './mcp-input-required.js';

/** JSON-RPC ids: numbers or strings (MCP never uses null for a request). */
export type JsonRpcId = number | string;

/** The result of `elicitation/create` (MCP 2025-11-25 and 2026-07-28 alike). */
export type ElicitResult =
  | { action: 'accept'; content?: Record<string, FormValue> }
  | { action: 'decline' }
  | { action: 'cancel' };

/** The MCP revisions whose elicitation the adapter speaks. */
export type McpRevision = '2025-11-25' | '2026-07-28';

export interface McpElicitationOptions {
  /** The server's name, shown on each card as who asks (else the session's `requester`). */
  server?: string;
  /** The modes this client declared in its `elicitation` capability (default: both). */
  modes?: readonly ('form' | 'url')[];
  /**
   * How long a card waits before it answers `cancel` by itself (a countdown shows). Default 0:
   * no limit, the card waits for the user or for the server's `notifications/cancelled`.
   */
  timeoutSeconds?: number;
  /**
   * The revision the peer speaks, when known. URL mode in 2025-11-25 names its request with an
   * `elicitationId` (required then) that `notifications/elicitation/complete` refers to; in
   * 2026-07-28 both are gone and `accept` is the user's consent alone. Default: either.
   */
  revision?: McpRevision;
}

/** The MCP adapter: an envelope adapter that also makes the page's own calls to the peer. */
export interface McpElicitationAdapter extends EnvelopeAdapter {
  /**
   * Sends `method` (`tools/call`, `prompts/get`, `resources/read`) to the peer and resolves with
   * its complete result. An `input_required` result (2026-07-28) is shown as cards, and the call
   * is sent again with their `inputResponses` and the server's `requestState`, round after round.
   * A JSON-RPC error rejects it with an `McpCallError`.
   */
  request(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
}

export { McpCallError };

/** JSON-RPC 2.0 error codes the adapter answers with. */
export const JSON_RPC_ERRORS = { invalidRequest: -32600, methodNotFound: -32601, invalidParams: -32602 } as const;

const isId = (value: unknown): value is JsonRpcId => typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
/** Number 1 and string "1" are different JSON-RPC ids. */
const keyOf = (id: JsonRpcId) => `${typeof id}:${id}`;

function errorReply(id: JsonRpcId | null, code: number, message: string, field?: string): object {
  return { jsonrpc: '2.0', id, error: { code, message, ...(field ? { data: { field } } : {}) } };
}

function invalidParams(id: JsonRpcId, field: string, problem: string): EnvelopeAction {
  return { type: 'send', message: errorReply(id, JSON_RPC_ERRORS.invalidParams, `Invalid params: ${field} ${problem}.`, field) };
}

/** The MCP result for a card's response: accept (with typed content for a form), decline or cancel. */
export function elicitResult(request: InteractionRequest, response: InteractionResponse): ElicitResult {
  if (response.status !== 'completed') return { action: 'cancel' };
  if (!response.approved) return { action: 'decline' };
  return request.kind === 'approval' ? { action: 'accept' } : { action: 'accept', content: formContent(request.questions, response) };
}

/**
 * MCP elicitation (revisions 2025-11-25 and 2026-07-28) on the kit's transports: JSON-RPC 2.0
 * `elicitation/create` requests become cards (form mode as a `<questionnaire-form>` of typed
 * fields, URL mode as an `<approval-dialog>` asking consent to open the link), and each card's
 * outcome goes back as the JSON-RPC result: `accept` with content, `decline` (the user will not
 * answer; the call goes on) or `cancel` (the user drops the call). `notifications/cancelled`
 * withdraws a card without a reply; in 2025-11-25, `notifications/elicitation/complete` marks an
 * opened link done (2026-07-28 has no such report: the card stays waiting, with Open again). A schema outside the allowed subset, or a mode not declared, is
 * answered with error -32602 naming the field. Pass the result to `<interaction-host>`'s
 * `adapters` (or the session's).
 */
export function mcpElicitation(options: McpElicitationOptions = {}): McpElicitationAdapter {
  const modes = new Set(options.modes ?? ['form', 'url']);
  const given = options.timeoutSeconds ?? 0;
  const timeout = Number.isFinite(given) && given > 0 ? given : 0;
  const pending = new Map<string, string>(); // JSON-RPC id key → card id
  const rpcIdOf = new Map<string, JsonRpcId>(); // card id → JSON-RPC id
  const byElicitation = new Map<string, string>(); // elicitationId → card id, until complete
  let sequence = 0;
  let sendToPeer: ((message: object) => void) | undefined;
  let actOnSession: ((action: EnvelopeAction) => void) | undefined;
  /** Cancel on a round's link while its call runs: the call is cancelled, and its links say so. */
  const onLinkCancel = (event: Event) => {
    const cancelled = calls.cancel((event as LinkCancelEvent).url);
    if (!cancelled) return;
    event.preventDefault();
    for (const requestId of cancelled.inFlight) sendToPeer?.({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'The person cancelled the call.' } });
    for (const id of cancelled.links) actOnSession?.({ type: 'complete', id, outcome: 'cancelled' });
  };
  const listening = new WeakSet<HTMLElement>();
  const extension: AdapterExtension = {
    bridge: adaptersExtension.bridge,
    provide(root) {
      adaptersExtension.provide(root);
      if (listening.has(root)) return;
      listening.add(root);
      root.addEventListener(LinkCancelEvent.type, onLinkCancel);
    },
  };
  // In 2026-07-28 every request carries the client's capabilities in its `_meta`.
  const capabilities = { elicitation: Object.fromEntries([...modes].map((mode) => [mode, {}])) };
  const calls = new InputRequiredCalls(() =>
    options.revision === '2026-07-28' ? { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': capabilities } : undefined,
  );

  /** The -32602 reply, and a receipt in the chat that says the request could not be shown. */
  function refuse(id: JsonRpcId, field: string, problem: string): EnvelopeAction[] {
    return [
      invalidParams(id, field, problem),
      { type: 'refused', id: `mcp-${++sequence}`, field, ...(options.server ? { requester: options.server } : {}) },
    ];
  }

  /** The card for one elicitation's params, or what is wrong with them. */
  function cardFor(params: unknown, follows = false): { request: InteractionRequest; cardId: string; named?: string } | { field: string; problem: string } {
    if (!isRecord(params)) return { field: 'params', problem: 'must be an object' };
    const mode = params.mode ?? 'form';
    if (mode !== 'form' && mode !== 'url') return { field: 'mode', problem: 'must be "form" or "url"' };
    if (!modes.has(mode)) return { field: 'mode', problem: `"${mode}" is not supported by this client` };
    if (typeof params.message !== 'string') return { field: 'message', problem: 'must be a string' };
    const cardId = `mcp-${++sequence}`;
    if (mode === 'form') {
      const schema = schemaToQuestions(params.requestedSchema, 'requestedSchema');
      if (!schema.ok) return { field: schema.path, problem: schema.message };
      // Submit, Decline and Cancel: the three actions of the specification.
      return { cardId, request: formRequest({ id: cardId, message: params.message, timeoutSeconds: timeout, metadata: { decline: true, dismiss: true } }, schema.questions) };
    }
    if (typeof params.url !== 'string' || !inspectLink(params.url)) return { field: 'url', problem: 'must be an http(s) URL' };
    const named = params.elicitationId;
    if (options.revision === '2025-11-25' || named !== undefined) {
      if (typeof named !== 'string' || !named) return { field: 'elicitationId', problem: 'must be a non-empty string' };
    }
    // A link that waits for a call the kit can cancel: a round's, or one the kit's handler marks
    // (`aik/follows`, on its in-page connection alone) as asked during a call it runs.
    const metadata = { url: params.url, decline: true, dismiss: true, ...(follows || params['aik/follows'] === true ? { follows: true } : {}) };
    const request = consentRequest({ id: cardId, message: params.message, timeoutSeconds: timeout, metadata });
    return { cardId, request, ...(typeof named === 'string' ? { named } : {}) };
  }

  const open = (cardId: string, request: InteractionRequest): EnvelopeAction => ({ type: 'open', id: cardId, request, ...(options.server ? { requester: options.server } : {}) });

  function create(id: JsonRpcId, params: unknown): EnvelopeAction[] {
    if (pending.has(keyOf(id))) return []; // the same request again while it is open: one card
    const card = cardFor(params);
    if ('field' in card) return refuse(id, card.field, card.problem);
    if (card.named) byElicitation.set(card.named, card.cardId);
    pending.set(keyOf(id), card.cardId);
    rpcIdOf.set(card.cardId, id);
    return [open(card.cardId, card.request)];
  }

  /** A response to one of the page's calls: a round of cards, or the end of the call. */
  function response(message: Record<string, unknown>): EnvelopeAction[] {
    const outcome = calls.response(message.id, message);
    if (outcome.type === 'unknown') return []; // a response to nothing the kit sent
    if (outcome.type === 'ended') return outcome.links.map((id) => ({ type: 'complete', id }));
    return round(outcome.call, outcome.requests);
  }

  /** Every input request of a round as a card; one the kit cannot show fails the call. */
  function round(call: OutgoingCall, requests: [string, unknown][]): EnvelopeAction[] {
    const cards: { key: string; cardId: string; request: InteractionRequest }[] = [];
    for (const [key, input] of requests) {
      const method = isRecord(input) ? input.method : undefined;
      const card = method === 'elicitation/create' ? cardFor((input as Record<string, unknown>).params, true) : { field: `inputRequests.${key}.method`, problem: `${String(method)} is not supported by this client` };
      if ('field' in card) {
        const field = card.field.startsWith('inputRequests') ? card.field : `inputRequests.${key}.params.${card.field}`;
        const ended = calls.fail(call, new McpCallError(`Invalid params: ${field} ${card.problem}.`, JSON_RPC_ERRORS.invalidParams, { field }));
        return [
          ...ended.map((id): EnvelopeAction => ({ type: 'complete', id })),
          { type: 'refused', id: `mcp-${++sequence}`, field, ...(options.server ? { requester: options.server } : {}) },
        ];
      }
      cards.push({ key, cardId: card.cardId, request: card.request });
    }
    for (const { key, cardId } of cards) calls.shows(call, cardId, key);
    return cards.map(({ cardId, request }) => open(cardId, request));
  }

  function notification(method: string, params: unknown): EnvelopeAction[] {
    if (!isRecord(params)) return [];
    if (method === 'notifications/cancelled' && isId(params.requestId)) {
      const cardId = pending.get(keyOf(params.requestId));
      if (!cardId) return []; // unknown or already answered: nothing to do, and no response
      pending.delete(keyOf(params.requestId));
      rpcIdOf.delete(cardId);
      return [{ type: 'withdraw', id: cardId }];
    }
    if (method === 'notifications/elicitation/complete' && typeof params.elicitationId === 'string') {
      const cardId = byElicitation.get(params.elicitationId);
      if (!cardId) return [];
      byElicitation.delete(params.elicitationId);
      // `outcome: "cancelled"`: the kit's own handler (adapters/mcp-sdk) reports that the person
      // cancelled the call the link was for; no MCP peer sends it.
      return [{ type: 'complete', id: cardId, ...(params.outcome === 'cancelled' ? { outcome: 'cancelled' as const } : {}) }];
    }
    return []; // other notifications are not the kit's
  }

  return {
    // What runs it in a session and shows its typed fields and link consent.
    extension,
    claims: (message) => message.jsonrpc === '2.0',
    receive(message) {
      const { id, method } = message;
      if (typeof method !== 'string') {
        // A response to one of the page's calls, to nothing the kit sent, or not JSON-RPC at all.
        if ('result' in message || 'error' in message) return response(message);
        return [{ type: 'send', message: errorReply(isId(id) ? id : null, JSON_RPC_ERRORS.invalidRequest, 'Invalid Request: no method.') }];
      }
      if (id === undefined) return notification(method, message.params);
      if (!isId(id)) return [{ type: 'send', message: errorReply(null, JSON_RPC_ERRORS.invalidRequest, 'Invalid Request: id must be a number or a string.') }];
      // MCP: either side may ping; the receiver answers promptly with an empty result.
      if (method === 'ping') return [{ type: 'send', message: { jsonrpc: '2.0', id, result: {} } }];
      if (method !== 'elicitation/create') {
        return [{ type: 'send', message: errorReply(id, JSON_RPC_ERRORS.methodNotFound, `Method not found: ${method}.`) }];
      }
      return create(id, message.params);
    },
    attach(send, act) {
      sendToPeer = send;
      actOnSession = act;
    },
    request(method, params = {}) {
      if (!sendToPeer) return Promise.reject(new Error('mcpElicitation: not connected; give the adapter to an <interaction-host> or a session first'));
      const { message, result } = calls.start(method, params);
      sendToPeer(message);
      return result;
    },
    reply(cardId, request, response) {
      if (calls.owns(cardId)) return calls.answer(cardId, elicitResult(request, response), request.metadata.url);
      const id = rpcIdOf.get(cardId) ?? null;
      rpcIdOf.delete(cardId);
      if (id !== null) pending.delete(keyOf(id));
      const result = elicitResult(request, response);
      // A declined or cancelled link will never complete.
      if (result.action !== 'accept') for (const [key, value] of byElicitation) if (value === cardId) byElicitation.delete(key);
      return { jsonrpc: '2.0', id, result };
    },
  };
}
