import { html, type TemplateResult } from 'lit';
import { HIDDEN, lines, mark } from '../../rules/hidden-characters.js';

export { revealMarks } from '../../rules/hidden-characters.js';

/**
 * The one way a template shows a string a model wrote: isolated in a `<bdi>` (whose `dir` is
 * `auto` unless set), so its direction cannot reorder what surrounds it and it reads in its own
 * direction (an English path in an Arabic card, an Arabic message in an English card), with every
 * hidden character shown as a mark the theme can style (`::part(invisible-char)`). No raw control
 * character reaches a text node. The lint rule `aik/model-text` refuses model fields interpolated
 * into a template any other way.
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
