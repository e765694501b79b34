// The Node side of the browser tests: real agent WebSocket servers (src/agent on `ws`) that test
// pages drive through `executeServerCommand('agent', …)`. Bundled and loaded by the runner config.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { WebSocket } from 'ws';
import { createAgentServer, type AgentServer } from '../../src/agent/ws-server.js';
import { KitError } from '../../src/agent/agent-session.js';
import type { ToolName } from '../../src/protocol/constants.js';
import type { WireContext } from '../../src/protocol/context.js';
import { FakeClock } from './fake-clock.js';

/** Who the lab's `authorize` lets in: everyone, no one, or only offers of this subprotocol. */
export type Gate = 'open' | 'closed' | { protocol: string; sessionId?: string };

/** An accepted connection, as the server saw its upgrade request. */
export interface LabConnection {
  path: string;
  origin: string | null;
  protocol: string | null;
}

interface Lab {
  server: AgentServer;
  gate: Gate;
  connections: LabConnection[];
  pages: Server[];
  clock?: FakeClock;
  sockets: Map<string, Set<WebSocket>>;
  received: Map<string, Record<string, unknown>[]>;
  calls: Map<string, { settled: Promise<unknown>; abort: AbortController }>;
}

export type AgentCommand =
  /** `inbox`: the inbox endpoint too (`/agent/inbox`), whose person is the URL's `?as=`. */
  | { action: 'server'; fakeClock?: boolean; context?: WireContext; allowedOrigins?: string[]; gate?: Gate; inbox?: boolean }
  /** Gives a session its owner and title (`server.session(id, { owner, title })`). */
  | { action: 'own'; server: number; session: string; owner: string; title?: string }
  | { action: 'gate'; server: number; gate: Gate }
  | { action: 'connections'; server: number }
  | { action: 'page'; server: number; html: string }
  | { action: 'call'; server: number; session: string; tool: ToolName; args: Record<string, unknown>; callId: string; timeoutSeconds?: number; context?: WireContext; grant?: { key: string; label: string } }
  /** The session's grants as the runtime holds them. */
  | { action: 'grants'; server: number; session: string }
  | { action: 'result'; server: number; callId: string }
  | { action: 'abort'; server: number; callId: string }
  | { action: 'drop'; server: number; session: string }
  | { action: 'advance'; server: number; ms: number }
  | { action: 'send'; server: number; session: string; message: Record<string, unknown> }
  /** Several frames in order, in one command: a test of hundreds of frames pays one round trip. */
  | { action: 'send-all'; server: number; session: string; messages: Record<string, unknown>[] }
  | { action: 'received'; server: number; session: string }
  | { action: 'close'; server: number };

const labs = new Map<number, Lab>();
let nextLab = 1;

function settle(promise: Promise<unknown>) {
  return promise.then(
    (result) => ({ status: 'resolved', result }),
    (error: Error) => ({
      status: 'rejected',
      error: { name: error.name, message: error.message, ...(error instanceof KitError ? { code: error.code, issues: error.issues } : {}) },
    }),
  );
}

/** The person an upgrade names with `?as=`; any page may open a session. */
function actorFromQuery(request: IncomingMessage): boolean | { actor: string } {
  const actor = new URL(request.url ?? '/', 'http://x').searchParams.get('as');
  return actor ? { actor } : true;
}

export async function runAgentCommand(command: AgentCommand): Promise<unknown> {
  if (command.action === 'server') {
    const clock = command.fakeClock ? new FakeClock() : undefined;
    const gate = (request: IncomingMessage): boolean | string => {
      const current = lab.gate;
      if (current === 'open' || current === 'closed') return current === 'open';
      const offered = (request.headers['sec-websocket-protocol'] ?? '').split(/,\s*/);
      return offered.includes(current.protocol) ? (current.sessionId ?? true) : false;
    };
    const server = await createAgentServer({
      clock,
      contextFor: () => command.context ?? { channel: 'desktop' },
      log: () => undefined,
      allowedOrigins: command.allowedOrigins,
      ...(command.gate ? { authorize: gate } : {}),
      ...(command.inbox ? { inbox: {}, authorize: actorFromQuery } : {}),
    });
    const lab: Lab = { server, gate: command.gate ?? 'open', connections: [], pages: [], clock, sockets: new Map(), received: new Map(), calls: new Map() };
    server.wss.on('connection', (socket, request) => {
      lab.connections.push({ path: request.url ?? '', origin: request.headers.origin ?? null, protocol: socket.protocol || null });
      const session = /\/sessions\/([^/?#]+)/.exec(request.url ?? '')?.[1] ?? '';
      const set = lab.sockets.get(session) ?? new Set();
      set.add(socket);
      lab.sockets.set(session, set);
      socket.on('close', () => set.delete(socket));
      socket.on('message', (data) => {
        const list = lab.received.get(session) ?? [];
        try {
          list.push(JSON.parse(String(data)) as Record<string, unknown>);
        } catch {
          list.push({ unparsable: String(data) });
        }
        lab.received.set(session, list);
      });
    });
    const id = nextLab++;
    labs.set(id, lab);
    return { server: id, port: server.port };
  }
  const lab = labs.get(command.server);
  if (!lab) throw new Error(`no agent lab ${command.server}`);
  switch (command.action) {
    case 'gate':
      lab.gate = command.gate;
      return true;
    case 'connections':
      return lab.connections;
    case 'page': {
      // A page on an origin of its own (another port of 127.0.0.1), as a foreign site would be.
      const page = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(command.html));
      await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
      lab.pages.push(page);
      const address = page.address();
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    }
    case 'own':
      lab.server.session(command.session, { owner: command.owner, ...(command.title ? { title: command.title } : {}) });
      return true;
    case 'call': {
      const abort = new AbortController();
      const promise = lab.server.session(command.session).callTool(command.tool, command.args, {
        callId: command.callId,
        timeoutSeconds: command.timeoutSeconds,
        context: command.context,
        signal: abort.signal,
        grant: command.grant,
      });
      lab.calls.set(command.callId, { settled: settle(promise), abort });
      return command.callId;
    }
    case 'result': {
      const call = lab.calls.get(command.callId);
      if (!call) throw new Error(`no call ${command.callId}`);
      const timeout = new Promise((resolve) => setTimeout(() => resolve({ status: 'pending' }), 5000));
      return Promise.race([call.settled, timeout]);
    }
    case 'grants':
      return lab.server.session(command.session).grants();
    case 'abort':
      lab.calls.get(command.callId)?.abort.abort();
      return true;
    case 'drop':
      for (const socket of lab.sockets.get(command.session) ?? []) socket.terminate();
      return true;
    case 'advance':
      lab.clock?.advance(command.ms);
      return true;
    case 'send':
    case 'send-all': {
      const sockets = [...(lab.sockets.get(command.session) ?? [])];
      const messages = command.action === 'send' ? [command.message] : command.messages;
      for (const message of messages) for (const socket of sockets) socket.send(JSON.stringify(message));
      return sockets.length;
    }
    case 'received':
      return lab.received.get(command.session) ?? [];
    case 'close':
      await closePages(lab);
      await lab.server.close();
      labs.delete(command.server);
      return true;
  }
}

function closePages(lab: Lab): Promise<unknown> {
  return Promise.all(
    lab.pages.map((page) => {
      page.closeAllConnections();
      return new Promise((resolve) => page.close(resolve));
    }),
  );
}

export async function closeAllLabs(): Promise<void> {
  await Promise.all([...labs.values()].flatMap((lab) => [lab.server.close(), closePages(lab)]));
  labs.clear();
}
