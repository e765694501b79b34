// The checks an answer link passes before its page shows a card or its socket opens
// (docs/protocol.md#13-answer-links): the token's form and signature (404), its expiry (410), the
// signed arguments against the call's (404: another call, or the same id asked again), and, for a link with an audience, the
// actor `authorize` gives (403). A refusal is a status only: nothing of the call.
import type { IncomingMessage } from 'node:http';
import type { Clock } from '../../protocol/clock.js';
import { createLinkAdmission, type AdmissionOptions } from '../admission.js';
import type { AnswerTokenClaims } from './answer-token.js';
import type { CallLinks } from './call-links.js';
import type { SignedCall } from './link-source.js';

/** A link's fate: refused with an HTTP status, or the call it names and who opens it. */
export type LinkVerdict = { status: 403 | 404 | 410 | 503 } | { claims: AnswerTokenClaims; actor: string | null };

/** The claims of a token whose signature was checked already. */
const signedClaims = (token: string): AnswerTokenClaims => JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as AnswerTokenClaims;

export type LinkGate = (request: IncomingMessage, token: string, upgrade: boolean) => Promise<LinkVerdict>;

/** `signedCall`: the arguments of the call a token names, where the server finds it (its sessions, or the fleet's Redis). */
export function createLinkGate(links: CallLinks, admission: AdmissionOptions, signedCall: (claims: AnswerTokenClaims) => Promise<SignedCall>, clock: Clock): LinkGate {
  const admit = createLinkAdmission(admission);
  return async (request, token, upgrade) => {
    if (upgrade && !admit.originAllowed(request)) return { status: 403 };
    const now = new Date(clock.now());
    const outcome = links.verify(token, { now });
    // `audience` comes last: the form, the signature and the expiry are good, the actor is checked below.
    if (!outcome.ok && outcome.reason !== 'audience') return { status: outcome.reason === 'expired' ? 410 : 404 };
    const claims = outcome.ok ? outcome.claims : signedClaims(token);
    // A token signed for other arguments than the call's (the same id asked again) is not this call's link.
    let call: SignedCall;
    try {
      call = await signedCall(claims);
    } catch {
      return { status: 503 }; // the fleet's Redis is unreachable: try again later
    }
    if (call === 'other') return { status: 404 };
    const signed = call && links.verify(token, { now, arguments: call, actor: claims.aud });
    if (signed && !signed.ok) return { status: 404 };
    const actor = await admit.actorOf(request, claims.session_id);
    if (actor === undefined || (claims.aud !== null && actor !== claims.aud)) return { status: 403 };
    return { claims, actor };
  };
}
