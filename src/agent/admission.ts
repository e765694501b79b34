import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { isRecord } from '../protocol/constants.js';

/**
 * What `authorize` answers. `false` or `undefined` refuses; `true` accepts with
 * the session id the URL names (or `sessionIdFor`); a string accepts with that session id; an
 * object accepts too, with its `sessionId` (when given, it wins over the URL) and `actor`: who the
 * user is, kept with the session for the audit trail.
 */
export type Authorization = boolean | string | undefined | { sessionId?: string; actor?: string };

/** What the kit already read from the upgrade request, for `authorize` to check. */
export interface AuthorizeContext {
  /** The session the URL names (the one segment after `path`, or `sessionIdFor`), if any. */
  sessionId: string | undefined;
  /** True for an inbox connection, which needs an `actor` and names no session. */
  inbox?: boolean;
  /** True for an answer link's page or socket: the session is the token's, and only the `actor` counts. */
  link?: boolean;
}

/** Sees the upgrade request (URL with its query, headers, cookies) before any socket exists; may be async. */
export type AuthorizeFunction = (request: IncomingMessage, context: AuthorizeContext) => Authorization | Promise<Authorization>;

export interface AdmissionOptions {
  /** Page origins that may connect, exact `scheme://host:port`; default: loopback origins only. */
  allowedOrigins?: readonly string[];
  authorize?: AuthorizeFunction;
  /** The URL path whose upgrades are the kit's (default `/agent/sessions`). */
  path?: string;
  sessionIdFor?: (request: IncomingMessage) => string | undefined;
  /** Where a refused origin (once per origin) and a mistake in what `authorize` returned are reported (default `console.warn`). */
  log?: (message: string) => void;
}

/** An upgrade request's fate: a session to join (and who joins it), or an HTTP status to refuse it with. */
export type Admission = { sessionId: string; actor?: string } | { status: 403 | 404; reason: string };

/** An inbox upgrade's fate: whose inbox it opens, or a refusal. */
export type InboxAdmission = { actor: string } | { status: 403; reason: string };

export const DEFAULT_PATH = '/agent/sessions';

/** Refused origins reported, at most: a page cannot grow the set without bound. */
const REPORTED_ORIGINS_MAX = 1000;

