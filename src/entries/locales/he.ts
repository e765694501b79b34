// The he translation: importing this entry registers it for every element on the page.
import { registerTranslation } from '../../i18n/register.js';
import { he } from '../../i18n/locales/he.js';

registerTranslation('he', he);

export { he };
