// The zh-TW translation: importing this entry registers it for every element on the page.
import { registerTranslation } from '../../i18n/register.js';
import { zhTW } from '../../i18n/locales/zh-TW.js';

registerTranslation('zh-TW', zhTW);

export { zhTW };
