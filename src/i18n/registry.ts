// The languages a page adds beyond zh-CN and en (a locale entry, or registerTranslation), and each
// string table in the language asked for. Shared through a global symbol, so that a locale entry
// registers for every copy of the kit on the page (the standalone bundle, the element entries).
import { LOCALE_NAMES, resolveLocale, type BuiltinLocale, type Locale } from './locales.js';
import type { Translation } from './translation.js';

/** A registered language: its table for a section, given en's to fill what it lacks from. */
export type RegisteredTables = (section: keyof Translation, en: object) => object;

/** The page's registered languages by tag, one map for every copy of the kit. */
export const registered: Map<string, RegisteredTables> = ((globalThis as Record<symbol, Map<string, RegisteredTables> | undefined>)[
  Symbol.for('aik.translations')
] ??= new Map());

/** The languages the page has: the built-in ones, then the registered ones. */
export function availableLocales(): string[] {
  return [...LOCALE_NAMES, ...registered.keys()];
}

/** The language the page has for a BCP 47 tag, if any. */
export function toLocale(tag: string | null | undefined): Locale | undefined {
  return resolveLocale([tag], availableLocales());
}

/** One string table in a language: a built-in one, else the registered one (en when none is). */
export function tableOf<T extends object>(builtins: Readonly<Record<BuiltinLocale, T>>, section: keyof Translation, locale: Locale): T {
  // `locale` is one the page has (a resolved one): built in, or registered.
  return builtins[locale as BuiltinLocale] ?? ((registered.get(locale)?.(section, builtins.en) ?? builtins.en) as T);
}

const merged = new WeakMap<object, object>();

/**
 * The card's strings and an element's own, as one object per language; built once per table and
 * language, so that a render reads plain properties.
 */
export function withStrings<A extends object, B extends object>(base: A, own: B): A & B {
  let both = merged.get(own);
  if (!both) merged.set(own, (both = { ...base, ...own }));
  return both as A & B;
}
