// Which language an element speaks: the built-in ones, and matching any BCP 47 tag to the
// languages a page has (built in or registered). Pure: the element passes what it read.

/** The languages every bundle carries: zh-CN (the default) and en. */
export const LOCALE_NAMES = ['zh-CN', 'en'] as const;
export type BuiltinLocale = (typeof LOCALE_NAMES)[number];
/** A language the elements speak: a built-in one or the tag of a registered translation. */
export type Locale = BuiltinLocale | (string & Record<never, never>);
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/**
 * A tag's language, and for Chinese its script: Traditional when it says so (`Hant`) or names
 * Taiwan, Hong Kong or Macao without saying `Hans` first.
 */
const family = (tag: string): string => (/^zh-(?!hans).*\b(hant|tw|hk|mo)\b/.test((tag = tag.toLowerCase())) ? 'zh-hant' : tag.replace(/-.*/, ''));

/**
 * The first tag of `tags` that one of `available` speaks: the same tag, else the first in the same
 * language (and for Chinese the same script); else zh-CN. So `zh-Hant-HK`, `zh-HK` and `zh-MO`
 * find zh-TW, `zh-SG` finds zh-CN, `pt-PT` finds pt-BR and `en-GB` finds en; an unknown tag finds
 * none, and the next tag is tried.
 */
export function resolveLocale(tags: Iterable<string | null | undefined>, available: readonly string[]): Locale | undefined {
  for (const tag of tags) {
    const locale = tag && (available.find((name) => name.toLowerCase() === tag.toLowerCase()) ?? available.find((name) => family(name) === family(tag)));
    if (locale) return locale;
  }
  return undefined;
}
