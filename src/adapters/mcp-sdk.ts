// The official MCP SDK's client, answered by the kit: its elicitation/create requests cross an
// in-page connection to an <interaction-host> in pure JSON-RPC, where the kit's MCP adapter turns
// them into cards. It serves the 1.x SDK (`@modelcontextprotocol/sdk`) and the v2 client
// (`@modelcontextprotocol/client`) alike, without importing either: a page pays for nothing it
// does not already load.
import type { EnvelopeAdapter, SessionProtocol } from '../session/envelope.js';
import { InPageTransport } from '../transport/in-page-transport.js';
import type { Transport } from '../transport/transport.js';
import { LinkCancelEvent } from '../extensions/link-consent.js';
import { mcpElicitation, type ElicitResult, type JsonRpcId, type McpElicitationOptions } from './mcp-elicitation.js';

/** What the handler sets on the `<interaction-host>` it renders in (one given to it alone). */
export interface ElicitationHost {
  transport?: Transport;
  adapters?: EnvelopeAdapter[];
  protocol: SessionProtocol;
}

export interface ElicitationHandlerOptions extends McpElicitationOptions {
  /** The `<interaction-host>` the cards appear in; the handler gives it its connection. */
  host: ElicitationHost;
}

/** An `elicitation/create` request as either SDK hands it to its handler, as far as the kit reads it. */
export interface ElicitationRequest {
  method: 'elicitation/create';
  params: object;
}

/**
 * What the SDK hands a request handler beside the request, as far as the kit needs it: the abort
 * signal, which the 1.x SDK passes as `extra.signal` (`RequestHandlerExtra`) and the v2 client as
 * `ctx.mcpReq.signal` (its handler context).
 */
export type ElicitationExtra = { signal: AbortSignal; requestId?: JsonRpcId } | { mcpReq: { signal: AbortSignal; id?: JsonRpcId } };

/** A server's report that a URL-mode elicitation finished (2025-11-25; gone in 2026-07-28). */
export interface ElicitationComplete {
  method: 'notifications/elicitation/complete';
  params: { elicitationId: string };
}

/**
 * A handler for `elicitation/create` — `client.setRequestHandler(ElicitRequestSchema, handler)`
 * with the 1.x SDK, `client.setRequestHandler('elicitation/create', handler)` with the v2 client —
 * and one for completions.
 */
export interface ElicitationHandler {
  (request: ElicitationRequest, extra: ElicitationExtra): Promise<ElicitResult>;
  /** For `client.setNotificationHandler(ElicitationCompleteNotificationSchema, handler.complete)` (2025-11-25). */
  complete(notification: ElicitationComplete): void;
  /**
   * Runs one call (`handler.during((signal) => client.callTool(params, { signal }))`) so that a
   * link the person consents to during it waits for it: in 2026-07-28, where `accept` is consent
   * alone and no completion is reported, its card keeps Open again and Cancel until the call
   * ends, and then reads done; Cancel aborts the call through `signal` (the client tells the
   * server) and the card reads cancelled. Resolves or rejects as `run` does.
   */
  during<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T>;
}

/** A call run through `during`, and the links consented to within it (URL → the card's name). */
interface TrackedCall {
  controller: AbortController;
  links: Map<string, string>;
}

/** The abort signal of either SDK's handler signature. */
function signalOf(extra: ElicitationExtra): AbortSignal {
  return 'mcpReq' in extra ? extra.mcpReq.signal : extra.signal;
}

/** A JSON-RPC error the SDK sends back as it is (its code and data), e.g. -32602 naming a field. */
class ElicitationError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data: unknown,
  ) {
    super(message);
  }
}

type Reply = { result?: ElicitResult; error?: { code: number; message: string; data?: unknown } };

