import { isRecord } from '../protocol/constants.js';

// A call's id, as the View and the server both derive it: the host hands the View the call's
// arguments (and, not always, the JSON-RPC id of its tools/call), never an id of the kit's. The
// SHA-256 of the arguments ties a response to the very request it answers; the request id, when
// the host gives it, tells apart two calls with the same arguments.

/** JSON with object keys sorted and no spaces: the same text for the same value in any runtime. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (isRecord(value)) {
    const fields = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The hex SHA-256 of the arguments' canonical JSON (Web Crypto: Node, and any secure page). */
export async function argumentsDigest(args: Record<string, unknown>): Promise<string> {
  const bytes = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalJson(args)));
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
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
