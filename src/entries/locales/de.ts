// The de translation: importing this entry registers it for every element on the page.
import { registerTranslation } from '../../i18n/register.js';
import { de } from '../../i18n/locales/de.js';

registerTranslation('de', de);

export { de };
