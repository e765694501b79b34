// The cards' adapter-only parts (typed fields, link consent) come with the adapters' entries
// (DESIGN §7: the core bundle leaves them out). This page loads the elements alone first: a typed
// field says what is missing and takes no answer, a link card offers only Reject; then the
// adapters' entry is imported and the same requests render in full.
import { expect } from '@open-wc/testing';
import '../../../src/entries/approval-dialog.js';
import '../../../src/entries/questionnaire-form.js';
import { consentRequest, formRequest } from '../../../src/adapters/requests.js';
import type { InteractionCard } from '../../../src/elements/shared/interaction-card.js';
import type { InteractionRequest } from '../../../src/protocol/request.js';
import { press, startBefore, tabTo } from '../../support/keyboard.js';
import { mountCard, partIn } from '../../support/card-harness.js';
import { systemClock } from '../../../src/protocol/clock.js';

const form = formRequest({ id: 'f-1', message: 'Contact', timeoutSeconds: 0, metadata: {} }, [
  { id: 'name', question: 'Name', header: '', options: [], field: { type: 'text', required: true, default: 'Ada' } },
]);
const link = consentRequest({ id: 'l-1', message: 'Set your API key', timeoutSeconds: 0, metadata: { url: 'https://mcp.example.com/ui/set_api_key' } });

const mount = (request: InteractionRequest) => mountCard<InteractionCard>(request, { attrs: 'locale="en"', clock: systemClock });

const labels = (root: ShadowRoot) => [...root.querySelectorAll('button')].map((button) => button.textContent!.trim());

describe('adapter-only card parts', () => {
  it('without the adapters entry, a typed field says it needs it, and Submit is refused', async () => {
    const { el, root, events } = await mount(form);
    expect(root.querySelector('[data-key="name"] input')).to.equal(null);
    expect(root.querySelector('[data-key="name"] [part~="error"]')!.textContent).to.contain('agent-interaction-kit/adapters');
    await startBefore(el);
    await tabTo((e) => e.getAttribute('part') === 'submit-button');
    await press('Enter');
    await el.updateComplete;
    expect(events).to.deep.equal([]);
    expect(el.state).to.equal('pending');
    await expect(el).to.be.accessible();
  });

  it('without the adapters entry, a link card shows the URL as text and offers only to reject it', async () => {
    const { el, root, events } = await mount(link);
    expect(partIn(root, 'link')!.textContent).to.equal('https://mcp.example.com/ui/set_api_key');
    expect(partIn(root, 'link-host')).to.equal(null);
    expect(partIn(root, 'approve-button')).to.equal(null);
    // Decline is the adapters' word: the card's own Reject stands in for it.
    expect(labels(root)).to.deep.equal(['Reject']);
    await startBefore(el);
    await tabTo((e) => e.getAttribute('part') === 'reject-button');
    await press('Enter');
    expect(events.map((response) => response.approved)).to.deep.equal([false]);
  });

  it('once the adapters entry is imported, the same requests render their typed field and link consent', async () => {
    await import('../../../src/entries/adapters.js');
    const filled = await mount(form);
    const input = filled.root.querySelector<HTMLInputElement>('[data-key="name"] input')!;
    expect(input.value).to.equal('Ada');
    expect(partIn(filled.root, 'error')).to.equal(null);
    const consent = await mount(link);
    expect(partIn(consent.root, 'link-host')!.textContent).to.equal('mcp.example.com');
    expect(labels(consent.root)).to.deep.equal(['Decline', 'Open link']);
  });
});