/** `path` without a trailing slash; a path that is not one throws, naming the option. */
export function normalizePath(path: string = DEFAULT_PATH): string {
  if (typeof path !== 'string' || !path.startsWith('/') || /[?#]/.test(path)) {
    throw new TypeError(`createAgentServer: path must be a URL path such as "/agent/sessions" (got ${JSON.stringify(path)}).`);
  }
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The URL's path, without its query or fragment. */
function pathnameOf(request: IncomingMessage): string {
  return (request.url ?? '').split(/[?#]/, 1)[0] ?? '';
}

/** True when the upgrade's path is `path` itself or under it: the kit's to answer. */
export function isUnderPath(request: IncomingMessage, path: string): boolean {
  const pathname = pathnameOf(request);
  return path === '/' || pathname === path || pathname.startsWith(`${path}/`);
}

/** The one segment after `path` (`/agent/sessions/<id>`), decoded; none for the path itself or deeper paths. */
export function sessionIdFromPath(request: IncomingMessage, path: string = DEFAULT_PATH): string | undefined {
  const pathname = pathnameOf(request);
  const prefix = path === '/' ? '/' : `${path}/`;
  if (!pathname.startsWith(prefix)) return undefined;
  const segment = pathname.slice(prefix.length);
  if (!segment || segment.includes('/')) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** `127.0.0.0/8`, `localhost` (and its subdomains) and `[::1]`, on any port, http or https. */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The listed origins as a browser writes them in `Origin`; a bad entry throws, naming it. */
export function normalizeOrigins(origins: readonly string[]): Set<string> {
  if (!Array.isArray(origins)) throw new TypeError('createAgentServer: allowedOrigins must be an array of origins.');
  return new Set(
    origins.map((origin, index) => {
      let url: URL | undefined;
      try {
        url = typeof origin === 'string' && origin !== '*' ? new URL(origin) : undefined;
      } catch {
        url = undefined;
      }
      // Only an origin: no path, query, fragment or credentials (a pasted page URL is a mistake).
      const bare = url && url.origin !== 'null' && url.pathname === '/' && !url.search && !url.hash && !url.username;
      if (!url || !bare) {
        throw new TypeError(`createAgentServer: allowedOrigins[${index}] must be an origin such as "https://chat.example.com" (got ${JSON.stringify(origin)}).`);
      }
      return url.origin;
    }),
  );
}

/** What an accepting `authorize` answer grants. */
type Grant = { sessionId?: string; actor?: string };

/** `authorize`'s answer as a grant; `undefined` refuses; a string says what is wrong with the answer. */
function grantOf(verdict: unknown): Grant | undefined | { mistake: string } {
  if (verdict === true) return {};
  if (verdict === false || verdict === undefined || verdict === null || verdict === '') return undefined;
  if (typeof verdict === 'string') return { sessionId: verdict };
  if (!isRecord(verdict)) return { mistake: `it returned ${JSON.stringify(verdict) ?? typeof verdict}; expected true, false, a session id or { sessionId?, actor? }` };
  const { sessionId, actor } = verdict;
  if (sessionId !== undefined && (typeof sessionId !== 'string' || !sessionId)) return { mistake: 'sessionId must be a non-empty string' };
  if (actor !== undefined && typeof actor !== 'string') return { mistake: 'actor must be a string' };
  return { sessionId, actor };
}

/**
 * The checks of every upgrade: the Origin must be listed (or, with no list, loopback); a request
 * without Origin (not a browser) needs `authorize` to accept it; `authorize`, when given, has the
 * last word. An answer it cannot read refuses, and says why.
 */
function createGate(options: AdmissionOptions): (request: IncomingMessage, context: AuthorizeContext) => Promise<Grant | { status: 403; reason: string }> {
  const listed = options.allowedOrigins ? normalizeOrigins(options.allowedOrigins) : undefined;
  const originAllowed = (origin: string) => (listed ? listed.has(origin) : isLoopbackOrigin(origin));
  const log = options.log ?? console.warn;
  // Once per origin: a page that reconnects every few seconds does not flood the log.
  const reported = new Set<string>();
  const reportRefused = (origin: string) => {
    if (reported.has(origin) || reported.size >= REPORTED_ORIGINS_MAX) return;
    reported.add(origin);
    const list = listed ? 'allowedOrigins' : 'the loopback origins allowed without allowedOrigins';
    log(`agent-interaction-kit: refused a connection from origin ${origin}: it is not in ${list}. Add it to allowedOrigins if that page may connect.`);
  };
  return async (request, context) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !originAllowed(origin)) {
      reportRefused(origin);
      return { status: 403, reason: `origin ${origin} is not allowed` };
    }
    if (origin === undefined && !options.authorize) return { status: 403, reason: 'no Origin header, and no authorize to accept it' };
    let grant: ReturnType<typeof grantOf> = {};
    if (options.authorize) {
      try {
        grant = grantOf(await options.authorize(request, context));
      } catch {
        grant = undefined;
      }
    }
    if (grant && 'mistake' in grant) {
      log(`agent-interaction-kit: authorize's answer refused the connection: ${grant.mistake}.`);
      return { status: 403, reason: grant.mistake };
    }
    return grant ?? { status: 403, reason: 'refused by authorize' };
  };
}

/** The decision made before a session's upgrade: the checks of every upgrade; `authorize`'s session id wins over the path's. */
export function createAdmission(options: AdmissionOptions): (request: IncomingMessage) => Promise<Admission> {
  const gate = createGate(options);
  const path = normalizePath(options.path);
  const pathSessionId = options.sessionIdFor ?? ((request: IncomingMessage) => sessionIdFromPath(request, path));
  return async (request) => {
    const named = pathSessionId(request);
    const grant = await gate(request, { sessionId: named });
    if ('status' in grant) return grant;
    const sessionId = grant.sessionId ?? named;
    if (!sessionId) return { status: 404, reason: 'no session in the URL' };
    return grant.actor === undefined ? { sessionId } : { sessionId, actor: grant.actor };
  };
}

/** The decision made before an inbox's upgrade: the checks of every upgrade, and `authorize` must name an actor. */
export function createInboxAdmission(options: AdmissionOptions): (request: IncomingMessage) => Promise<InboxAdmission> {
  const gate = createGate(options);
  return async (request) => {
    const grant = await gate(request, { sessionId: undefined, inbox: true });
    if ('status' in grant) return grant;
    return grant.actor ? { actor: grant.actor } : { status: 403, reason: 'an inbox needs an actor, and authorize named none' };
  };
}

/** An answer link's two checks: the page's origin (a socket's, as every upgrade's), and who opens it. */
export interface LinkAdmission {
  /** The Origin is allowed; a request without one (not a browser) waits for `authorize` to accept it. */
  originAllowed(request: IncomingMessage): boolean;
  /**
   * The actor `authorize` names for the token's session, or null when it names none, refuses or
   * throws (a link without an audience needs nobody signed in); `undefined` for a request without
   * Origin that `authorize` did not accept.
   */
  actorOf(request: IncomingMessage, sessionId: string): Promise<string | null | undefined>;
}

export function createLinkAdmission(options: AdmissionOptions): LinkAdmission {
  const listed = options.allowedOrigins ? normalizeOrigins(options.allowedOrigins) : undefined;
  return {
    originAllowed(request) {
      const origin = request.headers.origin;
      if (origin === undefined) return options.authorize !== undefined;
      return listed ? listed.has(origin) : isLoopbackOrigin(origin);
    },
    async actorOf(request, sessionId) {
      let verdict: unknown;
      try {
        verdict = await options.authorize?.(request, { sessionId, link: true });
      } catch {
        verdict = undefined;
      }
      if (request.headers.origin === undefined && request.headers.upgrade !== undefined && !verdict) return undefined;
      return isRecord(verdict) && typeof verdict.actor === 'string' ? verdict.actor : null;
    },
  };
}

const STATUS_TEXT = { 403: 'Forbidden', 404: 'Not Found', 410: 'Gone', 503: 'Service Unavailable' } as const;

/** Refuses an upgrade over HTTP, before any WebSocket exists: no session ever sees it. */
export function refuse(socket: Duplex, status: keyof typeof STATUS_TEXT): void {
  const text = STATUS_TEXT[status];
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${text.length}\r\n\r\n${text}`);
}
