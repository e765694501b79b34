import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { isRecord } from '../protocol/constants.js';
import type { WireContext } from '../protocol/context.js';
import { systemClock, type Clock } from '../protocol/clock.js';
import { checkResultLanguage, type ResultLanguage } from '../rules/content.js';
import { createAdmission, isUnderPath, normalizePath, refuse, type Admission, type AuthorizeFunction } from './admission.js';
import { AgentSession, type AgentConnection } from './agent-session.js';
import type { AuditOption } from './audit.js';
import { checkInboxOptions, InboxEndpoint, type InboxOptions } from './inbox/endpoint.js';
import { createCallLinks, type CallLinks, type LinksOptions } from './links/call-links.js';
import { LinkSockets } from './links/link-socket.js';
import { allPlaces, checkNotifyOptions, Notifier, type NotifyFunction } from './links/notifier.js';
import type { RedisOption } from './redis/option.js';
import type { Fleet } from './redis/session.js';

/** Called with every upgrade request a server receives. */
export type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * What the kit calls on a server it is attached to, and nothing more: so an `http` or `https`
 * server, an `http2` compatibility server (`allowHTTP1`), Hono's `serve()` result or Fastify's
 * `app.server` all fit.
 */
export interface UpgradeServer {
  on(event: 'upgrade', listener: UpgradeListener): unknown;
  off(event: 'upgrade', listener: UpgradeListener): unknown;
  address(): AddressInfo | string | null;
}

export interface AgentServerOptions {
  /** Listen on this port (0: any free one) on `host` (default `127.0.0.1`), with a server of the kit's own. */
  port?: number;
  host?: string;
  /**
   * Attach to a server the application already runs: only its upgrades under `path` are the
   * kit's; every other upgrade is left untouched to its own handler.
   */
  server?: UpgradeServer;
  /** No listener at all: the application hands the kit its upgrades with `handleUpgrade`. */
  noServer?: boolean;
  /** The URL path whose upgrades are the kit's (default `/agent/sessions`): `<path>/<session id>`. */
  path?: string;
  /** The session a connection belongs to (default: the one segment after `path` in the URL). */
  sessionIdFor?: (request: IncomingMessage) => string | undefined;
  /**
   * Page origins that may connect, exact `scheme://host:port`. Default: loopback origins only
   * (`127.0.0.0/8`, `localhost`, `[::1]`, any port), which is for development.
   */
  allowedOrigins?: string[];
  /**
   * Sees the upgrade request (URL with query, headers, cookies) and the session its URL names;
   * may be async. `false` or `undefined` refuses with 403; `true` accepts; a string accepts with
   * that session id; `{ sessionId?, actor? }` accepts with that session id (when given) and keeps
   * `actor` (who the user is) with the session. A request without `Origin` (not a browser) is
   * accepted only when this accepts it. An inbox's upgrade comes with `{ inbox: true }` and no
   * session, and is accepted only with an `actor`.
   */
  authorize?: AuthorizeFunction;
  /** Largest frame accepted from a page, bytes (default 1 MiB); a larger one closes with 1009. */
  maxPayload?: number;
  /** Where the start-up warning and mistakes in `authorize`'s answers go (default `console.warn`). */
  log?: (message: string) => void;
  /** The context a new session's `hello` carries. */
  contextFor?: (sessionId: string) => WireContext | undefined;
  /**
   * The language of every result's `content`, the sentence the model reads: `zh` or `en`; only
   * `content` differs. It decides for the results the page sends too. Not given: the
   * page's results reach `callTool` as the page wrote them (Chinese by default), and the
   * runtime's own timeout results are Chinese.
   */
  resultLanguage?: ResultLanguage;
  clock?: Clock;
  graceMs?: number;
  /**
   * A Redis URL (`redis://127.0.0.1:6379`) or node-redis client options: every instance given
   * the same Redis behaves as one server (docs/many-instances.md). Needs the `redis` package.
   */
  redis?: RedisOption;
  /**
   * The audit trail (docs/protocol.md §11): a function called once with each decided call's
   * record (what it throws is logged, never the call's failure), or with `redis`, `'redis'`:
   * each record appended to the stream `aik:audit` in the same step that decided the call.
   */
  audit?: AuditOption;
  /** Put the arguments themselves in the audit records (default: only their SHA-256). */
  auditArguments?: boolean;
  /**
   * The inbox (docs/protocol.md §12.2): a WebSocket at `path` (default `/agent/inbox`) that lists,
   * live, every call waiting for its person across the sessions they may see, and takes their
   * answers. Admitted as a session is, and only when `authorize` names an `actor`. A session
   * belongs to the actor of the chat page that opened it, or to the owner `session(id, { owner })`
   * names; `inboxFor(actor)` adds other owners' sessions (a team) or single sessions.
   */
  inbox?: InboxOptions;
  /** Answer links (docs/links.md): `session.linkFor(callId)` mints `<baseUrl><path>/<token>`, served as a page (`handleRequest`) and its socket. */
  links?: LinksOptions;
  /**
   * Called once per call that waits for a person, with its link (needs `links`), after
   * `notifyAfter` seconds (default 0) in which the chat page could answer; in a fleet, by one
   * instance only. What it throws or rejects is logged once and tried again (after 1 s, then 4 s)
   * while the call waits; the call itself never waits for it.
   */
  notify?: NotifyFunction;
  notifyAfter?: number;
}

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

