// The answer page's script (dist/answer-page.js, served by the runtime at `<path>/answer-page.js`):
// registers the kit's elements and all twelve languages, and points the page's
// <interaction-host> at the link's own socket, `<path>/<token>` on the page's origin. The URL comes
// from `location`, so the page needs no inline script.
import { registerAllTranslations } from '../i18n/locales/all.js';
import './interaction-host.js';

registerAllTranslations();

const host = document.querySelector('interaction-host') ?? document.body.appendChild(document.createElement('interaction-host'));
host.src = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${location.pathname}`;
