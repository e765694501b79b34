// The settings the demo's pages share (the language, the theme, and the main page's channel, run
// mode and notifications): their form of selects, filled in from the last visit and kept in
// localStorage, so that both pages open as the visitor left either.
import { DEMO_LOCALES, demoDirection, firstVisitLocale } from './languages.js';

const KEY = 'aik-demo-settings';

/** The settings kept from earlier visits, by the name of their select. */
const stored = () => JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, string>;

/** The current value of the form's select named `name`. */
export const settingOf = (form: HTMLFormElement, name: string) => (form.elements.namedItem(name) as HTMLSelectElement).value;

/**
 * Lists the twelve locales in the form's language picker, each in its own name and language, and
 * sets every select the earlier visits chose: a first visit opens in the first of the browser's
 * languages the kit speaks, and in the dark theme when the system prefers it.
 */
export function restoreSettings(form: HTMLFormElement): void {
  const localeSelect = form.elements.namedItem('locale') as HTMLSelectElement;
  localeSelect.replaceChildren(
    ...DEMO_LOCALES.map(([tag, name]) => Object.assign(document.createElement('option'), { value: tag, textContent: name, lang: tag, dir: demoDirection(tag) })),
  );
  localeSelect.value = firstVisitLocale(navigator.languages?.length ? navigator.languages : [navigator.language]);
  const saved = stored();
  for (const [name, value] of Object.entries(saved)) {
    const select = form.elements.namedItem(name);
    if (select instanceof HTMLSelectElement && [...select.options].some((o) => o.value === value)) select.value = value;
  }
  if (!saved.theme && matchMedia('(prefers-color-scheme: dark)').matches) (form.elements.namedItem('theme') as HTMLSelectElement).value = 'dark';
}

/** Keeps `values` for the next visit, beside what the other page kept. */
export function saveSettings(values: Record<string, string>): void {
  localStorage.setItem(KEY, JSON.stringify({ ...stored(), ...values }));
}

/** The page in `locale` and `theme`: its language, its direction and its colours. */
export function applyPageSettings(locale: string, theme: 'light' | 'dark'): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = demoDirection(locale);
  document.documentElement.dataset.theme = theme;
}

/**
 * The demo's own words in `lang` (zh-CN or en), which an Arabic or Hebrew page does not speak: each
 * says its language and reads in its own direction (dir="auto"), so that "15 s timeout" or a
 * sentence's full stop keep their places in a right-to-left page.
 */
export function demoWords(el: HTMLElement, words: string, lang: string): void {
  el.textContent = words;
  el.lang = lang;
  el.dir = 'auto';
}

/** Each `[data-i18n]` element's text from `text` in `lang`, by its key (keys that are not a string are left alone). */
export function translatePage(text: object, lang: string): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-i18n]')) {
    const words = (text as Record<string, unknown>)[el.dataset.i18n ?? ''];
    if (typeof words === 'string') demoWords(el, words, lang);
  }
}
