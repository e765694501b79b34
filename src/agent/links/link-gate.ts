// The checks an answer link passes before its page shows a card or its socket opens
// (docs/protocol.md#13-answer-links): the token's form and signature (404), its expiry (410), the
// signed arguments against the call pending here (404), and, for a link with an audience, the
// actor `authorize` gives (403). A refusal is a status only: nothing of the call.
import type { IncomingMessage } from 'node:http';
import type { Clock } from '../../protocol/clock.js';
import { createLinkAdmission, type AdmissionOptions } from '../admission.js';
import type { ShownSession } from '../places.js';
import type { AnswerTokenClaims } from './answer-token.js';
import type { CallLinks } from './call-links.js';

/** A link's fate: refused with an HTTP status, or the call it names and who opens it. */
export type LinkVerdict = { status: 403 | 404 | 410 } | { claims: AnswerTokenClaims; actor: string | null };

/** The claims of a token whose signature was checked already. */
const signedClaims = (token: string): AnswerTokenClaims => JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as AnswerTokenClaims;

export type LinkGate = (request: IncomingMessage, token: string, upgrade: boolean) => Promise<LinkVerdict>;

export function createLinkGate(links: CallLinks, admission: AdmissionOptions, sessions: ReadonlyMap<string, ShownSession>, clock: Clock): LinkGate {
  const admit = createLinkAdmission(admission);
  return async (request, token, upgrade) => {
    if (upgrade && !admit.originAllowed(request)) return { status: 403 };
    const now = new Date(clock.now());
    const outcome = links.verify(token, { now });
    // `audience` comes last: the form, the signature and the expiry are good, the actor is checked below.
    if (!outcome.ok && outcome.reason !== 'audience') return { status: outcome.reason === 'expired' ? 410 : 404 };
    const claims = outcome.ok ? outcome.claims : signedClaims(token);
    // A token signed for other arguments than the call's (the same id asked again) is not this call's link.
    const call = sessions.get(claims.session_id)?.waiting.get(claims.call_id);
    const signed = call && links.verify(token, { now, arguments: call.args, actor: claims.aud });
    if (signed && !signed.ok) return { status: 404 };
    const actor = await admit.actorOf(request, claims.session_id);
    if (actor === undefined || (claims.aud !== null && actor !== claims.aud)) return { status: 403 };
    return { claims, actor };
  };
}
