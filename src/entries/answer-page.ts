// The answer page's script (dist/answer-page.js, served by the runtime at `<path>/answer-page.js`):
// registers the kit's elements (zh-CN and en, as the standalone bundle), and points the page's
// <interaction-host> at the link's own socket, `<path>/<token>` on the page's origin. The URL comes
// from `location`, so the page needs no inline script. A page in another language loads that
// language's module first (`<path>/answer-page-<tag>.js`, the package's `dist/locales/<tag>.js`).
import type { InteractionCard } from '../elements/shared/interaction-card.js';
import { buildResponse } from '../rules/responses.js';
import './interaction-host.js';

const host = document.querySelector('interaction-host') ?? document.body.appendChild(document.createElement('interaction-host'));
host.src = `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${location.pathname}`;

/**
 * The runtime keeps a link's time: at its deadline the session sends nothing, and the runtime
 * decides (its timeout policy, a grace later). Until its word comes, a card past its deadline
 * shows the receipt a timeout gives (timed out, nothing to press), set as the card's `response`,
 * which fires no event; the runtime's `settled` then replaces it with where, who and when.
 */
setInterval(() => {
  for (const card of host.shadowRoot?.querySelectorAll<InteractionCard>('approval-dialog, questionnaire-form') ?? []) {
    const deadline = card.deadline === undefined ? NaN : new Date(card.deadline).getTime();
    if (card.request && card.state === 'pending' && deadline <= Date.now()) card.response = buildResponse(card.request, 'timeout', new Date().toISOString());
  }
}, 250);
