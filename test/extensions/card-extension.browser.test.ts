// The cards' adapter-only parts (typed fields, link consent) reach a card through context: from a
// host whose `adapters` bring them, or from a root given `provideAdapterParts`. What a card renders
// depends on where it is, not on which module the page imported: this page imports the adapters'
// entry from the start, and a card outside any provider still renders without the parts.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/entries/interaction-host.js';
import { mcpElicitation, provideAdapterParts } from '../../src/entries/adapters.js';
import { consentRequest, formRequest } from '../../src/adapters/requests.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import type { InteractionCard } from '../../src/elements/shared/interaction-card.js';
import type { InteractionRequest } from '../../src/protocol/request.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { createMemoryTransportPair } from '../../src/transport/memory-transport.js';
import { press, startBefore, tabTo } from '../support/keyboard.js';
import { mountCard, partIn } from '../support/card-harness.js';
import { FakeClock } from '../support/fake-clock.js';
import { systemClock } from '../../src/protocol/clock.js';
import { hostHarness } from '../support/harness/host.js';
import { CardHarness } from '../support/harness/card.js';

const form = formRequest({ id: 'f-1', message: 'Contact', timeoutSeconds: 0, metadata: {} }, [
  { id: 'name', question: 'Name', header: '', options: [], field: { type: 'text', required: true, default: 'Ada' } },
]);
const link = consentRequest({ id: 'l-1', message: 'Set your API key', timeoutSeconds: 0, metadata: { url: 'https://mcp.example.com/ui/set_api_key' } });

const labels = (root: ShadowRoot) => [...root.querySelectorAll('button')].map((button) => button.textContent!.trim());

/** A card mounted inside `parent` (a plain div by default: no provider above it). */
const mountIn = (request: InteractionRequest, parent?: HTMLElement) => mountCard<InteractionCard>(request, { attrs: 'locale="en"', clock: systemClock, parent });

describe('the cards read the adapters’ parts from context', () => {
  it('outside any provider, a typed field says what it needs, and Submit is refused', async () => {
    const { el, root, events } = await mountIn(form);
    expect(root.querySelector('[data-key="name"] input')).to.equal(null);
    expect(partIn(root.querySelector('[data-key="name"]')!, 'error')!.textContent).to.contain('provideAdapterParts');
    await startBefore(el);
    await tabTo((e) => e.getAttribute('part') === 'submit-button');
    await press('Enter');
    await el.updateComplete;
    expect(events).to.deep.equal([]);
    expect(el.state).to.equal('pending');
    await expect(el).to.be.accessible();
  });

  it('outside any provider, a link card shows the URL as text and offers only to reject it', async () => {
    const { el, root, events } = await mountIn(link);
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

  it('inside a root given provideAdapterParts, the same requests render their typed field and link consent; beside it, not', async () => {
    const provided = await fixture<HTMLElement>(html`<section></section>`);
    provideAdapterParts(provided);
    provideAdapterParts(provided); // once per root, however often asked
    const filled = await mountIn(form, provided);
    const input = filled.root.querySelector<HTMLInputElement>('[data-key="name"] input')!;
    expect(input.value).to.equal('Ada');
    expect(partIn(filled.root, 'error')).to.equal(null);
    const consent = await mountIn(link, provided);
    expect(partIn(consent.root, 'link-host')!.textContent).to.equal('mcp.example.com');
    expect(labels(consent.root)).to.deep.equal(['Decline', 'Open link']);
    const beside = await mountIn(form);
    expect(beside.root.querySelector('[data-key="name"] input')).to.equal(null, 'a card beside the root has no parts');
  });

  it('a host whose adapters bring them provides them to its own cards', async () => {
    const [kitEnd, peerEnd] = createMemoryTransportPair();
    peerEnd.connect();
    const host = await fixture<InteractionHost>(html`<interaction-host locale="en"></interaction-host>`);
    host.clock = new FakeClock();
    host.storage = new MemoryStorage();
    host.adapters = [mcpElicitation()];
    host.protocol = 'jsonrpc';
    host.transport = kitEnd;
    await host.updateComplete;
    peerEnd.send({
      jsonrpc: '2.0', id: 1, method: 'elicitation/create',
      params: { mode: 'form', message: 'Contact', requestedSchema: { type: 'object', properties: { name: { type: 'string', default: 'Ada' } }, required: ['name'] } },
    });
    await waitUntil(() => hostHarness(host).card('mcp-1'), 'no card');
    const card = hostHarness(host).card<InteractionCard>('mcp-1')!;
    await card.updateComplete;
    expect(new CardHarness(card).find<HTMLInputElement>('[data-key="name"] input')?.value).to.equal('Ada');
  });
});
