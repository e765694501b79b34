// The demo offers all twelve languages, so it registers the ten beyond zh-CN and en before the
// first card renders; a page that offers a few imports their entries instead.
import { registerAllTranslations } from '../src/i18n/locales/all.js';

registerAllTranslations();