/** Default `maxPayload`: 1 MiB. */
export const DEFAULT_MAX_PAYLOAD = 1024 * 1024;

/** The listener options name, checked before anything starts. */
function listenerOf(options: AgentServerOptions): 'own' | 'attached' | 'none' {
  if (options.noServer) {
    const clash = (['server', 'port', 'host'] as const).filter((name) => options[name] !== undefined);
    if (clash.length > 0) throw new TypeError(`createAgentServer: noServer takes no ${clash.join(' or ')} (the application routes its upgrades to handleUpgrade).`);
    return 'none';
  }
  if (options.server === undefined) return 'own';
  if (typeof options.server?.on !== 'function') throw new TypeError('createAgentServer: server must be a Node server (http, https or an http2 compatibility server).');
  return 'attached';
}

/** What the options come to, once checked. */
interface CheckedOptions {
  listener: 'own' | 'attached' | 'none';
  admit: (request: IncomingMessage) => Promise<Admission>;
  path: string;
  resultLanguage: ResultLanguage | undefined;
  maxPayload: number;
  /** A call over a quarter of maxPayload is refused, so that an honest result always fits under it. */
  maxCallBytes: number;
  inbox: ReturnType<typeof checkInboxOptions> | undefined;
  links: CallLinks | undefined;
  notifyAfterMs: number;
}

/** Checks every option before anything starts: a mistake throws a TypeError naming it. */
function checkOptions(options: AgentServerOptions): CheckedOptions {
  const listener = listenerOf(options);
  const admit = createAdmission(options);
  const path = normalizePath(options.path);
  const resultLanguage = options.resultLanguage === undefined ? undefined : checkResultLanguage(options.resultLanguage, 'createAgentServer');
  if (options.redis !== undefined && typeof options.redis !== 'string' && !isRecord(options.redis)) {
    throw new TypeError('createAgentServer: redis must be a Redis URL or node-redis client options.');
  }
  if (options.audit !== undefined && options.audit !== 'redis' && typeof options.audit !== 'function') {
    throw new TypeError("createAgentServer: audit must be a function or 'redis'.");
  }
  if (options.audit === 'redis' && options.redis === undefined) throw new TypeError("createAgentServer: audit 'redis' writes to the fleet's Redis: give redis too.");
  const inbox = options.inbox === undefined ? undefined : checkInboxOptions(options.inbox, path);
  if (inbox && options.redis !== undefined) throw new TypeError('createAgentServer: the inbox runs in one process for now: give inbox or redis, not both.');
  const maxPayload = options.maxPayload ?? DEFAULT_MAX_PAYLOAD;
  if (!Number.isInteger(maxPayload) || maxPayload <= 0) throw new TypeError('createAgentServer: maxPayload must be a positive whole number of bytes.');
  const links = options.links === undefined ? undefined : createCallLinks(options.links);
  const notifyAfterMs = options.notify === undefined ? 0 : checkNotifyOptions(options.notify, options.notifyAfter, links);
  return { listener, admit, path, resultLanguage, maxPayload, maxCallBytes: Math.floor(maxPayload / 4), inbox, links, notifyAfterMs };
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
  private readonly notifier: Notifier | undefined;
  private readonly linkSockets: LinkSockets | undefined;
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
    this.inbox = inbox && new InboxEndpoint(inbox.path, inbox.inboxFor, options, sessions, options.log ?? console.warn);
    const { notify } = options;
    if (notify && checked.links) this.notifier = new Notifier(notify, checked.notifyAfterMs, checked.links, options.clock ?? systemClock, options.log ?? console.warn, fleet?.claimNotice);
    if (checked.links) this.linkSockets = new LinkSockets(checked.links, options, sessions, options.clock ?? systemClock);
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
      existing.places = allPlaces([this.inbox?.hub, this.notifier, this.linkSockets]);
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
  const fleet = options.redis === undefined ? undefined : await (await import('./redis/session.js')).joinFleet(options.redis, sessions);
  const server = new KitAgentServer(options, checked, sessions, fleet);
  await server.listen();
  return server;
}
