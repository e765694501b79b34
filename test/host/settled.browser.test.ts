// A call decided in another place (docs/protocol.md §12.1), as the chat page shows it: the card
// becomes a receipt that says the decision, where and who, and when; it lists no answers (they
// stayed where they were given), takes no more answers, keeps focus off the page, and reads in
// the page's language.
import { expect, fixture, nextFrame, waitUntil } from '@open-wc/testing';
import '../../src/entries/interaction-host.js';
import '../../src/entries/locales/ar.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { FakeClock } from '../support/fake-clock.js';
import { hostHarness } from '../support/harness/host.js';
import { deepActiveElement } from '../support/keyboard.js';
import { ScriptedTransport } from '../support/scripted-transport.js';

const AT = '2026-12-06T14:02:00.000Z';

async function mount(locale: string) {
  const transport = new ScriptedTransport();
  const host = (await fixture(`<interaction-host locale=${locale} layout="list"></interaction-host>`)) as InteractionHost;
  host.clock = new FakeClock();
  host.storage = new MemoryStorage();
  host.transport = transport;
  await host.updateComplete;
  const deliver = (message: Record<string, unknown>) => transport.deliver(JSON.stringify({ v: 1, ...message }));
  deliver({ type: 'hello', session_id: `settled-${locale}` });
  deliver({ type: 'tool_call', call_id: 'ap', tool: 'request_user_approval', arguments: { title: 'Deploy', message: 'Deploy now?', severity: 'high' } });
  deliver({ type: 'tool_call', call_id: 'tx', tool: 'request_user_input', arguments: { title: 'Release name', message: 'Name the release', input_mode: 'text' } });
  const harness = hostHarness(host);
  await waitUntil(() => harness.cards().length === 2, 'both calls show');
  await harness.approval('ap').el.updateComplete;
  const settle = async (id: string, fields: Record<string, unknown>) => {
    deliver({ type: 'settled', call_id: id, at: AT, session_id: `settled-${locale}`, ...fields });
    await waitUntil(() => harness.card(id)?.getAttribute('state') !== 'pending', `${id} settles`);
    await harness.cardHarness(id).settle();
  };
  return { host, transport, harness, settle };
}

const whereOf = (root: ShadowRoot) => root.querySelector('.receipt-where')?.textContent?.replace(/\s+/g, ' ').trim();

describe('<interaction-host> when a call is decided elsewhere', () => {
  it('the receipt says the decision, where, who and when; no form, no answers listed, nothing sent; axe clean', async () => {
    const { transport, harness, settle } = await mount('en');
    await settle('ap', { decision: 'rejected', where: 'inbox', actor: 'Li Lei' });
    const approval = harness.approval('ap');
    expect(approval.receipt()).to.equal('Rejected');
    expect(whereOf(approval.root)).to.equal('in the inbox · Li Lei');
    expect(approval.root.querySelector('.receipt-where bdi')?.textContent).to.equal('Li Lei');
    expect(approval.find('time')?.getAttribute('datetime')).to.equal(AT);
    expect(approval.part('approve-button')).to.equal(null);
    await settle('tx', { decision: 'answered', where: 'link', actor: null });
    const text = harness.cardHarness('tx');
    expect(text.receipt()).to.equal('Answered');
    expect(whereOf(text.root)).to.equal('through a link');
    await text.click('receipt-heading');
    expect(text.find('.receipt-text'), 'the answer stayed where it was given').to.equal(null);
    expect(text.text('message')).to.equal('Name the release');
    expect(transport.sent.filter((m) => m.type === 'tool_result')).to.deep.equal([]);
    await expect(harness.el).to.be.accessible();
  });

  it('focus inside a card that settles elsewhere moves to its receipt, never to the page', async () => {
    const { harness, settle } = await mount('en');
    const field = harness.cardHarness('tx').part('text-field')!;
    field.focus();
    expect(deepActiveElement()).to.equal(field);
    await settle('tx', { decision: 'answered', where: 'inbox', actor: 'Li Lei' });
    // The receipt takes focus at the next frame, where the browser lays out anyway.
    await nextFrame();
    await nextFrame();
    const active = deepActiveElement();
    expect(active).to.not.equal(document.body);
    expect(active?.getAttribute('part')).to.equal('receipt-heading');
  });

  it('in zh-CN and in Arabic: the place in the page’s words, the name isolated in its own direction', async () => {
    const zh = await mount('zh-CN');
    await zh.settle('ap', { decision: 'approved', where: 'inbox', actor: '李雷' });
    expect(zh.harness.approval('ap').receipt()).to.equal('已批准');
    expect(whereOf(zh.harness.approval('ap').root)).to.equal('在收件箱 · 李雷');
    const ar = await mount('ar');
    await ar.settle('ap', { decision: 'approved', where: 'link', actor: 'Li Lei' });
    const receipt = ar.harness.approval('ap');
    expect(whereOf(receipt.root)).to.equal('عبر رابط · Li Lei');
    expect(getComputedStyle(receipt.root.querySelector('.receipt-where bdi')!).direction).to.equal('ltr');
    await expect(ar.harness.el).to.be.accessible();
  });
});
