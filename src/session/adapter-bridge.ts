import { isRecord } from '../protocol/constants.js';
import type { InteractionRequest } from '../protocol/request.js';
import type { InteractionResponse } from '../protocol/response.js';
import type { Transport } from '../transport/transport.js';
import type { EnvelopeAction, EnvelopeAdapter } from './envelope.js';

/** What an adapter's actions do to the session's cards. */
export interface BridgePorts {
  has(id: string): boolean;
  open(id: string, request: InteractionRequest, requester: string | undefined): void;
  /** The peer withdrew the request: a cancelled receipt, nothing sent. */
  withdraw(id: string): void;
  /** The peer reports the out-of-band step of an accepted link request done. */
  complete(id: string): void;
}

/**
 * The other protocols' side of a session (DESIGN §3: JSON-RPC 2.0 for MCP elicitation): which
 * adapter claims a message, which one answers each of its cards, and their replies. These
 * protocols have no ack, so a reply the transport cannot take yet waits for the next open.
 */
export class AdapterBridge {
  private readonly owners = new Map<string, EnvelopeAdapter>();
  private waiting: object[] = [];

  constructor(
    private readonly adapters: readonly EnvelopeAdapter[],
    private readonly transport: Pick<Transport, 'send'>,
    /** Pure JSON-RPC: no `"id": null` in a reply (MCP forbids it). */
    private readonly jsonrpc: boolean,
    private readonly ports: BridgePorts,
  ) {}

  /** Acts on `value` when an adapter claims it (asked before the kit's own parser); false if none does. */
  receive(value: unknown): boolean {
    if (!isRecord(value)) return false;
    const adapter = this.adapters.find((candidate) => candidate.claims(value));
    if (!adapter) return false;
    for (const action of adapter.receive(value)) this.act(adapter, action);
    return true;
  }

  private act(adapter: EnvelopeAdapter, action: EnvelopeAction): void {
    switch (action.type) {
      case 'open':
        if (this.ports.has(action.id)) return;
        this.owners.set(action.id, adapter);
        this.ports.open(action.id, action.request, action.requester);
        break;
      case 'withdraw':
        this.ports.withdraw(action.id);
        break;
      case 'complete':
        this.ports.complete(action.id);
        break;
      case 'send':
        this.send(action.message);
        break;
    }
  }

  release(id: string): void {
    this.owners.delete(id);
  }

  /** Sends the reply for the settled card `id`, once; false when no adapter answers it. */
  reply(id: string, request: InteractionRequest, response: InteractionResponse): boolean {
    const adapter = this.owners.get(id);
    if (!adapter) return false;
    this.owners.delete(id);
    this.send(adapter.reply(id, request, response));
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
