/** The languages the elements speak: zh-CN (the default) and en. */
export const LOCALE_NAMES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALE_NAMES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** Maps any BCP 47 tag to a supported locale: English for `en*`, Chinese for `zh*`, else none. */
export function toLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const lower = tag.toLowerCase();
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
  return undefined;
}

const merged = new WeakMap<object, Partial<Record<Locale, object>>>();

/**
 * The card's strings and an element's own, as one object per language; built once per table
 * and language, so that a render reads plain properties.
 */
export function withStrings<A extends object, B extends object>(base: Readonly<Record<Locale, A>>, own: Readonly<Record<Locale, B>>, locale: Locale): A & B {
  const cache = merged.get(own) ?? {};
  merged.set(own, cache);
  return (cache[locale] ??= { ...base[locale], ...own[locale] }) as A & B;
}
