// The fr translation: importing this entry registers it for every element on the page.
import { registerTranslation } from '../../i18n/register.js';
import { fr } from '../../i18n/locales/fr.js';

registerTranslation('fr', fr);

export { fr };
