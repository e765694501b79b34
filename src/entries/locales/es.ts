// The es translation: importing this entry registers it for every element on the page.
import { registerTranslation } from '../../i18n/register.js';
import { es } from '../../i18n/locales/es.js';

registerTranslation('es', es);

export { es };
