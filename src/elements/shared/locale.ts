import type { ReactiveController, ReactiveControllerHost } from 'lit';
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
 * An element's language, for all four elements: the first supported tag it prefers
 * (its `locale`, then for the host the session's `context.locale`), else the nearest `lang`,
 * else zh-CN. Resolved once per update, before rendering: walking up for `lang` is a DOM query,
 * so a render reads `locale` and `strings` as plain values.
 */
export class LocaleController<S> implements ReactiveController {
  private current: Locale | undefined;

  constructor(
    private readonly host: ReactiveControllerHost & Element,
    private readonly table: (locale: Locale) => S,
    private readonly preferred: () => readonly (string | undefined)[],
  ) {
    host.addController(this);
  }

  /** The language of the current update (before the first one: resolved now). */
  get locale(): Locale {
    return (this.current ??= this.resolve());
  }

  /** The element's strings in that language. */
  get strings(): S {
    return this.table(this.locale);
  }

  hostUpdate(): void {
    this.current = this.resolve();
  }

  /** The language now, for work outside an update (an announcement, an event). */
  resolve(): Locale {
    for (const tag of this.preferred()) {
      const locale = toLocale(tag);
      if (locale) return locale;
    }
    return toLocale(inheritedLang(this.host)) ?? DEFAULT_LOCALE;
  }
}
