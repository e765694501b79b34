// Canonical JSON (docs/protocol.md §11.2): what the audit trail's `arguments_sha256` and an MCP
// App call's id hash. The Python runtime side writes the same bytes (agent_interaction_kit/jsjson.py),
// tested against the same cases (test/fixtures/canonical-json.json).

/**
 * JSON with every object's keys sorted (by UTF-16 code units, JavaScript's default sort) and no
 * whitespace; strings and numbers as `JSON.stringify` writes them. Written by hand because an
 * object's integer-like keys ("1", "10", "2") always come first in ascending numeric order, so no
 * re-ordered object can carry the sorted order into `JSON.stringify`.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256, lower-case hex, of the canonical JSON's UTF-8 bytes (WebCrypto: Node and browsers alike). */
export async function argumentsSha256(value: unknown): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalJson(value)));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
