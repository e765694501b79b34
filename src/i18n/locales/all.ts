// The ten translations beyond zh-CN and en, by tag: the one list of them, for what loads or
// measures every one (the MCP App's View, the demo, the size check, the tables' tests). A page
// loads only those it offers, each through its own entry (`agent-interaction-kit/locales/<tag>.js`).
import { registerTranslation } from '../register.js';
import type { Translation } from '../translation.js';
import { ar } from './ar.js';
import { de } from './de.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { he } from './he.js';
import { ja } from './ja.js';
import { ko } from './ko.js';
import { ptBR } from './pt-BR.js';
import { ru } from './ru.js';
import { zhTW } from './zh-TW.js';

export const TRANSLATIONS = { 'zh-TW': zhTW, ja, ko, es, fr, de, 'pt-BR': ptBR, ru, ar, he } as const satisfies Record<string, Translation>;

/** The tags of the ten, in the order the docs list them. */
export type TranslationTag = keyof typeof TRANSLATIONS;
export const TRANSLATION_TAGS = Object.keys(TRANSLATIONS) as TranslationTag[];

/** Registers all ten, for a page that offers every language. */
export function registerAllTranslations(): void {
  for (const tag of TRANSLATION_TAGS) registerTranslation(tag, TRANSLATIONS[tag]);
}
