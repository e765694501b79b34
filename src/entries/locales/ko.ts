// The ko translation: importing this entry registers it for every element on the page.
import { registerTranslation } from '../../i18n/register.js';
import { ko } from '../../i18n/locales/ko.js';

registerTranslation('ko', ko);

export { ko };
