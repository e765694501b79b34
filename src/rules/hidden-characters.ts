// Characters that change how text reads without being seen, and the marks that show them: the
// cards' safe text path (elements/shared/safe-text.ts) and every place model text leaves the page
// as plain text (a system notification, a notice sent to Feishu or Slack) write them the same way.

/**
 * Bidi controls (which can make "gnp.exe" read as "exe.png"), zero-width and format characters
 * (which make two labels look equal) and C0/C1 controls other than newline and tab. The
 * zero-width joiner is left alone: emoji sequences need it.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const HIDDEN = /[\0-\x08\x0B-\x1F\x7F-\x9F\xAD\u061C\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** A hidden character as its visible mark: ⟨U+202E⟩. */
export const mark = (char: string) => `⟨U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`;

/** A Windows line end is a line end, not a control to show. */
export const lines = (text: string) => text.replace(/\r\n/g, '\n');

/**
 * Model text as a plain string with its hidden characters written as marks (⟨U+202E⟩): for
 * attributes (`alt`, labels), for sentences that quote model text and then go through the safe
 * text path as a whole, and for text sent where no safe text path runs.
 */
export function revealMarks(text: string): string {
  return lines(text).replace(HIDDEN, mark);
}
