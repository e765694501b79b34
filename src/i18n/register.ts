// registerTranslation: a language added at run time, by an integrator or a locale entry. What a
// translation lacks (a plain-JS caller, a nested key left out) is shown in en, warned once.
import { registered } from './registry.js';
import type { Translation } from './translation.js';

const warned = new Set<string>();
const isTable = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** `given` over `en`, key by key and into nested tables; a key `given` lacks is en's, warned once per tag and key. */
function fill(en: Record<string, unknown>, given: unknown, tag: string, path: string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...en, ...(isTable(given) ? given : {}) };
  for (const key of Object.keys(en)) {
    const value = isTable(given) ? given[key] : undefined;
    const name = `${path}.${key}`;
    if (value === undefined) {
      if (!warned.has(`${tag} ${name}`)) console.warn(`agent-interaction-kit: the ${tag} translation has no ${name}; it is shown in English`);
      warned.add(`${tag} ${name}`);
      out[key] = en[key];
    } else if (isTable(en[key])) out[key] = fill(en[key], value, tag, name);
  }
  return out;
}

/**
 * Adds a language for every element on the page, under its BCP 47 tag (`ja`, `fr-CA`). A
 * translation holds every string (a key it lacks is a type error); one that lacks a key all the
 * same shows it in English, warned once. Register before the elements render.
 */
export function registerTranslation(tag: string, strings: Translation): void {
  const tables = new Map<string, object>();
  const canonical = String(Intl.getCanonicalLocales(tag));
  registered.set(canonical, (section, en) => {
    let table = tables.get(section);
    if (!table) tables.set(section, (table = fill(en as Record<string, unknown>, (strings as Partial<Translation>)[section], canonical, section)));
    return table;
  });
}
