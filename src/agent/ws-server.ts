import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { systemClock } from '../protocol/clock.js';
import { isUnderPath, refuse } from './admission.js';
import { AgentSession, type AgentConnection } from './agent-session.js';
import { Auditor } from './audit.js';
import { InboxEndpoint } from './inbox/endpoint.js';
import { InboxHub } from './inbox/hub.js';
import { LinkSockets } from './links/link-socket.js';
import { LocalLinks } from './links/local-links.js';
import { allPlaces, Notifier } from './links/notifier.js';
import type { Fleet } from './redis/fleet.js';
import { checkOptions, type AgentServerOptions, type CheckedOptions, type UpgradeListener, type UpgradeServer } from './server-options.js';

export { DEFAULT_MAX_PAYLOAD, type AgentServerOptions, type UpgradeListener, type UpgradeServer } from './server-options.js';

/** Who a session belongs to, and its title in an inbox. */
export interface SessionAbout {
  owner?: string;
  title?: string;
}

export interface AgentServer {
  /** The port it listens on (an attached server's); 0 with `noServer`, or while an attached server is not listening. */
  readonly port: number;
  /** This instance's id, as its audit records (and, in a fleet, its Redis values) name it. */
  readonly instance: string;
  /**
   * The session for an id, created on first use: call its `callTool`. `about` names its owner
   * (whose inbox lists its calls; default: the actor of the chat page that opens it) and title.
   */
  session(sessionId: string, about?: SessionAbout): AgentSession;
  /**
   * Takes an upgrade the application routed to the kit (with `noServer`): the origin and
   * `authorize` checks, then the session's WebSocket, or an HTTP 403 / 404 and no socket.
   */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Serves an answer link's page (and its script) and returns true; false, nothing written, for any other request. */
  handleRequest(request: IncomingMessage, response: ServerResponse): boolean;
  /** Ends every connection and stops listening; calls still pending reject with KitError `unavailable`. */
  close(): Promise<void>;
  readonly wss: WebSocketServer;
}

/**
 * The server `createAgentServer` starts: its sessions by id, the WebSocket server that takes the
 * admitted upgrades, and the HTTP server it listens on (its own, the application's, or none).
 * Its methods are bound, so a caller may pass `session` or `handleUpgrade` on by themselves.
 */
class KitAgentServer implements AgentServer {
  readonly instance: string;
  // The upgrade is ours to decide (noServer), so a refused request never becomes a socket.
  readonly wss: WebSocketServer;
  private readonly http: UpgradeServer | undefined;
  private readonly inbox: InboxEndpoint | undefined;
  /** The inbox of this process's sessions, told as their calls come and go (in a fleet, Redis tells the inboxes). */
  private readonly localInbox: InboxHub | undefined;
  private readonly notifier: Notifier | undefined;
  private readonly linkSockets: LinkSockets | undefined;
  /** The links of this process's sessions, told as their calls settle (in a fleet, Redis tells the links). */
  private localLinks: LocalLinks | undefined;
  private closed = false;

  constructor(
    private readonly options: AgentServerOptions,
    private readonly checked: CheckedOptions,
    private readonly sessions: Map<string, AgentSession>,
    private readonly fleet: Fleet | undefined,
  ) {
    // The audit records name the instance: the fleet's id for it, or one of its own.
    this.instance = fleet?.instance ?? globalThis.crypto.randomUUID();
    if (!options.allowedOrigins) {
      (options.log ?? console.warn)(
        'agent-interaction-kit: no allowedOrigins given, so any page served from this machine (a loopback origin) can connect. ' +
          'That default is for development: list your pages\' origins in allowedOrigins.',
      );
    }
    this.wss = new WebSocketServer({ noServer: true, maxPayload: checked.maxPayload });
    const { inbox } = checked;
    const log = options.log ?? console.warn;
    if (inbox && !fleet) this.localInbox = new InboxHub(sessions, inbox.inboxFor, log);
    if (inbox) {
      const auditor = new Auditor(options.audit, options.auditArguments === true, this.instance);
      const now = () => (options.clock ?? systemClock).now();
      const hub = this.localInbox ?? fleet?.inbox({ inboxFor: inbox.inboxFor, log, contextFor: options.contextFor, auditor, now });
      if (hub) this.inbox = new InboxEndpoint(inbox.path, hub, options);
    }
    const { notify } = options;
    if (notify && checked.links) this.notifier = new Notifier(notify, checked.notifyAfterMs, checked.links, options.clock ?? systemClock, options.log ?? console.warn, fleet?.claimNotice);
    if (checked.links) {
      // On a fleet a link's call is found and answered in Redis, wherever it was asked; else in this process's sessions.
      const clock = options.clock ?? systemClock;
      const auditor = new Auditor(options.audit, options.auditArguments === true, this.instance);
      const source = fleet?.links({ contextFor: options.contextFor, auditor, now: () => clock.now() }) ?? (this.localLinks = new LocalLinks(sessions));
      this.linkSockets = new LinkSockets(checked.links, options, source, clock);
    }
    const own = (request: IncomingMessage, response: ServerResponse) => this.handleRequest(request, response) || response.writeHead(426, { connection: 'close' }).end();
    this.http = checked.listener === 'own' ? createServer(own) : options.server;
    this.http?.on('upgrade', this.onUpgrade);
  }

