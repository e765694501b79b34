// Answer-link tokens: a signed, self-contained claim that lets a page answer one pending call.
// token = P "." base64url(HMAC-SHA256(secret, P)), P = base64url of the canonical JSON of
// {v: 1, call_id, session_id, arguments_sha256, exp, aud}. The Python runtime mints the same bytes.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalJson } from '../../protocol/canonical-json.js';

/** What a token claims: the call, its session, a hash of its arguments, the expiry and the audience. */
export interface AnswerTokenClaims {
  v: 1;
  call_id: string;
  session_id: string;
  arguments_sha256: string;
  /** Epoch seconds; the token is valid while now < exp. */
  exp: number;
  /** The only actor who may use the link, or null for anyone holding it. */
  aud: string | null;
}

export interface MintAnswerTokenOptions {
  secret: string;
  callId: string;
  sessionId: string;
  arguments: unknown;
  /** The call's deadline (ISO 8601 or a Date); `exp` is it in epoch seconds, rounded up. */
  deadline: string | Date;
  aud?: string | null;
}

export interface VerifyAnswerTokenOptions {
  secret: string;
  /** The clock; defaults to the current time. */
  now?: Date;
  /** The pending call's id: a token minted for another call is refused. */
  callId?: string;
  /** The pending call's arguments: a token minted for other arguments is refused. */
  arguments?: unknown;
  /** Who is answering (null when nobody is signed in); checked against `aud`. */
  actor?: string | null;
}

/** Why a token is refused: for the server's log only; the page is told nothing of the call. */
export type AnswerTokenRefusal = 'malformed' | 'bad_signature' | 'expired' | 'call' | 'arguments' | 'audience';

export type AnswerTokenOutcome = { ok: true; claims: AnswerTokenClaims } | { ok: false; reason: AnswerTokenRefusal };

const SEGMENT = /^[A-Za-z0-9_-]+$/;

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(payload, 'ascii').digest('base64url');
}

/** Mints the token for one pending call. */
export function mintAnswerToken(options: MintAnswerTokenOptions): string {
  const deadline = options.deadline instanceof Date ? options.deadline : new Date(options.deadline);
  const exp = Math.ceil(deadline.getTime() / 1000);
  if (!Number.isFinite(exp)) throw new TypeError('mintAnswerToken: the deadline is not a valid date');
  const claims: AnswerTokenClaims = {
    v: 1,
    call_id: options.callId,
    session_id: options.sessionId,
    arguments_sha256: sha256Hex(canonicalJson(options.arguments)),
    exp,
    aud: options.aud ?? null,
  };
  const payload = Buffer.from(canonicalJson(claims), 'utf8').toString('base64url');
  return `${payload}.${sign(options.secret, payload)}`;
}

function readClaims(payload: string): AnswerTokenClaims | undefined {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  const claims = value as Record<string, unknown>;
  const shaped =
    claims.v === 1 &&
    typeof claims.call_id === 'string' &&
    typeof claims.session_id === 'string' &&
    typeof claims.arguments_sha256 === 'string' &&
    typeof claims.exp === 'number' &&
    Number.isFinite(claims.exp) &&
    (claims.aud === null || typeof claims.aud === 'string');
  return shaped ? (claims as unknown as AnswerTokenClaims) : undefined;
}

/**
 * Checks a token: its form, its signature (in constant time), its expiry, then, when given, the
 * call it names, the call's arguments and the audience.
 */
export function verifyAnswerToken(token: string, options: VerifyAnswerTokenOptions): AnswerTokenOutcome {
  const parts = typeof token === 'string' ? token.split('.') : [];
  if (parts.length !== 2 || !SEGMENT.test(parts[0]) || !SEGMENT.test(parts[1])) return { ok: false, reason: 'malformed' };
  const [payload, signature] = parts;
  const expected = Buffer.from(sign(options.secret, payload), 'ascii');
  const given = Buffer.from(signature, 'ascii');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad_signature' };
  const claims = readClaims(payload);
  if (!claims) return { ok: false, reason: 'malformed' };
  const now = (options.now ?? new Date()).getTime() / 1000;
  if (!(now < claims.exp)) return { ok: false, reason: 'expired' };
  if (options.callId !== undefined && options.callId !== claims.call_id) return { ok: false, reason: 'call' };
  if ('arguments' in options && sha256Hex(canonicalJson(options.arguments)) !== claims.arguments_sha256) {
    return { ok: false, reason: 'arguments' };
  }
  if (claims.aud !== null && claims.aud !== (options.actor ?? null)) return { ok: false, reason: 'audience' };
  return { ok: true, claims };
}
