// The official MCP SDK's client, answered by the kit: its elicitation/create requests cross an
// in-page connection to an <interaction-host> in pure JSON-RPC, where the kit's MCP adapter turns
// them into cards. Types only from the SDK: a page pays for nothing it does not already load.
import type { ElicitationCompleteNotification, ElicitRequest, ElicitResult, RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { EnvelopeAdapter, SessionProtocol } from '../session/envelope.js';
import { InPageTransport } from '../transport/in-page-transport.js';
import type { Transport } from '../transport/transport.js';
import { mcpElicitation, type McpElicitationOptions } from './mcp-elicitation.js';

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

/** What the SDK hands a request handler (`RequestHandlerExtra`), as far as the kit needs it. */
export interface ElicitationExtra {
  signal: AbortSignal;
  requestId?: RequestId;
}

/** A handler for `client.setRequestHandler(ElicitRequestSchema, …)`, and one for completions. */
export interface ElicitationHandler {
  (request: ElicitRequest, extra: ElicitationExtra): Promise<ElicitResult>;
  /** For `client.setNotificationHandler(ElicitationCompleteNotificationSchema, handler.complete)`. */
  complete(notification: ElicitationCompleteNotification): void;
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
 * Renders an `@modelcontextprotocol/sdk` `Client`'s elicitations in the kit's cards:
 *
 * ```ts
 * const handler = elicitationHandler({ host: document.querySelector('interaction-host')!, server: 'GitHub' });
 * client.setRequestHandler(ElicitRequestSchema, handler);
 * client.setNotificationHandler(ElicitationCompleteNotificationSchema, handler.complete);
 * ```
 *
 * Form mode becomes a form of typed fields, URL mode a consent card for the link; the card's
 * outcome is the result (`accept` with content, `decline`, `cancel`). The server's
 * `notifications/cancelled` (the handler's `signal`) withdraws the card. A schema outside MCP's
 * subset is refused with -32602 naming the field, which the SDK sends on as the error.
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

  const handler = (request: ElicitRequest, extra: ElicitationExtra): Promise<ElicitResult> => {
    const id = ++sequence;
    return new Promise<ElicitResult>((resolve, reject) => {
      const onAbort = () => {
        waiting.delete(id);
        send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: String(extra.signal.reason ?? '') } });
        // The SDK sends nothing for a cancelled request; this only settles the promise.
        resolve({ action: 'cancel' });
      };
      if (extra.signal.aborted) return onAbort();
      extra.signal.addEventListener('abort', onAbort, { once: true });
      waiting.set(id, (reply) => {
        extra.signal.removeEventListener('abort', onAbort);
        if (reply.error) reject(new ElicitationError(reply.error.message, reply.error.code, reply.error.data));
        else resolve(reply.result as ElicitResult);
      });
      send({ jsonrpc: '2.0', id, method: 'elicitation/create', params: request.params });
    });
  };
  return Object.assign(handler, {
    complete: (notification: ElicitationCompleteNotification) => send({ jsonrpc: '2.0', method: notification.method, params: notification.params }),
  });
}