  get port(): number {
    const address = this.http?.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  /** Starts listening, on a server of its own; an attached server or none has nothing to start. */
  async listen(): Promise<void> {
    if (this.checked.listener !== 'own') return;
    const own = this.http as Server;
    await new Promise<void>((resolve, reject) => {
      own.once('error', reject);
      own.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => resolve());
    });
  }

  readonly session = (sessionId: string, about?: SessionAbout): AgentSession => {
    let existing = this.sessions.get(sessionId);
    if (!existing) {
      const { options, instance } = this;
      const { clock, graceMs, audit, auditArguments } = options;
      const { maxCallBytes, resultLanguage } = this.checked;
      const sessionOptions = { sessionId, context: options.contextFor?.(sessionId), clock, graceMs, maxCallBytes, resultLanguage, audit, auditArguments, instance };
      existing = this.fleet ? this.fleet.session(sessionOptions) : new AgentSession(sessionOptions);
      existing.places = allPlaces([this.localInbox, this.notifier, this.localLinks]);
      existing.links = this.checked.links;
      this.sessions.set(sessionId, existing);
      if (this.closed) existing.close();
    }
    if (about) this.describe(existing, about);
    return existing;
  };

  /**
   * A session's owner and title, as given (`byChat`: the chat page's actor, for a session without
   * an owner); every inbox sees the change, and in a fleet Redis keeps them for every instance.
   */
  private describe(session: AgentSession, about: SessionAbout, byChat = false): void {
    if (about.owner !== undefined && typeof about.owner !== 'string') throw new TypeError('session: owner must be a string (an actor).');
    if (about.title !== undefined && typeof about.title !== 'string') throw new TypeError('session: title must be a string.');
    this.fleet?.about(session.sessionId, about, byChat).then(
      (owner) => (session.owner = owner),
      () => undefined,
    );
    const owner = about.owner ?? session.owner;
    const title = about.title ?? session.title;
    if (owner === session.owner && title === session.title) return;
    session.owner = owner;
    session.title = title;
    this.inbox?.hub.changed();
  }

  readonly handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    if (this.inbox?.handles(request)) return this.inbox.upgrade(request, socket, head, this.wss);
    if (this.linkSockets?.handles(request)) return this.linkSockets.upgrade(request, socket, head, this.wss);
    socket.on('error', () => socket.destroy());
    void this.checked.admit(request).then((admission) => {
      if ('status' in admission) return refuse(socket, admission.status);
      if (socket.destroyed) return;
      this.wss.handleUpgrade(request, socket, head, (ws) => {
        this.onConnection(ws, admission);
        this.wss.emit('connection', ws, request);
      });
    });
  };

  readonly handleRequest = (request: IncomingMessage, response: ServerResponse): boolean => this.linkSockets?.serve(request, response) ?? false;

  /** On a server of its own every upgrade is the kit's to answer; on the application's, only those under `path`. */
  private readonly onUpgrade: UpgradeListener = (request, socket, head) => {
    if (isUnderPath(request, this.checked.path) || this.inbox?.handles(request) || this.linkSockets?.handles(request)) this.handleUpgrade(request, socket, head);
    else if (this.checked.listener === 'own') refuse(socket, 404);
  };

  /** Only a connection that passed the checks gets here, so only it can supersede another. */
  private onConnection(socket: WebSocket, admission: { sessionId: string; actor?: string }): void {
    const agent = this.session(admission.sessionId);
    // A session belongs to the actor of the chat page that opened it, unless it was given an owner.
    if (agent.owner === undefined && admission.actor !== undefined) this.describe(agent, { owner: admission.actor }, true);
    const connection: AgentConnection = {
      send: (message) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      },
      close: (code, reason) => socket.close(code, reason),
      actor: admission.actor,
    };
    agent.attach(connection);
    socket.on('message', (data, isBinary) => agent.receive(connection, isBinary ? data : String(data)));
    socket.on('close', () => agent.detach(connection));
    socket.on('error', () => agent.detach(connection));
  }

  readonly close = (): Promise<void> =>
    new Promise<void>((resolve) => {
      const { http, wss } = this;
      http?.off('upgrade', this.onUpgrade);
      // Only this process waits for its calls: in a fleet, another instance may still see them answered.
      this.closed = true;
      for (const agent of this.sessions.values()) agent.close();
      for (const client of wss.clients) client.terminate();
      wss.close(() => (this.checked.listener === 'own' ? (http as Server).close(() => resolve()) : resolve()));
    }).then(() => this.fleet?.close());
}

/**
 * A WebSocket server for Node runtimes (on `ws`): decides before the upgrade who may connect
 * (origins, `authorize`; a refusal is an HTTP 403), maps each connection to a session, keeps one
 * live connection per session (a newer one closes the older with 4000), and exposes each
 * session's `callTool`. It listens on a server of its own, on the application's server (only
 * under `path`), or on nothing (`noServer`, through `handleUpgrade`).
 */
export async function createAgentServer(options: AgentServerOptions = {}): Promise<AgentServer> {
  const checked = checkOptions(options);
  const sessions = new Map<string, AgentSession>();
  // Loaded only when asked for, so that one process needs no Redis client installed.
  const fleet = options.redis === undefined ? undefined : await (await import('./redis/fleet.js')).joinFleet(options.redis, sessions);
  const server = new KitAgentServer(options, checked, sessions, fleet);
  await server.listen();
  return server;
}
