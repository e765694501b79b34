// The demo's languages: the twelve the kit speaks, each named in itself, and the one a first
// visit opens in, from the browser's languages (navigator.languages), best first.
import { directionOf, type Direction } from '../src/i18n/direction.js';

/** The kit's locales, in the picker's order, each with its own name for itself. */
export const DEMO_LOCALES = [
  ['zh-CN', '简体中文'],
  ['zh-TW', '繁體中文'],
  ['en', 'English'],
  ['ja', '日本語'],
  ['ko', '한국어'],
  ['es', 'Español'],
  ['fr', 'Français'],
  ['de', 'Deutsch'],
  ['pt-BR', 'Português (Brasil)'],
  ['ru', 'Русский'],
  ['ar', 'العربية'],
  ['he', 'עברית'],
] as const;

export type DemoLocale = (typeof DEMO_LOCALES)[number][0];

const KNOWN = new Set<string>(DEMO_LOCALES.map(([tag]) => tag));

/** Chinese written in traditional characters: Taiwan, Hong Kong, Macau, or an explicit Hant script. */
const TRADITIONAL = /^zh-(hant|tw|hk|mo)\b/;

/** One browser language as one of the twelve, or undefined when none fits. */
export function demoLocaleOf(tag: string): DemoLocale | undefined {
  const lower = tag.trim().replace(/_/g, '-').toLowerCase();
  const language = lower.split('-')[0] ?? '';
  if (language === 'zh') return TRADITIONAL.test(lower) ? 'zh-TW' : 'zh-CN';
  // Portuguese of any region reads the Brazilian table before an English one.
  if (language === 'pt') return 'pt-BR';
  if (language === 'iw') return 'he';
  return KNOWN.has(language) ? (language as DemoLocale) : undefined;
}

/**
 * The language a first visit opens in: the first of the browser's languages the kit speaks
 * (`en-US, zh-CN` opens in English, `de-AT, en` in German), else English, which a visitor whose
 * browser speaks none of the twelve is likelier to read than Chinese.
 */
export function firstVisitLocale(languages: readonly string[]): DemoLocale {
  for (const tag of languages) {
    const locale = demoLocaleOf(tag);
    if (locale) return locale;
  }
  return 'en';
}

/** The demo's own strings exist in zh-CN and en: Chinese for zh-TW, English for the others. */
export const demoTextLocale = (locale: string): 'zh-CN' | 'en' => (locale.startsWith('zh') ? 'zh-CN' : 'en');

/** The page's direction in that language. */
export const demoDirection = (locale: string): Direction => directionOf(locale);
