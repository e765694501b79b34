// The demo offers all twelve languages, so it loads the ten beyond zh-CN and en (each entry
// registers its table on import), as a page that offers them would.
import '../src/entries/locales/zh-TW.js';
import '../src/entries/locales/ja.js';
import '../src/entries/locales/ko.js';
import '../src/entries/locales/es.js';
import '../src/entries/locales/fr.js';
import '../src/entries/locales/de.js';
import '../src/entries/locales/pt-BR.js';
import '../src/entries/locales/ru.js';
import '../src/entries/locales/ar.js';
import '../src/entries/locales/he.js';
