import { html, type TemplateResult } from 'lit';

/**
 * Characters that change how text reads without being seen: bidi controls (which can make
 * "gnp.exe" read as "exe.png") and zero-width characters (which make two labels look equal).
 * The zero-width joiner is left alone: emoji sequences need it.
 */
const INVISIBLE = /[\u00AD\u061C\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/;
const INVISIBLE_GLOBAL = new RegExp(INVISIBLE.source, 'g');

const codePoint = (char: string) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Text with its invisible characters shown as visible marks (⟨U+202E⟩), so that options that
 * differ only by them are told apart and none reorders what follows it.
 */
export function revealInvisible(text: string): string | TemplateResult {
  if (!INVISIBLE.test(text)) return text;
  const parts: (string | TemplateResult)[] = [];
  let last = 0;
  for (const match of text.matchAll(INVISIBLE_GLOBAL)) {
    parts.push(text.slice(last, match.index));
    parts.push(html`<span class="invisible-char" part="invisible-char">⟨${codePoint(match[0])}⟩</span>`);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return html`${parts}`;
}
