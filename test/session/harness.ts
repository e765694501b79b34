// An in-process runtime and kit: a real InteractionSession and a real AgentSession joined by a
// memory transport pair, on one fake clock.
import { AgentSession } from '../../src/agent/agent-session.js';
import { bindAgentToTransport } from '../../src/agent/memory-binding.js';
import type { WireContext } from '../../src/protocol/context.js';
import type { DeliverFunction } from '../../src/rules/artifacts/deliver.js';
import type { ResultLanguage } from '../../src/rules/content.js';
import { InteractionSession, type SessionEvent, type SessionSettings } from '../../src/session/session.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { createMemoryTransportPair, type MemoryTransport } from '../../src/transport/memory-transport.js';
import { FakeClock } from '../support/fake-clock.js';

export const flush = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

export interface Harness {
  clock: FakeClock;
  storage: MemoryStorage;
  agent: AgentSession;
  kit: InteractionSession;
  kitEnd: MemoryTransport;
  runtimeEnd: MemoryTransport;
  events: SessionEvent[];
  /** Every message the kit sent, parsed. */
  sent: Record<string, unknown>[];
  /** A new page: a new kit session on the same storage, and a new connection. */
  reload(): Promise<void>;
}

export interface HarnessOptions {
  context?: WireContext;
  deliver?: DeliverFunction;
  storage?: MemoryStorage;
  clock?: FakeClock;
  draftOf?: SessionSettings['draftOf'];
  /** The `resultLanguage` of each side. */
  languages?: { agent?: ResultLanguage; kit?: ResultLanguage };
}

export async function harness(options: HarnessOptions = {}): Promise<Harness> {
  const clock = options.clock ?? new FakeClock();
  const storage = options.storage ?? new MemoryStorage();
  const agent = new AgentSession({ sessionId: 's-1', context: options.context ?? { channel: 'desktop' }, clock, resultLanguage: options.languages?.agent });
  const h = { clock, storage, agent, events: [], sent: [] } as unknown as Harness;
  const wire = () => {
    const [kitEnd, runtimeEnd] = createMemoryTransportPair();
    runtimeEnd.onMessage((data) => h.sent.push(JSON.parse(String(data)) as Record<string, unknown>));
    bindAgentToTransport(agent, runtimeEnd);
    const kit = new InteractionSession({ transport: kitEnd, storage, clock, deliver: options.deliver, draftOf: options.draftOf, resultLanguage: options.languages?.kit });
    kit.subscribe((event) => h.events.push(event));
    Object.assign(h, { kit, kitEnd, runtimeEnd });
    runtimeEnd.connect();
    kit.start();
  };
  h.reload = async () => {
    h.kit.stop();
    h.runtimeEnd.close();
    h.events.length = 0;
    wire();
    await flush();
  };
  wire();
  await flush();
  return h;
}

export const requestEvents = (h: Harness) =>
  h.events.filter((e): e is Extract<SessionEvent, { type: 'request' }> => e.type === 'request');
