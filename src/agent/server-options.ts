// The options of createAgentServer (docs/runtime.md) and their check, which runs before anything
// starts: a mistake throws a TypeError naming the option.
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { isRecord } from '../protocol/constants.js';
import type { WireContext } from '../protocol/context.js';
import type { Clock } from '../protocol/clock.js';
import { checkResultLanguage, type ResultLanguage } from '../rules/content.js';
import { createAdmission, normalizePath, type Admission, type AuthorizeFunction } from './admission.js';
import type { AuditOption } from './audit.js';
import { checkInboxOptions, type InboxOptions } from './inbox/endpoint.js';
import { createCallLinks, type CallLinks, type LinksOptions } from './links/call-links.js';
import { checkNotifyOptions, type NotifyFunction } from './links/notifier.js';
import type { RedisOption } from './redis/option.js';

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
export interface CheckedOptions {
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
export function checkOptions(options: AgentServerOptions): CheckedOptions {
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
  const maxPayload = options.maxPayload ?? DEFAULT_MAX_PAYLOAD;
  if (!Number.isInteger(maxPayload) || maxPayload <= 0) throw new TypeError('createAgentServer: maxPayload must be a positive whole number of bytes.');
  const links = options.links === undefined ? undefined : createCallLinks(options.links);
  const notifyAfterMs = options.notify === undefined ? 0 : checkNotifyOptions(options.notify, options.notifyAfter, links);
  return { listener, admit, path, resultLanguage, maxPayload, maxCallBytes: Math.floor(maxPayload / 4), inbox, links, notifyAfterMs };
}
