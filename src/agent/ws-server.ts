import type { IncomingMessage, Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import type { WireContext } from '../protocol/context.js';
import type { Clock } from '../protocol/clock.js';
import { AgentSession, type AgentConnection } from './agent-session.js';

export interface AgentServerOptions {
  /** Listen on this port (0: any free one) on `host`; or attach to an existing HTTP `server`. */
  port?: number;
  host?: string;
  server?: Server;
  /** The session a connection belongs to (default: the segment after `/sessions/` in the URL path). */
  sessionIdFor?: (request: IncomingMessage) => string | undefined;
  /** The context a new session's `hello` carries. */
  contextFor?: (sessionId: string) => WireContext | undefined;
  clock?: Clock;
  graceMs?: number;
}

export interface AgentServer {
  readonly port: number;
  /** The session for an id, created on first use: call its `callTool`. */
  session(sessionId: string): AgentSession;
  /** Ends every connection and stops listening. */
  close(): Promise<void>;
  readonly wss: WebSocketServer;
}

const SESSION_PATH = /\/sessions\/([^/?#]+)/;

function defaultSessionId(request: IncomingMessage): string | undefined {
  const match = SESSION_PATH.exec(request.url ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/**
 * A WebSocket server for Node runtimes (on `ws`): maps each connection's URL path to a session,
 * keeps one live connection per session (a newer one closes the older with 4000), and exposes
 * each session's `callTool`.
 */
export async function createAgentServer(options: AgentServerOptions = {}): Promise<AgentServer> {
  const sessions = new Map<string, AgentSession>();
  const session = (sessionId: string) => {
    let existing = sessions.get(sessionId);
    if (!existing) {
      existing = new AgentSession({ sessionId, context: options.contextFor?.(sessionId), clock: options.clock, graceMs: options.graceMs });
      sessions.set(sessionId, existing);
    }
    return existing;
  };
  const wss = options.server
    ? new WebSocketServer({ server: options.server })
    : new WebSocketServer({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  if (!options.server) await new Promise<void>((resolve) => wss.once('listening', resolve));

  wss.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    const sessionId = (options.sessionIdFor ?? defaultSessionId)(request);
    if (!sessionId) {
      socket.close(1008, 'no session in the URL');
      return;
    }
    const agent = session(sessionId);
    const connection: AgentConnection = {
      send: (message) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      },
      close: (code, reason) => socket.close(code, reason),
    };
    agent.attach(connection);
    socket.on('message', (data, isBinary) => agent.receive(connection, isBinary ? data : String(data)));
    socket.on('close', () => agent.detach(connection));
    socket.on('error', () => agent.detach(connection));
  });

  const address = wss.address();
  return {
    port: typeof address === 'object' && address ? address.port : (options.port ?? 0),
    session,
    wss,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
