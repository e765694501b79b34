// The View speaks every language the kit has: card.html loads nothing from the network, so the
// ten tables beyond zh-CN and en travel inside it, and the host's locale picks one.
import { registerTranslation } from '../../i18n/register.js';
import { ar } from '../../i18n/locales/ar.js';
import { de } from '../../i18n/locales/de.js';
import { es } from '../../i18n/locales/es.js';
import { fr } from '../../i18n/locales/fr.js';
import { he } from '../../i18n/locales/he.js';
import { ja } from '../../i18n/locales/ja.js';
import { ko } from '../../i18n/locales/ko.js';
import { ptBR } from '../../i18n/locales/pt-BR.js';
import { ru } from '../../i18n/locales/ru.js';
import { zhTW } from '../../i18n/locales/zh-TW.js';

/** Registers the ten tables beyond zh-CN and en, before the View picks its language. */
export function registerAllLanguages(): void {
  for (const [tag, table] of Object.entries({ 'zh-TW': zhTW, ja, ko, es, fr, de, 'pt-BR': ptBR, ru, ar, he })) registerTranslation(tag, table);
}
