// The one place the kit parses JSON text: frames from either side, tool arguments models wrote
// as strings, and what storage kept. Free of zod, so the rules and the elements may use it.

/** What `parseJson` returns for text that is not JSON (`undefined` is not a JSON value either). */
export const NOT_JSON: unique symbol = Symbol('not JSON');

/** The value of a JSON text, or `NOT_JSON`; never throws. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

/** A message as it arrives: a WebSocket text frame is parsed, a `postMessage` value is itself. */
export function messageValue(data: unknown): unknown {
  return typeof data === 'string' ? parseJson(data) : data;
}
