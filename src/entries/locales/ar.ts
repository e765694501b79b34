// The ar translation: importing this entry registers it for every element on the page.
import { registerTranslation } from '../../i18n/register.js';
import { ar } from '../../i18n/locales/ar.js';

registerTranslation('ar', ar);

export { ar };
