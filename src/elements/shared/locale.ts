import { DEFAULT_LOCALE, toLocale, type Locale } from '../../i18n/locales.js';

/** The nearest `lang` above an element, crossing shadow roots. */
function inheritedLang(element: Element): string | undefined {
  let node: Element | null = element;
  while (node) {
    const lang = node.closest('[lang]')?.getAttribute('lang');
    if (lang) return lang;
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : null;
  }
  return undefined;
}

/**
 * The element's language (DESIGN §6): its `locale` (set by the page, or by a host from the
 * session's `context.locale`), else the nearest `lang`, else zh-CN.
 */
export function resolveLocale(element: Element, locale: string | undefined): Locale {
  return toLocale(locale) ?? toLocale(inheritedLang(element)) ?? DEFAULT_LOCALE;
}
