// Focus never falls to the page inside <interaction-host>: after an answer given
// from the keyboard, and when a card the user is in expires or is cancelled, focus is on that
// card's receipt heading, and stays there when the runtime's ack turns "submitting" into
// "answered" (the host keeps the same element).
import { expect } from '@open-wc/testing';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import { AgentLab } from '../support/agent.js';
import { byPart, byText, deepActiveElement, press, startBefore, tabTo, type } from '../support/keyboard.js';
import { card, mountHost, uniqueSession, waitForCard } from './support.js';
import { inPart } from '../support/harness/parts.js';

let lab: AgentLab;
before(async () => {
  lab = await AgentLab.start({ context: { channel: 'feishu' } });
});
after(() => lab.close());

/** Focus is on `el`'s receipt: its heading, or the receipt itself. */
const onReceipt = (el: Element) => {
  const active = deepActiveElement();
  return !!active && el.shadowRoot!.contains(active) && (byPart('receipt-heading')(active) || inPart(active, 'receipt'));
};
const described = () => {
  const active = deepActiveElement();
  return active ? `${active.tagName.toLowerCase()}[part=${active.getAttribute('part')}]` : 'nothing';
};

async function nextFrames(): Promise<void> {
  for (let i = 0; i < 3; i += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
}

async function settledCard(host: InteractionHost, id: string, state: string): Promise<Element> {
  const el = card(host, id)!;
  for (let i = 0; i < 100 && el.getAttribute('state') !== state; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(el.getAttribute('state')).to.equal(state);
  await nextFrames();
  return el;
}

describe('interaction-host: focus never falls to the page', () => {
  it('approving from the keyboard: focus is on the receipt, and stays there after the ack', async () => {
    const session = uniqueSession('focus');
    const { host } = await mountHost(lab.url(session));
    await lab.call(session, 'request_user_approval', { message: 'Create the branch?', severity: 'low' }, 'fa-1');
    const el = await waitForCard(host, 'fa-1');
    await startBefore(host);
    await tabTo(byPart('approve-button'));
    await press('Enter');
    const answered = await settledCard(host, 'fa-1', 'answered');
    expect(answered).to.equal(el, 'the host kept the same element');
    expect(onReceipt(el), `focus on the receipt, not ${described()}`).to.equal(true);
    expect(document.activeElement).to.not.equal(document.body);
    await expect(host).to.be.accessible();
  });

  it('answering a text question from the keyboard: focus is on its receipt', async () => {
    const session = uniqueSession('focus');
    const { host } = await mountHost(lab.url(session));
    await lab.call(session, 'request_user_input', { message: 'Project name?' }, 'ft-1');
    const el = await waitForCard(host, 'ft-1');
    await startBefore(host);
    await tabTo(byPart('text-field'));
    await type('aik');
    await tabTo(byPart('submit-button'));
    await press('Enter');
    await settledCard(host, 'ft-1', 'answered');
    expect(onReceipt(el), `focus on the receipt, not ${described()}`).to.equal(true);
  });

  it('a card the user is in expires: focus moves to its receipt', async () => {
    const session = uniqueSession('focus');
    const { host, clock } = await mountHost(lab.url(session));
    await lab.call(session, 'request_user_input', { message: 'Quick: a name?', timeout_seconds: 30 }, 'fe-1', { timeoutSeconds: 30 });
    const el = await waitForCard(host, 'fe-1');
    await startBefore(host);
    await tabTo(byPart('text-field'));
    await type('half an ans');
    clock.advance(31_000);
    await settledCard(host, 'fe-1', 'expired');
    expect(onReceipt(el), `focus on the receipt, not ${described()}`).to.equal(true);
    await expect(host).to.be.accessible();
  });

  it('a card the user is in is cancelled by the runtime: focus moves to its receipt', async () => {
    const session = uniqueSession('focus');
    const { host } = await mountHost(lab.url(session));
    await lab.call(session, 'request_user_approval', { message: 'Restart the workers?', severity: 'medium' }, 'fc-1');
    const el = await waitForCard(host, 'fc-1');
    await startBefore(host);
    await tabTo(byPart('reject-button'));
    await lab.run({ action: 'abort', callId: 'fc-1' });
    await settledCard(host, 'fc-1', 'cancelled');
    expect(onReceipt(el), `focus on the receipt, not ${described()}`).to.equal(true);
  });

  it('a card the user is not in settles: focus stays where the user is', async () => {
    const session = uniqueSession('focus');
    const { host } = await mountHost(lab.url(session));
    await lab.call(session, 'request_user_approval', { message: 'One?', severity: 'low' }, 'fo-1');
    await lab.call(session, 'request_user_approval', { message: 'Two?', severity: 'low' }, 'fo-2');
    await waitForCard(host, 'fo-1');
    const two = await waitForCard(host, 'fo-2');
    await startBefore(host);
    await tabTo((active) => byPart('reject-button')(active) && two.shadowRoot!.contains(active));
    await lab.run({ action: 'abort', callId: 'fo-1' });
    await settledCard(host, 'fo-1', 'cancelled');
    expect(two.shadowRoot!.contains(deepActiveElement()) && byPart('reject-button')(deepActiveElement()!)).to.equal(true, `focus stayed on fo-2's reject, not ${described()}`);
  });

  it('Enter on 加载预览 in a file list: focus is on the preview it loaded, never on <body>', async () => {
    const session = uniqueSession('focus');
    const { host } = await mountHost(lab.url(session));
    await lab.call(session, 'publish_artifacts', { items: [{ url: 'https://images.example/plot.png' }], title: 'Plots' }, 'fp-1', { context: { channel: 'desktop' } });
    const list = await waitForCard(host, 'fp-1');
    await startBefore(host);
    await tabTo(byText('加载预览'));
    await press('Enter');
    await nextFrames();
    expect(document.activeElement).to.not.equal(document.body);
    const active = deepActiveElement();
    expect(!!active && list.shadowRoot!.contains(active) && byPart('preview')(active), `focus on the preview, not ${described()}`).to.equal(true);
    await expect(host).to.be.accessible();
  });
});
