import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { WireContext } from '../protocol/context.js';
import type { Clock } from '../protocol/clock.js';
import { createAdmission, type AuthorizeFunction } from './admission.js';
import { AgentSession, type AgentConnection } from './agent-session.js';
import type { RedisOption } from './redis/store.js';

export interface AgentServerOptions {
  /** Listen on this port (0: any free one) on `host`; or attach to an existing HTTP `server`. */
  port?: number;
  host?: string;
  server?: Server;
  /** The session a connection belongs to (default: the segment after `/sessions/` in the URL path). */
  sessionIdFor?: (request: IncomingMessage) => string | undefined;
  /**
   * Page origins that may connect, exact `scheme://host:port`. Default: loopback origins only
   * (`127.0.0.0/8`, `localhost`, `[::1]`, any port), which is for development.
   */
  allowedOrigins?: string[];
  /**
   * Sees the upgrade request (URL with query, headers, cookies), may be async: `false` or
   * `undefined` refuses with 403; `true` accepts; a string accepts with that session id. A request
   * without `Origin` (not a browser) is accepted only when this accepts it.
   */
  authorize?: AuthorizeFunction;
  /** Largest frame accepted from a page, bytes (default 1 MiB); a larger one closes with 1009. */
  maxPayload?: number;
  /** Where the one start-up warning goes (default `console.warn`). */
  log?: (message: string) => void;
  /** The context a new session's `hello` carries. */
  contextFor?: (sessionId: string) => WireContext | undefined;
  clock?: Clock;
  graceMs?: number;
  /**
   * A Redis URL (`redis://127.0.0.1:6379`) or node-redis client options: every instance given
   * the same Redis behaves as one server (README, "Many instances"). Needs the `redis` package.
   */
  redis?: RedisOption;
}

export interface AgentServer {
  readonly port: number;
  /** The session for an id, created on first use: call its `callTool`. */
  session(sessionId: string): AgentSession;
  /** Ends every connection and stops listening; calls still pending reject with KitError `unavailable`. */
  close(): Promise<void>;
  readonly wss: WebSocketServer;
}

/** Default `maxPayload`: 1 MiB. */
export const DEFAULT_MAX_PAYLOAD = 1024 * 1024;

/** Refuses an upgrade over HTTP, before any WebSocket exists: no session ever sees it. */
function refuse(socket: Duplex, status: 403 | 404): void {
  const text = status === 403 ? 'Forbidden' : 'Not Found';
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${text.length}\r\n\r\n${text}`);
}

/**
 * A WebSocket server for Node runtimes (on `ws`): decides before the upgrade who may connect
 * (origins, `authorize`; a refusal is an HTTP 403), maps each connection to a session, keeps one
 * live connection per session (a newer one closes the older with 4000), and exposes each
 * session's `callTool`.
 */
export async function createAgentServer(options: AgentServerOptions = {}): Promise<AgentServer> {
  const admit = createAdmission(options);
  const maxPayload = options.maxPayload ?? DEFAULT_MAX_PAYLOAD;
  if (!Number.isInteger(maxPayload) || maxPayload <= 0) throw new TypeError('createAgentServer: maxPayload must be a positive whole number of bytes.');
  // A call over a quarter of maxPayload is refused, so that an honest result always fits under it.
  const maxCallBytes = Math.floor(maxPayload / 4);
  const sessions = new Map<string, AgentSession>();
  let closed = false;
  // Loaded only when asked for, so that one process needs no Redis client installed.
  const fleet = options.redis === undefined ? undefined : await (await import('./redis/session.js')).joinFleet(options.redis, sessions);
  const session = (sessionId: string) => {
    let existing = sessions.get(sessionId);
    if (!existing) {
      const sessionOptions = { sessionId, context: options.contextFor?.(sessionId), clock: options.clock, graceMs: options.graceMs, maxCallBytes };
      existing = fleet ? fleet.session(sessionOptions) : new AgentSession(sessionOptions);
      sessions.set(sessionId, existing);
      if (closed) existing.close();
    }
    return existing;
  };
  if (!options.allowedOrigins) {
    (options.log ?? console.warn)(
      'agent-interaction-kit: no allowedOrigins given, so any page served from this machine (a loopback origin) can connect. ' +
        'That default is for development: list your pages\' origins in allowedOrigins.',
    );
  }
  // The upgrade is ours to decide (noServer), so a refused request never becomes a socket.
  const wss = new WebSocketServer({ noServer: true, maxPayload });
  const http = options.server ?? createServer((_request, response) => response.writeHead(426, { connection: 'close' }).end());
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    void admit(request).then((admission) => {
      if ('status' in admission) return refuse(socket, admission.status);
      if (socket.destroyed) return;
      wss.handleUpgrade(request, socket, head, (ws) => {
        onConnection(ws, admission.sessionId);
        wss.emit('connection', ws, request);
      });
    });
  };
  http.on('upgrade', onUpgrade);
  if (!options.server) {
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
    });
  }

  // Only a connection that passed the checks gets here, so only it can supersede another.
  const onConnection = (socket: WebSocket, sessionId: string) => {
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
  };

  const address = http.address();
  return {
    port: typeof address === 'object' && address ? address.port : (options.port ?? 0),
    session,
    wss,
    close: () =>
      new Promise<void>((resolve) => {
        http.off('upgrade', onUpgrade);
        // Only this process waits for its calls: in a fleet, another instance may still see them answered.
        closed = true;
        for (const agent of sessions.values()) agent.close();
        for (const client of wss.clients) client.terminate();
        wss.close(() => (options.server ? resolve() : http.close(() => resolve())));
      }).then(() => fleet?.close()),
  };
}
