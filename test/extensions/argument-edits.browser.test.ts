// AG-UI's approveWithEdits inside the approval card (an adapters' part, src/extensions/): each
// argument in a field filled with what the agent wrote, changed with real keys, checked by the
// typed fields' rules before Approve sends them; the receipt lists what was approved. Axe in every
// state, the keyboard alone, focus never on the page.
import { expect, fixture, html } from '@open-wc/testing';
import type { Message } from '@ag-ui/core';
import { agUiInterruptCards, provideAdapterParts } from '../../src/entries/adapters.js';
import '../../src/entries/locales/ar.js';
import { CONFIRM_DELAY_MS } from '../../src/elements/approval-dialog/approval-dialog.js';
import { FakeClock } from '../support/fake-clock.js';
import type { InteractionRequest } from '../../src/protocol/request.js';
import { deepActiveElement, press, tabTo, type } from '../support/keyboard.js';
import { mountApproval } from '../support/card-harness.js';

const ARGS = { service: 'checkout', replicas: 3, canary: true, command: 'kubectl rollout restart deploy/checkout -n prod --context eu-west-1-production' };
const MESSAGES: Message[] = [{ id: 'm1', role: 'assistant', toolCalls: [{ id: 'call_deploy', type: 'function', function: { name: 'deploy', arguments: JSON.stringify(ARGS) } }] }];

/** The approval AG-UI's adapter makes of a tool_call interrupt when the agent allows edits. */
function editable(severity: 'medium' | 'high' = 'medium'): InteractionRequest {
  const outcome = agUiInterruptCards([{ id: 'int-1', reason: 'tool_call', toolCallId: 'call_deploy', message: 'Deploy to production?' }], Date.now(), {
    messages: MESSAGES, capabilities: { humanInTheLoop: { interrupts: true, approveWithEdits: true } }, severity: { deploy: severity },
  });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.cards[0]!.request;
}

async function mount(request: InteractionRequest, locale = 'en') {
  const root = await fixture<HTMLElement>(html`<section></section>`);
  provideAdapterParts(root);
  return mountApproval(request, { attrs: `locale="${locale}"`, parent: root });
}

const field = (card: Awaited<ReturnType<typeof mount>>, name: string) =>
  card.findAll<HTMLElement>('.argument').find((row) => row.querySelector('.argument-name')?.textContent === name)!.querySelector<HTMLInputElement | HTMLTextAreaElement>('input, textarea')!;

/** Tabs to an argument's field and replaces what it holds, with real keys. */
async function retype(card: Awaited<ReturnType<typeof mount>>, name: string, text: string) {
  const target = field(card, name);
  await tabTo((active) => active === target);
  target.select();
  await type(text);
  await card.settle();
}

