import { isRecord } from '../protocol/constants.js';
import type { InteractionContext } from '../protocol/context.js';
import { NOT_JSON } from '../protocol/json.js';
import type { InteractionRequest } from '../protocol/request.js';
import type { InteractionResponse } from '../protocol/response.js';
import { cancelledResponse } from '../rules/responses.js';
import { statusOf } from '../rules/card-state.js';
import type { Transport } from '../transport/transport.js';
import { deadlineFor } from './deadlines.js';
import { isPending, isWaiting, withPhase, type RefusedEntry, type RequestEntry, type SessionEntry } from './entry.js';
import type { EntryStore } from './entry-store.js';
import type { BridgePorts, EnvelopeAction, EnvelopeAdapter, EnvelopeBridge } from './envelope.js';

/**
 * The other protocols' side of a session (JSON-RPC 2.0 for MCP elicitation): which
 * adapter claims a message, which one answers each of its cards, and their replies. These
 * protocols have no ack, so a reply the transport cannot take yet waits for the next open.
 */
export class AdapterBridge implements EnvelopeBridge {
  private readonly owners = new Map<string, EnvelopeAdapter>();
  private waiting: object[] = [];

  constructor(
    private readonly adapters: readonly EnvelopeAdapter[],
    private readonly transport: Pick<Transport, 'send'>,
    /** Pure JSON-RPC: no `"id": null` in a reply (MCP forbids it). */
    private readonly jsonrpc: boolean,
    private readonly store: EntryStore,
    private readonly ports: BridgePorts,
  ) {
    for (const adapter of adapters) adapter.attach?.((message) => this.send(message), (action) => this.act(adapter, action));
  }

  /**
   * Acts on `value` when an adapter claims it (asked before the kit's own parser); false if none
   * does. In pure JSON-RPC, what no adapter claims is not a v1 message either: it gets an error.
   */
  receive(value: unknown): boolean {
    const adapter = isRecord(value) ? this.adapters.find((candidate) => candidate.claims(value)) : undefined;
    if (adapter) {
      for (const action of adapter.receive(value as Record<string, unknown>)) this.act(adapter, action);
      return true;
    }
    if (!this.jsonrpc) return false;
    const error = value === NOT_JSON ? { code: -32700, message: 'Parse error' } : { code: -32600, message: 'Invalid Request' };
    this.send({ jsonrpc: '2.0', error });
    return true;
  }

  private act(adapter: EnvelopeAdapter, action: EnvelopeAction): void {
    const entry = 'id' in action ? this.store.get(action.id) : undefined;
    switch (action.type) {
      case 'open': {
        if (entry) return;
        const { id, request } = action;
        this.owners.set(id, adapter);
        // An adapter's request may have no time limit (timeout_seconds 0): then it has no deadline.
        const deadline = request.timeout_seconds > 0 ? deadlineFor(request, undefined, this.ports.clock.now()) : undefined;
        this.ports.open({ id, tool: request.source_tool, source: 'adapter', context: this.context(action.requester), request, deadline });
        break;
      }
      case 'refused':
        if (entry) return;
        this.store.put<RefusedEntry>({
          id: action.id, kind: 'refused', tool: 'request_user_input', source: 'adapter', context: this.context(action.requester), field: action.field,
        });
        this.ports.prune();
        break;
      case 'withdraw':
        if (entry && isPending(entry)) this.ports.withdraw(entry);
        break;
      case 'complete':
        // The peer reports the out-of-band step of an accepted link request done. Kept while the
        // card is still pending too (done before the click): once opened, the card shows done
        // instead of waiting for a notification that already came.
        if (entry?.kind !== 'request') return;
        if (action.outcome === 'cancelled') {
          if (entry.external === 'running') this.store.update(entry, { external: 'cancelled' });
        } else if (entry.phase === 'pending' || entry.external === 'waiting' || entry.external === 'running') this.store.update(entry, { external: 'complete' });
        break;
      case 'send':
        this.send(action.message);
        break;
    }
  }

  /** The session's context for an adapter's card, with the peer's `requester`. */
  private context(requester: string | undefined): InteractionContext {
    const inherited = this.ports.context();
    return requester ? { ...inherited, requester } : inherited;
  }

  release(id: string): void {
    this.owners.delete(id);
  }

  remove(entry: SessionEntry): void {
    if (isWaiting(entry)) this.reply(entry.id, entry.request, cancelledResponse(entry.request, new Date(this.ports.clock.now()).toISOString()));
    this.release(entry.id);
  }

  /** Sends the reply for the card `id`, once; false when no adapter answers it. */
  private reply(id: string, request: InteractionRequest, response: InteractionResponse): boolean {
    const adapter = this.owners.get(id);
    if (!adapter) return false;
    this.owners.delete(id);
    const message = adapter.reply(id, request, response);
    if (message) this.send(message);
    return true;
  }

  /** Replies for a card that settled (answered, declined, dismissed or timed out) and keeps it; false when no adapter answers it. */
  settle(pending: RequestEntry, response: InteractionResponse): boolean {
    const { id, request } = pending;
    if (!this.reply(id, request, response)) return false;
    // No ack comes from a peer: the card is settled at once. An opened link waits for the peer's
    // completion, unless it came already; one that follows a call waits for the call (`running`).
    const settled = withPhase(pending, { phase: 'settled', response, late: false });
    const opened = statusOf(response) === 'answered' && response.approved;
    this.store.put(request.metadata.url === undefined ? settled : { ...settled, external: opened ? (pending.external ?? (request.metadata.follows ? 'running' : 'waiting')) : undefined });
    this.ports.prune();
    return true;
  }

  send(message: object): void {
    if (this.jsonrpc && (message as { id?: unknown }).id === null) {
      const { id: _null, ...rest } = message as { id?: unknown };
      message = rest;
    }
    if (!this.transport.send(message)) this.waiting.push(message);
  }

  /** The transport opened: what waited goes now. */
  flush(): void {
    for (const message of this.waiting.splice(0)) this.send(message);
  }
}
