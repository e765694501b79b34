import type { IncomingMessage } from 'node:http';

/**
 * Decides who may connect (DESIGN §3.7). `false` or `undefined` refuses; `true` accepts with the
 * session id from the path (or `sessionIdFor`); a string accepts with that session id.
 */
export type AuthorizeFunction = (request: IncomingMessage) => boolean | string | undefined | Promise<boolean | string | undefined>;

export interface AdmissionOptions {
  /** Page origins that may connect, exact `scheme://host:port`; default: loopback origins only. */
  allowedOrigins?: readonly string[];
  authorize?: AuthorizeFunction;
  sessionIdFor?: (request: IncomingMessage) => string | undefined;
}

/** An upgrade request's fate: a session to join, or an HTTP status to refuse it with. */
export type Admission = { sessionId: string } | { status: 403 | 404; reason: string };

const SESSION_PATH = /\/sessions\/([^/?#]+)/;

/** The segment after `/sessions/` in the URL path. */
export function sessionIdFromPath(request: IncomingMessage): string | undefined {
  const match = SESSION_PATH.exec(request.url ?? '');
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
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

/**
 * The decision made before the upgrade: the Origin must be listed (or, with no list, loopback);
 * a request without Origin (not a browser) needs `authorize` to accept it; `authorize`, when
 * given, has the last word, and its session id wins over the path.
 */
export function createAdmission(options: AdmissionOptions): (request: IncomingMessage) => Promise<Admission> {
  const listed = options.allowedOrigins ? normalizeOrigins(options.allowedOrigins) : undefined;
  const originAllowed = (origin: string) => (listed ? listed.has(origin) : isLoopbackOrigin(origin));
  const pathSessionId = options.sessionIdFor ?? sessionIdFromPath;
  return async (request) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !originAllowed(origin)) return { status: 403, reason: `origin ${origin} is not allowed` };
    if (origin === undefined && !options.authorize) return { status: 403, reason: 'no Origin header, and no authorize to accept it' };
    let verdict: boolean | string | undefined = true;
    if (options.authorize) {
      try {
        verdict = await options.authorize(request);
      } catch {
        verdict = false;
      }
    }
    if (verdict === false || verdict === undefined || verdict === '') return { status: 403, reason: 'refused by authorize' };
    const sessionId = typeof verdict === 'string' ? verdict : pathSessionId(request);
    return sessionId ? { sessionId } : { status: 404, reason: 'no session in the URL' };
  };
}
