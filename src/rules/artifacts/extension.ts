// Apart from mime.ts, so that a reader of extensions (the artifact list's icons) does not carry
// the extension → MIME table.

/** The lower-cased extension of a file name, without the dot; empty when there is none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}
