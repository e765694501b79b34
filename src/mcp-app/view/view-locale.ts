import type { Locale } from '../../i18n/locales.js';
import { toLocale } from '../../i18n/registry.js';

/**
 * The View's language when the host's context names none it speaks: the call's `context.locale`,
 * else the first of the browser's languages it speaks (the languages of the page that hosts it),
 * else zh-CN.
 */
export function viewFallbackLocale(contextLocale: string | undefined, languages: readonly string[]): Locale {
  for (const tag of [contextLocale, ...languages]) {
    const locale = toLocale(tag);
    if (locale) return locale;
  }
  return 'zh-CN';
}