/**
 * Renders an MCP client's elicitations in the kit's cards. With the 1.x SDK
 * (`@modelcontextprotocol/sdk`):
 *
 * ```ts
 * const handler = elicitationHandler({ host: document.querySelector('interaction-host')!, server: 'GitHub' });
 * client.setRequestHandler(ElicitRequestSchema, handler);
 * client.setNotificationHandler(ElicitationCompleteNotificationSchema, handler.complete);
 * ```
 *
 * With the v2 client (`@modelcontextprotocol/client`), in 2025-11-25 and in 2026-07-28, where the
 * client fulfils a call's `input_required` result through this same handler, once per input
 * request and round:
 *
 * ```ts
 * client.setRequestHandler('elicitation/create', elicitationHandler({ host, server: 'GitHub' }));
 * ```
 *
 * Form mode becomes a form of typed fields, URL mode a consent card for the link; the card's
 * outcome is the result (`accept` with content, `decline`, `cancel`). The handler's abort signal
 * (the server's `notifications/cancelled`, or the v2 client dropping a round) withdraws the card.
 * A schema outside MCP's subset is refused with -32602 naming the field, which the SDK sends on
 * as the error.
 */
export function elicitationHandler(options: ElicitationHandlerOptions): ElicitationHandler {
  const { host, ...adapterOptions } = options;
  const waiting = new Map<number, (reply: Reply) => void>();
  let sequence = 0;
  const kitEnd = new InPageTransport((message) => {
    if (typeof message.id !== 'number') return;
    waiting.get(message.id)?.(message as Reply);
    waiting.delete(message.id);
  });
  const send = (message: object) => kitEnd.deliver(message);
  host.protocol = 'jsonrpc';
  host.adapters = [mcpElicitation(adapterOptions)];
  host.transport = kitEnd;

  // Calls run through `during`; a link asked while one runs belongs to the latest.
  const tracked: TrackedCall[] = [];
  let links = 0;
  if (typeof (host as Partial<EventTarget>).addEventListener === 'function') {
    (host as unknown as EventTarget).addEventListener(LinkCancelEvent.type, (event) => {
      const url = (event as LinkCancelEvent).url;
      for (const call of tracked) {
        if (!call.links.has(url)) continue;
        event.preventDefault();
        call.controller.abort(new DOMException('The person cancelled the call.', 'AbortError'));
      }
    });
  }

  const handler = (request: ElicitationRequest, extra: ElicitationExtra): Promise<ElicitResult> => {
    const id = ++sequence;
    let params = request.params as Record<string, unknown>;
    const call = tracked.at(-1);
    if (call && params.mode === 'url' && params.elicitationId === undefined && typeof params.url === 'string') {
      // A name for the link on the in-page connection alone, so that the call's end can complete it.
      const elicitationId = `aik-link-${++links}`;
      call.links.set(params.url, elicitationId);
      params = { ...params, elicitationId, 'aik/follows': true };
    }
    const signal = signalOf(extra);
    return new Promise<ElicitResult>((resolve, reject) => {
      const onAbort = () => {
        waiting.delete(id);
        send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: String(signal.reason ?? '') } });
        // The SDK sends nothing for a cancelled request; this only settles the promise.
        resolve({ action: 'cancel' });
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      waiting.set(id, (reply) => {
        signal.removeEventListener('abort', onAbort);
        if (reply.error) reject(new ElicitationError(reply.error.message, reply.error.code, reply.error.data));
        else resolve(reply.result as ElicitResult);
      });
      send({ jsonrpc: '2.0', id, method: 'elicitation/create', params });
    });
  };
  const during = <T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    const call: TrackedCall = { controller: new AbortController(), links: new Map() };
    tracked.push(call);
    const end = () => {
      tracked.splice(tracked.indexOf(call), 1);
      const outcome = call.controller.signal.aborted ? { outcome: 'cancelled' } : {};
      for (const elicitationId of call.links.values()) send({ jsonrpc: '2.0', method: 'notifications/elicitation/complete', params: { elicitationId, ...outcome } });
    };
    return Promise.resolve()
      .then(() => run(call.controller.signal))
      .finally(end);
  };
  return Object.assign(handler, {
    complete: (notification: ElicitationComplete) => send({ jsonrpc: '2.0', method: notification.method, params: notification.params }),
    during,
  });
}
