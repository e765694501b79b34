// The direction a language is written in, from its BCP 47 tag: what lays a card out right to left.

export type Direction = 'ltr' | 'rtl';

/** Languages written right to left when the tag names no script (Arabic, Hebrew, Persian, Urdu…). */
const RTL_LANGUAGES = new Set(['ar', 'he', 'iw', 'fa', 'ur', 'ps', 'sd', 'yi', 'ji', 'dv', 'ug', 'ckb']);

/** Scripts written right to left: a script subtag decides over the language (`az-Arab`, `uz-Latn`). */
const RTL_SCRIPTS = new Set(['arab', 'hebr', 'thaa', 'syrc', 'nkoo', 'adlm', 'rohg', 'mand', 'samr']);

/**
 * `rtl` for a tag whose script is written right to left (`ar`, `he`, `ar-EG`, `fa-IR`,
 * `az-Arab`), else `ltr` (every other language, an empty or malformed tag). Underscores are read
 * as hyphens, case is ignored.
 */
export function directionOf(tag: string | null | undefined): Direction {
  const subtags = (tag ?? '').trim().toLowerCase().split(/[-_]/);
  const script = subtags.slice(1).find((subtag) => /^[a-z]{4}$/.test(subtag));
  if (script) return RTL_SCRIPTS.has(script) ? 'rtl' : 'ltr';
  return RTL_LANGUAGES.has(subtags[0] ?? '') ? 'rtl' : 'ltr';
}
