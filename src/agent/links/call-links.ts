// Answer links for pending calls (docs/runtime.md#answer-links): `<baseUrl><path>/<token>`, the
// token signed for the call's session, arguments and deadline, its audience the session's owner.
// A high-risk approval gets a link only when the session has an owner: a link anyone holding it
// may use never approves a high-risk action.
import { ASKING_TOOLS } from '../../protocol/constants.js';
import { toChoice } from '../../rules/coerce.js';
import type { PendingCall } from '../call.js';
import { mintAnswerToken, verifyAnswerToken, type AnswerTokenOutcome, type VerifyAnswerTokenOptions } from './answer-token.js';

/** The `links` option: the signing secret (at least 32 bytes), the public base URL and the answer page's path. */
export interface LinksOptions {
  secret: string;
  /** Where people reach the application, e.g. `https://agents.example.com` (no path of the page). */
  baseUrl: string;
  /** The answer page's URL path (default `/agent/answer`); a link is `<baseUrl><path>/<token>`. */
  path?: string;
}

/** What a link is minted from: the session's id and owner, and its waiting calls. */
export interface LinkedSession {
  readonly sessionId: string;
  readonly owner: string | undefined;
  readonly waiting: ReadonlyMap<string, PendingCall>;
}

/** Mints the links of one server's sessions, and checks the tokens they carry. */
export interface CallLinks {
  linkFor(session: LinkedSession, callId: string): string | undefined;
  /** The answer page's URL path, without a trailing slash. */
  readonly path: string;
  /** The WebSocket origin of `baseUrl` (`wss://host` for https), which the page's socket connects to. */
  readonly socketOrigin: string;
  /** Checks a token under the secret (in constant time): its form, signature and expiry, then what `options` name. */
  verify(token: string, options: Omit<VerifyAnswerTokenOptions, 'secret'>): AnswerTokenOutcome;
}

export const DEFAULT_ANSWER_PATH = '/agent/answer';
/** The shortest secret accepted, in UTF-8 bytes: as long as the HMAC-SHA256 key it becomes. */
export const MIN_SECRET_BYTES = 32;

/** A call that waits for a person's answer (an approval or an input), not a publication. */
export const waitsForPerson = (call: Pick<PendingCall, 'tool'>): boolean => (ASKING_TOOLS as readonly string[]).includes(call.tool);

/** An approval the rules read as high-risk (severity `high`, in any case). */
export const isHighRisk = (call: Pick<PendingCall, 'tool' | 'args'>): boolean =>
  call.tool === 'request_user_approval' && toChoice(call.args.severity, ['low', 'medium', 'high'], 'medium') === 'high';

/** Checks the `links` option (a mistake throws a TypeError naming it) and returns its minter. */
export function createCallLinks(options: LinksOptions): CallLinks {
  const where = 'createAgentServer: links';
  if (options === null || typeof options !== 'object') throw new TypeError(`${where} must be { secret, baseUrl, path? }.`);
  const { secret, baseUrl, path = DEFAULT_ANSWER_PATH } = options;
  if (typeof secret !== 'string' || Buffer.byteLength(secret, 'utf8') < MIN_SECRET_BYTES) {
    throw new TypeError(`${where}.secret must be a string of at least ${MIN_SECRET_BYTES} bytes (a random one, kept out of the code).`);
  }
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new TypeError(`${where}.baseUrl must be an absolute http(s) URL (got ${JSON.stringify(baseUrl)}).`);
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new TypeError(`${where}.baseUrl must be an http(s) URL (got ${JSON.stringify(baseUrl)}).`);
  if (base.search || base.hash) throw new TypeError(`${where}.baseUrl takes no query or fragment (got ${JSON.stringify(baseUrl)}).`);
  if (typeof path !== 'string' || !path.startsWith('/') || /[?#]/.test(path)) {
    throw new TypeError(`${where}.path must be a URL path such as "${DEFAULT_ANSWER_PATH}" (got ${JSON.stringify(path)}).`);
  }
  const pagePath = path.replace(/\/+$/, '');
  const prefix = `${base.href.replace(/\/+$/, '')}${pagePath}/`;
  return {
    path: pagePath,
    socketOrigin: `${base.protocol === 'https:' ? 'wss:' : 'ws:'}//${base.host}`,
    verify: (token, checks) => verifyAnswerToken(token, { ...checks, secret }),
    linkFor(session, callId) {
      const call = session.waiting.get(callId);
      if (!call || !waitsForPerson(call)) return undefined;
      const aud = session.owner ?? null;
      if (aud === null && isHighRisk(call)) return undefined;
      const token = mintAnswerToken({ secret, callId, sessionId: session.sessionId, arguments: call.args, deadline: call.deadline, aud });
      return prefix + token;
    },
  };
}
