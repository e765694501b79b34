import { fixture, waitUntil } from '@open-wc/testing';
import '../../src/entries/interaction-host.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import type { ConnectionChangeDetail } from '../../src/host/host-events.js';
import type { TransportState } from '../../src/transport/transport.js';
import type { InteractionCard } from '../../src/elements/shared/interaction-card.js';
import type { DeliverFunction } from '../../src/rules/artifacts/deliver.js';
import type { EnvelopeAdapter } from '../../src/session/envelope.js';
import type { KeyValueStorage } from '../../src/session/storage.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { systemClock } from '../../src/protocol/clock.js';
import { WebSocketTransport } from '../../src/transport/websocket-transport.js';
import { FakeClock } from '../support/fake-clock.js';
import { HostHarness } from '../support/harness/host.js';

/** A WebSocket whose instances the test can reach, to cut a connection from the page's side. */
export function trackedWebSocket() {
  const sockets: WebSocket[] = [];
  class Tracked extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      sockets.push(this);
    }
  }
  return { WebSocket: Tracked, sockets, current: () => sockets.at(-1) };
}

export interface HostOptions {
  /** Its questionnaires' layout: `list` unless asked, as these tests answer every question at once. */
  layout?: string;
  clock?: FakeClock;
  /** Real time for timers and reconnects (for load tests that never reach a deadline). */
  realTime?: boolean;
  /** The WebSocket constructor the host's transport uses (see `trackedWebSocket`). */
  WebSocket?: typeof WebSocket;
  storage?: KeyValueStorage;
  deliver?: DeliverFunction;
  backoff?: { initialMs?: number; maxMs?: number; jitter?: number; random?: () => number };
  /** Other protocols on the same connection (e.g. `[mcpElicitation()]`). */
  adapters?: EnvelopeAdapter[];
  /** `jsonrpc`: the host speaks pure JSON-RPC. */
  protocol?: 'v1' | 'jsonrpc';
}

/**
 * The host's connection as its `connection-change` events report it, as a page's code sees it
 * (not as its status line is styled). Watch before the host connects.
 */
export function watchConnection(host: InteractionHost) {
  let last: ConnectionChangeDetail | undefined;
  host.addEventListener('connection-change', (event) => (last = event.detail));
  return {
    /** The last state reported, if any. */
    get state(): TransportState | undefined {
      return last?.state;
    },
    /** Waits until the last state reported is `state`. */
    until: (state: TransportState, message = `never ${state}`, timeout = 10_000) => waitUntil(() => last?.state === state, message, { interval: 5, timeout }),
  };
}

export async function mountHost(src: string, options: HostOptions = {}) {
  const clock = options.clock ?? new FakeClock();
  const host = (await fixture(`<interaction-host layout=${options.layout ?? 'list'}></interaction-host>`)) as InteractionHost;
  const connection = watchConnection(host);
  host.clock = options.realTime ? systemClock : clock;
  host.storage = options.storage ?? new MemoryStorage();
  host.deliver = options.deliver;
  host.adapters = options.adapters;
  if (options.protocol) host.protocol = options.protocol;
  const backoff = { initialMs: 100, maxMs: 1000, jitter: 0, ...options.backoff };
  if (options.WebSocket) host.transport = new WebSocketTransport(src, { clock: host.clock, backoff, WebSocket: options.WebSocket });
  else {
    host.backoff = backoff;
    host.src = src;
  }
  await host.updateComplete;
  await connection.until('open', 'host never connected');
  return { host, clock, connection, harness: new HostHarness(host) };
}

/** The card element of call `id` in `host`, if shown (see HostHarness). */
export const card = <T extends Element = InteractionCard>(host: InteractionHost, id: string): T | null => new HostHarness(host).card<T>(id);

/** Waits until call `id` shows a card in `host`, and for its first render (see HostHarness). */
export const waitForCard = <T extends Element = InteractionCard>(host: InteractionHost, id: string): Promise<T> => new HostHarness(host).waitForCard<T>(id);

let counter = 0;
/** A session id no other test uses (the storage and the server are shared per run). */
export const uniqueSession = (name: string) => `${name}-${Date.now().toString(36)}-${(counter += 1)}`;
