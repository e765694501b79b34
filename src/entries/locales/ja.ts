// The ja translation: importing this entry registers it for every element on the page.
import { registerTranslation } from '../../i18n/register.js';
import { ja } from '../../i18n/locales/ja.js';

registerTranslation('ja', ja);

export { ja };
