// The answer page's script (dist/answer-page.js, served by the runtime at `<path>/answer-page.js`):
// registers the kit's elements (zh-CN and en, as the standalone bundle), and points the page's
// <interaction-host> at the link's own socket, `<path>/<token>` on the page's origin. The URL comes
// from `location`, so the page needs no inline script. A page in another language loads that
// language's module first (`<path>/answer-page-<tag>.js`, the package's `dist/locales/<tag>.js`).
import './interaction-host.js';

const host = document.querySelector('interaction-host') ?? document.body.appendChild(document.createElement('interaction-host'));
host.src = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${location.pathname}`;

