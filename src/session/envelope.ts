import type { Clock } from '../protocol/clock.js';
import type { InteractionContext } from '../protocol/context.js';
import type { InteractionRequest } from '../protocol/request.js';
import type { InteractionResponse } from '../protocol/response.js';
import type { Transport } from '../transport/transport.js';
import type { RequestEntry, SessionEntry, ShownRequest } from './entry.js';
import type { EntryStore } from './entry-store.js';

/** What an adapter asks the session to do with one message of its protocol. */
export type EnvelopeAction =
  /** Show a card; `id` is unique for the session's life. */
  | { type: 'open'; id: string; request: InteractionRequest; requester?: string }
  /** The peer withdrew the request: the card becomes a cancelled receipt, nothing is sent. */
  | { type: 'withdraw'; id: string }
  /**
   * The out-of-band step of an accepted link request is done, or (`cancelled`) the person
   * cancelled the call it was for while it waited.
   */
  | { type: 'complete'; id: string; outcome?: 'cancelled' }
  /** A request that cannot be shown (e.g. a schema outside the subset): a receipt naming `field`. */
  | { type: 'refused'; id: string; field: string; requester?: string }
  /** Send this message as it is (e.g. an error reply). */
  | { type: 'send'; message: object };

/**
 * Another protocol's envelope on the same transport (JSON-RPC 2.0 for MCP
 * elicitation). The session asks each adapter, before its own parser, whether a message is its
 * own; the adapter turns it into actions, and turns the card's response into its reply. Replies
 * are not kept in the outbox: these protocols have no ack, so a reply lives until it is sent.
 */
export interface EnvelopeAdapter {
  claims(message: Record<string, unknown>): boolean;
  receive(message: Record<string, unknown>): EnvelopeAction[];
  /**
   * The reply for a settled card (answer, decline, dismissal or timeout), or nothing yet (a card
   * of a round that other cards complete).
   */
  reply(id: string, request: InteractionRequest, response: InteractionResponse): object | undefined;
  /**
   * How the adapter sends messages of its own (requests it makes) and acts on its cards outside
   * `receive`, given by the session's bridge.
   */
  attach?(send: (message: object) => void, act: (action: EnvelopeAction) => void): void;
  /**
   * What runs the adapter and shows its cards, brought by the adapter itself
   * (`agent-interaction-kit/adapters`; src/extensions/), so the core bundle carries none of it.
   */
  readonly extension?: AdapterExtension;
}

/** What an envelope adapter brings beside its mapping. */
export interface AdapterExtension {
  /** The bridge a session runs its adapters with. */
  readonly bridge: EnvelopeBridgeClass;
  /**
   * Lets the cards inside `root` render the adapter's requests (typed fields, link consent):
   * `<interaction-host>` calls it on itself before it shows any card. Once per root.
   */
  provide(root: HTMLElement): void;
}

/** What the bridge needs of its session, beyond the store. */
export interface BridgePorts {
  /** The session's context: its `hello`'s, with the defaults. */
  context(): InteractionContext;
  /** Shows a request, and arms its deadline when it has one. */
  open(shown: ShownRequest): void;
  /** The peer withdrew a pending request: a cancelled receipt, nothing sent. */
  withdraw(entry: SessionEntry): void;
  /** An entry finished: the session keeps its receipts within their limit. */
  prune(): void;
  /** The session's clock. */
  readonly clock: Clock;
}

/** The other protocols' side of a session, as the session uses it (src/session/adapter-bridge.ts). */
export interface EnvelopeBridge {
  /** Acts on a message an adapter claims (asked before the kit's own parser); false if none does. */
  receive(value: unknown): boolean;
  /** Replies for a card that settled and keeps it; false when no adapter answers it. */
  settle(pending: RequestEntry, response: InteractionResponse): boolean;
  /** The card `id` is gone: no reply will be sent for it. */
  release(id: string): void;
  /**
   * The session drops `entry` (another session began): a pending card's peer, which has no acks,
   * still hears that it went unanswered.
   */
  remove(entry: SessionEntry): void;
  /** The transport opened: what waited goes now. */
  flush(): void;
}

export type EnvelopeBridgeClass = new (
  adapters: readonly EnvelopeAdapter[],
  transport: Pick<Transport, 'send'>,
  /** Pure JSON-RPC: no `"id": null` in a reply (MCP forbids it). */
  jsonrpc: boolean,
  store: EntryStore,
  ports: BridgePorts,
) => EnvelopeBridge;

/**
 * The bridge that runs `adapters` (or speaks pure JSON-RPC), none when there is nothing to run:
 * the one the adapters bring. An adapter without it is an error naming the option.
 */
export function bridgeFor(adapters: readonly EnvelopeAdapter[], jsonrpc: boolean): EnvelopeBridgeClass | undefined {
  if (adapters.length === 0 && !jsonrpc) return undefined;
  const bridge = adapters.find((adapter) => adapter.extension)?.extension?.bridge;
  if (bridge) return bridge;
  throw new TypeError(
    adapters.length > 0
      ? 'adapters: take them from agent-interaction-kit/adapters, which bring what runs them'
      : 'protocol: "jsonrpc" needs adapters from agent-interaction-kit/adapters',
  );
}

/**
 * What the session speaks on its transport: `v1`, the kit's protocol with the adapters' envelopes
 * beside it (the default), or `jsonrpc`, pure JSON-RPC 2.0 for a peer that speaks nothing else
 * (an MCP host): no `connect` frame, no v1 message in either direction.
 */
export type SessionProtocol = 'v1' | 'jsonrpc';

