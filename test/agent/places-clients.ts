// Support for the one-call-many-places tests: raw WebSocket clients that speak the wire as a chat
// page's kit and as an inbox's kit do (`connect`, `ready` after `hello`), record every frame they
// get, and keep an outbox of results until acked, re-sent after every `ready` as the kit does.
import { WebSocket } from 'ws';
import type { AgentServer } from '../../src/agent/ws-server.js';
import type { ToolResult } from '../../src/protocol/results.js';
import { golden, withPlaceholders } from '../support/golden.js';
import { waitFor } from './fleet.js';

export const ORIGIN = 'http://127.0.0.1:8080';

/** The test's authorize: the actor is the URL's `as` query parameter (none: no actor). */
export const actorFromQuery = (request: { url?: string }) => {
  const actor = new URL(request.url ?? '/', 'http://x').searchParams.get('as');
  return actor ? { actor } : true;
};

/** An approval the user approved, as the kit's rules build it (the golden case), for call `id`. */
export function approved(id: string): ToolResult {
  const c = golden.tool_cases.find((x) => x.name === 'approval-approved-high')!;
  return withPlaceholders(c.result, id, new Date().toISOString()) as ToolResult;
}

/** An approval the user rejected, for call `id`. */
export function rejected(id: string): ToolResult {
  const c = golden.tool_cases.find((x) => x.name === 'approval-rejected-with-note')!;
  return withPlaceholders(c.result, id, new Date().toISOString()) as ToolResult;
}

export type Frame = Record<string, unknown>;

/** One kit's connection: a chat page (`/agent/sessions/<id>`) or an inbox (`/agent/inbox`). */
export interface RawKit {
  frames: Frame[];
  of(type: string, id?: string): Frame[];
  /** Sends a result now, kept in the outbox until its `ack` (sent again after every `ready`). */
  answer(message: Frame): void;
  send(message: Frame): void;
  /** Drops the socket (as a lost network does); the outbox stays. */
  drop(): void;
  /**
   * Opens a new socket with the same outbox: `connect`, then its results again after `ready`,
   * whose `showing` lists `showing` when given (the cards a page still shows pending).
   */
  reconnect(showing?: string[]): Promise<void>;
  readonly outbox: Map<string, Frame>;
  readonly open: boolean;
}

/** A kit on `url`; its first `ready` lists `showing` when given. */
export async function rawKit(url: string, showingFirst?: string[]): Promise<RawKit> {
  const frames: Frame[] = [];
  const outbox = new Map<string, Frame>();
  let socket: WebSocket;
  let showing = showingFirst;
  const sendNow = (message: Frame) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ v: 1, ...message }));
  };
  const connect = async () => {
    const hellos = frames.filter((f) => f.type === 'hello').length;
    socket = new WebSocket(url, { origin: ORIGIN });
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      frames.push(frame);
      if (frame.type === 'hello') {
        sendNow({ type: 'ready', kit_version: '0.1.0', capabilities: { tools: [] }, resume: [...outbox.keys()], ...(showing ? { showing } : {}) });
        for (const result of outbox.values()) sendNow(result);
      }
      if (frame.type === 'ack') outbox.delete(String(frame.id));
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    sendNow({ type: 'connect', kit_version: '0.1.0' });
    await waitFor(() => frames.filter((f) => f.type === 'hello').length > hellos, 'hello');
  };
  await connect();
  return {
    frames,
    outbox,
    get open() {
      return socket.readyState === WebSocket.OPEN;
    },
    of: (type, id) => frames.filter((f) => f.type === type && (id === undefined || f.call_id === id || f.id === id)),
    answer(message) {
      const result = { type: 'tool_result', ...message };
      outbox.set(String(message.call_id), result);
      sendNow(result);
    },
    send: sendNow,
    drop: () => socket.terminate(),
    reconnect: (ids) => {
      showing = ids;
      return connect();
    },
  };
}

export const chatUrl = (server: AgentServer, session: string, actor?: string) =>
  `ws://127.0.0.1:${server.port}/agent/sessions/${session}${actor ? `?as=${encodeURIComponent(actor)}` : ''}`;

export const inboxUrl = (server: AgentServer, actor?: string, path = '/agent/inbox') =>
  `ws://127.0.0.1:${server.port}${path}${actor ? `?as=${encodeURIComponent(actor)}` : ''}`;

/** An inbox kit whose `ready` was answered: its last snapshot's call ids. */
export async function inboxOf(server: AgentServer, actor: string): Promise<RawKit & { listed(): string[] }> {
  const kit = await rawKit(inboxUrl(server, actor));
  await waitFor(() => kit.of('inbox').length > 0, 'the snapshot');
  return Object.assign(kit, { listed: () => ((kit.of('inbox').at(-1)?.calls ?? []) as Frame[]).map((c) => String(c.call_id)) });
}
