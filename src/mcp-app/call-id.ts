import { argumentsSha256, canonicalJson } from '../protocol/canonical-json.js';

// A call's id, as the View and the server both derive it: the host hands the View the call's
// arguments (and, not always, the JSON-RPC id of its tools/call), never an id of the kit's. The
// SHA-256 of the arguments ties a response to the very request it answers; the request id, when
// the host gives it, tells apart two calls with the same arguments.

export { canonicalJson };

/** The hex SHA-256 of the arguments' canonical JSON: the audit trail's `arguments_sha256` too. */
export function argumentsDigest(args: Record<string, unknown>): Promise<string> {
  return argumentsSha256(args);
}

/** `<digest>#<request id>`, or the digest alone when the request id is not known. */
export function formatCallId(digest: string, requestId?: string | number): string {
  return requestId === undefined ? digest : `${digest}#${requestId}`;
}

/** The parts of a call id; undefined when it is not one. */
export function parseCallId(callId: string): { digest: string; requestId?: string } | undefined {
  const [, digest, requestId] = /^([0-9a-f]{64})(?:#(.+))?$/.exec(callId) ?? [];
  if (digest === undefined) return undefined;
  return requestId === undefined ? { digest } : { digest, requestId };
}