describe('editable arguments in the approval card (AG-UI approveWithEdits)', () => {
  it('shows every argument in a field of the approval itself, filled with what the agent wrote; axe clean', async () => {
    const card = await mount(editable());
    expect(card.el.localName).to.equal('approval-dialog');
    expect(field(card, 'service').value).to.equal('checkout');
    expect(field(card, 'replicas').value).to.equal('3');
    expect((field(card, 'canary') as HTMLInputElement).checked).to.equal(true);
    // A long value gets room to be read whole, in a text area.
    expect(field(card, 'command').localName).to.equal('textarea');
    expect(field(card, 'command').value).to.equal(ARGS.command);
    expect(card.part('details')?.localName).to.equal('fieldset', 'the fields are the details; the JSON is not shown twice');
    // Approve's description names what it approves.
    const approve = card.part('approve-button')!;
    const described = card.find(`#${approve.getAttribute('aria-describedby')}`)!;
    expect(described.textContent).to.contain('service: checkout').and.to.contain('replicas: 3');
    await expect(card.el).to.be.accessible();
  });

  it('edited by keyboard, Approve sends the arguments as edited; the receipt lists them, the changed ones marked', async () => {
    const card = await mount(editable());
    await retype(card, 'replicas', '5');
    expect(card.find('.argument .edited')?.textContent).to.equal('edited');
    const box = field(card, 'canary');
    await tabTo((active) => active === box);
    await press('Space');
    await card.settle();
    await expect(card.el).to.be.accessible();
    await card.approve();
    const response = card.outcome()!;
    expect(response.approved).to.equal(true);
    expect(response.answers.replicas?.raw_value).to.equal('5');
    expect(response.answers.canary?.raw_value).to.equal('false');
    expect(response.answers.service?.raw_value).to.equal('checkout');
    // The receipt's record, opened.
    await card.click('receipt-heading');
    const record = card.part('details')!;
    expect(record.localName).to.equal('dl');
    expect([...record.querySelectorAll('dd')].map((dd) => dd.textContent!.replace(/\s+/g, ' ').trim())).to.deep.equal(['checkout', '5 edited', 'No edited', ARGS.command]);
    await expect(card.el).to.be.accessible();
  });

  it('a number that is not one holds Approve back: the field says why and takes focus; fixed, Approve goes', async () => {
    const card = await mount(editable());
    await retype(card, 'replicas', 'five');
    await press('Tab');
    await card.settle();
    const replicas = field(card, 'replicas');
    expect(replicas.getAttribute('aria-invalid')).to.equal('true');
    const error = card.find(`#${replicas.getAttribute('aria-describedby')}`)!;
    expect(error.textContent).to.equal('Please enter a number.');
    await expect(card.el).to.be.accessible();
    await card.activate('approve-button');
    await card.settle();
    expect(card.events).to.deep.equal([]);
    expect(card.el.state).to.equal('pending');
    expect(deepActiveElement()).to.equal(replicas, 'focus goes to the field that holds Approve back, never to the page');
    replicas.select();
    await type('4');
    await card.settle();
    await card.approve();
    expect(card.outcome()?.answers.replicas?.raw_value).to.equal('4');
  });

  it('Restore puts back what the agent wrote; a rejection never carries the edits', async () => {
    const card = await mount(editable());
    await retype(card, 'service', 'payments');
    const restore = card.find('.restore')!;
    await tabTo((active) => active === restore);
    await card.press('Enter');
    expect(field(card, 'service').value).to.equal('checkout');
    expect(card.find('.restore')).to.equal(null);
    expect(deepActiveElement()?.getRootNode()).to.equal(card.root, 'focus stays in the card');
    await retype(card, 'service', 'payments');
    await card.reject('wrong service');
    const response = card.outcome()!;
    expect(response.approved).to.equal(false);
    expect(response.text).to.equal('wrong service');
    expect(response.answers).to.deep.equal({});
  });

  it('high risk keeps its deliberate confirm, and an answer-all never approves an editable card', async () => {
    const card = await mount(editable('high'));
    expect(card.el.answerTogether(true)).to.equal(false);
    await retype(card, 'replicas', '2');
    await card.activate('approve-button');
    const confirm = card.part('confirm-button');
    expect(confirm, 'the first press arms the confirm').to.not.equal(null);
    expect(deepActiveElement()).to.equal(confirm);
    expect(card.events).to.deep.equal([]);
    (card.el.clock as FakeClock).advance(CONFIRM_DELAY_MS);
    await card.settle();
    await card.press('Enter');
    expect(card.outcome()?.answers.replicas?.raw_value).to.equal('2');
  });

  it('in Chinese and in Arabic: the words are the locale’s, the argument names stay left to right; axe clean', async () => {
    const zh = await mount(editable(), 'zh-CN');
    expect(zh.find('.arguments legend')!.textContent).to.equal('参数');
    await expect(zh.el).to.be.accessible();
    const ar = await mount(editable(), 'ar');
    expect(ar.find('.arguments legend')!.textContent).to.equal('الوسائط');
    expect(ar.find('.argument-name')!.getAttribute('dir')).to.equal('ltr');
    await expect(ar.el).to.be.accessible();
  });
});
