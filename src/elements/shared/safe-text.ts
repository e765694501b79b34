import { html, type TemplateResult } from 'lit';

/**
 * Characters that change how text reads without being seen: bidi controls (which can make
 * "gnp.exe" read as "exe.png"), zero-width and format characters (which make two labels look
 * equal) and C0/C1 controls other than newline and tab. The zero-width joiner is left alone:
 * emoji sequences need it.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const HIDDEN = /[\0-\x08\x0B-\x1F\x7F-\x9F\xAD\u061C\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

const mark = (char: string) => `⟨U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`;

// A Windows line end is a line end, not a control to show.
const lines = (text: string) => text.replace(/\r\n/g, '\n');

/**
 * Model text as a plain string with its hidden characters written as marks (⟨U+202E⟩): for
 * attributes (`alt`, labels) and for sentences that quote model text and then go through
 * `safeText` as a whole.
 */
export function revealMarks(text: string): string {
  return lines(text).replace(HIDDEN, mark);
}

/**
 * The one way a template shows a string a model wrote: isolated in a `<bdi>`, so
 * its direction cannot reorder what surrounds it, with every hidden character shown as a mark
 * the theme can style (`::part(invisible-char)`). No raw control character reaches a text node.
 * The lint rule `aik/model-text` refuses model fields interpolated into a template any other way.
 */
export function safeText(text: string | null | undefined): TemplateResult {
  return html`<bdi>${safeTextContent(text)}</bdi>`;
}

/**
 * What `safeText` puts inside its `<bdi>`, for a template that writes the `<bdi>` itself: an
 * option of a thousand-option list is one template instead of two. Plain text when it has no
 * hidden character, else the text with each one as a mark.
 */
export function safeTextContent(text: string | null | undefined): string | (string | TemplateResult)[] {
  const value = lines(text ?? '');
  if (value.search(HIDDEN) < 0) return value;
  const parts: (string | TemplateResult)[] = [];
  let last = 0;
  for (const match of value.matchAll(HIDDEN)) {
    parts.push(value.slice(last, match.index), html`<span class="invisible-char" part="invisible-char">${mark(match[0])}</span>`);
    last = match.index + match[0].length;
  }
  parts.push(value.slice(last));
  return parts;
}
