// Support for the many-instances tests: a real redis-server, agent servers sharing it, and pages
// on them (the kit's real session over a real WebSocket, or a raw socket that speaks the wire).
import { after, before } from 'node:test';
import { createClient } from 'redis';
import { WebSocket as WsSocket } from 'ws';
import { startRedis, type RedisProcess } from '../../scripts/redis-server.js';
import { createAgentServer, type AgentServer, type AgentServerOptions } from '../../src/agent/ws-server.js';
import type { ToolResult } from '../../src/protocol/results.js';
import { answerRequest, type UserAnswer } from '../../src/rules/answers.js';
import { normalizeToolCall } from '../../src/rules/normalize.js';
import { toolResultFor } from '../../src/rules/results.js';
import { InteractionSession, type RequestEntry, type SessionEvent } from '../../src/session/session.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { WebSocketTransport } from '../../src/transport/websocket-transport.js';
import { FakeClock } from '../support/fake-clock.js';

/** A browser's socket: it sends a (loopback) Origin, as a page served from this machine does. */
class PageSocket extends WsSocket {
  constructor(url: string) {
    super(url, { origin: 'http://127.0.0.1:8080' });
  }
}

// The transport reads WebSocket.OPEN from the global, which Node 20 does not have yet.
(globalThis as { WebSocket?: unknown }).WebSocket ??= PageSocket;

/** Polls until `check` returns (or resolves to) something truthy: waiting for I/O, never for a timeout. */
export async function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, what = 'condition', ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A fake clock that starts now, so that the keys' expiry (a day past the deadline) lies ahead. */
export const clockNow = () => new FakeClock(Date.now());

export function instances(count: number, redis: string, clock?: FakeClock, options: AgentServerOptions = {}): Promise<AgentServer[]> {
  return Promise.all(
    Array.from({ length: count }, () => createAgentServer({ redis, clock, contextFor: () => ({ channel: 'desktop' }), log: () => undefined, ...options })),
  );
}

export const sessionUrl = (server: AgentServer, session: string) => `ws://127.0.0.1:${server.port}/agent/sessions/${session}`;

/** The kit's real session on a real WebSocket to `server`. `storage` carries over a reload. */
export function kitPage(server: AgentServer, session: string, options: { storage?: MemoryStorage; clock?: FakeClock } = {}) {
  const transport = new WebSocketTransport(sessionUrl(server, session), { WebSocket: PageSocket as unknown as typeof WebSocket, clock: options.clock });
  const kit = new InteractionSession({ transport, storage: options.storage ?? new MemoryStorage(), clock: options.clock });
  const events: SessionEvent[] = [];
  kit.subscribe((event) => events.push(event));
  kit.start();
  return {
    kit,
    transport,
    events,
    shown: () => events.filter((e) => e.type === 'request').map((e) => (e as Extract<SessionEvent, { type: 'request' }>).entry.id),
    entry: (id: string) => kit.list().find((e): e is RequestEntry => e.id === id && e.kind === 'request'),
    answer(id: string, given: UserAnswer, at = Date.now()) {
      const entry = kit.list().find((e): e is RequestEntry => e.id === id && e.kind === 'request');
      if (!entry) throw new Error(`no card for ${id}`);
      const outcome = answerRequest(entry.request, given, new Date(at).toISOString());
      if (!outcome.ok) throw new Error(`answer refused for ${id}`);
      return kit.answer(id, outcome.response);
    },
    close: () => kit.stop(),
  };
}

/** A raw page: a socket that answers `connect` with `ready` and records every frame it gets; `grants`: a kit that shows session grants. */
export async function rawPage(server: AgentServer, session: string, { grants = false } = {}) {
  const socket = new PageSocket(sessionUrl(server, session));
  const frames: Record<string, unknown>[] = [];
  let closeCode: number | undefined;
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as Record<string, unknown>;
    frames.push(frame);
    if (frame.type === 'hello') socket.send(JSON.stringify({ v: 1, type: 'ready', kit_version: '0.1.0', capabilities: grants ? { tools: [], grants: true } : { tools: [] }, resume: [] }));
  });
  socket.on('close', (code) => (closeCode = code));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ v: 1, type: 'connect', kit_version: '0.1.0' }));
  await waitFor(() => frames.some((f) => f.type === 'hello'), 'hello');
  return {
    frames,
    socket,
    get closeCode() {
      return closeCode;
    },
    of: (type: string, id?: string) => frames.filter((f) => f.type === type && (id === undefined || f.call_id === id || f.id === id)),
    send: (message: Record<string, unknown>) => socket.send(JSON.stringify({ v: 1, ...message })),
    close: () => socket.terminate(),
  };
}

/** The kit's result for an input call answered with `text`, built by the rules as the kit builds it. */
export function inputResult(id: string, args: Record<string, unknown>, text: string): ToolResult {
  const request = normalizeToolCall('request_user_input', args, { request_id: id, session_id: 'any' }, { channel: 'desktop', run_mode: 'execution' });
  const outcome = answerRequest(request, { text }, new Date().toISOString());
  if (!outcome.ok) throw new Error('refused');
  return toolResultFor(request, outcome.response);
}

export const textOf = (result: ToolResult) => ('interaction_response' in result ? result.interaction_response.text : undefined);
export const statusOf = (result: ToolResult) => ('interaction_response' in result ? result.interaction_response.status : undefined);

export const closeAll = (servers: AgentServer[]) => Promise.all(servers.map((s) => s.close()));

/** A test file's own redis-server, an admin client on it, and the servers the file opens on it. */
export interface FileRedis {
  readonly url: string;
  readonly admin: ReturnType<typeof createClient>;
  /** Servers to close once the file's tests end. */
  readonly open: AgentServer[];
}

/** Starts a redis-server before the file's tests and closes what they opened, the client and the server after them. */
export function fileRedis(): FileRedis {
  let redis: RedisProcess | undefined;
  let admin: ReturnType<typeof createClient> | undefined;
  const open: AgentServer[] = [];
  before(async () => {
    redis = await startRedis();
    admin = createClient({ url: redis.url });
    await admin.connect();
  });
  after(async () => {
    await closeAll(open.splice(0));
    await admin?.close();
    await redis?.stop();
  });
  return {
    get url() {
      if (!redis) throw new Error('fileRedis: read only inside the file\'s tests');
      return redis.url;
    },
    get admin() {
      if (!admin) throw new Error('fileRedis: read only inside the file\'s tests');
      return admin;
    },
    open,
  };
}
