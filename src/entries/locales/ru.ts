// The ru translation: importing this entry registers it for every element on the page.
import { registerTranslation } from '../../i18n/register.js';
import { ru } from '../../i18n/locales/ru.js';

registerTranslation('ru', ru);

export { ru };
