// Focus never falls to the page: an inline card the user is in that settles
// (answered, expired, cancelled) moves focus to its receipt, standalone and inside the host; it
// never pulls focus from elsewhere; a modal gives it back to where it was.
import { expect, nextFrame, waitUntil } from '@open-wc/testing';
import '../../../src/entries/approval-dialog.js';
import '../../../src/entries/questionnaire-form.js';
import type { InteractionCard } from '../../../src/elements/shared/interaction-card.js';
import { cancelledResponse } from '../../../src/rules/responses.js';
import { inPart, mountCard, partIn } from '../../support/card-harness.js';
import { AgentLab } from '../../support/agent.js';
import { byPart, deepActiveElement, press, startBefore, tabTo } from '../../support/keyboard.js';
import { catalogue } from '../../support/requests-catalogue.js';
import { mountHost, uniqueSession, waitForCard } from '../../host/support.js';

const AT = '2026-11-29T12:00:00.000Z';

async function mount(name: string) {
  const { request } = catalogue[name]!;
  const { el, clock, part } = await mountCard<InteractionCard>(request);
  return { el, clock, request, receipt: () => part('receipt-heading') };
}

/** The receipt takes focus at the next frame: wait for the render, then for that frame. */
async function settled(el: InteractionCard) {
  await el.updateComplete;
  await nextFrame();
  await nextFrame();
}

describe('focus when a card settles', () => {
  it('answered from the keyboard: focus is on the receipt', async () => {
    const { el, receipt } = await mount('choice with free text');
    await startBefore(el);
    await press('Tab');
    await press('Space');
    await tabTo(byPart('submit-button'));
    await press('Enter');
    await settled(el);
    expect(el.state).to.equal('answered');
    expect(deepActiveElement() === receipt(), 'focus on the receipt').to.equal(true);
  });

  it('expired while the user is in it: focus moves to the receipt, not to the page', async () => {
    const { el, clock, receipt } = await mount('questionnaire of four');
    await startBefore(el);
    await tabTo((e) => e instanceof HTMLInputElement && e.type === 'radio');
    clock.advance(120_000);
    await settled(el);
    expect(el.state).to.equal('expired');
    expect(deepActiveElement() === receipt(), `focus on the receipt, not ${deepActiveElement()?.localName}`).to.equal(true);
  });

  it('cancelled while the user types a note: focus moves to the receipt', async () => {
    const { el, request, receipt } = await mount('approval high');
    partIn(el.shadowRoot!, 'add-reason-button')!.click();
    await el.updateComplete;
    partIn(el.shadowRoot!, 'note')!.focus();
    el.response = cancelledResponse(request, AT);
    await settled(el);
    expect(el.state).to.equal('cancelled');
    expect(deepActiveElement() === receipt(), 'focus on the receipt').to.equal(true);
  });

  it('expired while the user is elsewhere: focus stays there', async () => {
    const { el, clock } = await mount('questionnaire of four');
    const elsewhere = document.createElement('input');
    document.body.append(elsewhere);
    elsewhere.focus();
    clock.advance(120_000);
    await settled(el);
    expect(el.state).to.equal('expired');
    expect(document.activeElement === elsewhere, 'focus stays where the user is').to.equal(true);
    elsewhere.remove();
  });

  it('the receipt that takes focus is the disclosure button of a heading, named by its one line', async () => {
    const { el, clock, receipt } = await mount('questionnaire of four');
    await startBefore(el);
    await tabTo((e) => e instanceof HTMLInputElement && e.type === 'radio');
    clock.advance(120_000);
    await settled(el);
    const focused = deepActiveElement()!;
    expect(focused === receipt()).to.equal(true);
    expect(focused.localName).to.equal('button');
    expect(focused.getAttribute('aria-expanded')).to.equal('false');
    expect(focused.parentElement!.getAttribute('role')).to.equal('heading');
    expect(inPart(focused, 'receipt')).to.equal(true);
    expect(focused.textContent).to.contain('已超时');
    await expect(el).to.be.accessible();
  });
});

describe('focus when a card settles inside <interaction-host>', () => {
  let lab: AgentLab;
  before(async () => {
    lab = await AgentLab.start({ fakeClock: true });
  });
  after(() => lab.close());

  it('answered with the keyboard: focus is on that card\'s receipt, not on the page', async () => {
    const session = uniqueSession('focus-answer');
    const { host } = await mountHost(lab.url(session));
    await lab.call(session, 'request_user_approval', { message: 'Restart?' }, 'fa-1');
    const el = await waitForCard(host, 'fa-1');
    await startBefore(host);
    await tabTo(byPart('approve-button'));
    await press('Enter');
    await lab.result('fa-1');
    await waitUntil(() => el.state === 'answered', 'never acked');
    await settled(el);
    const receipt = partIn(el.shadowRoot!, 'receipt-heading');
    expect(deepActiveElement() === receipt, `focus on the receipt, not ${deepActiveElement()?.localName}`).to.equal(true);
    host.remove();
  });

  it('cancelled by the runtime while the user is in it: focus is on the receipt', async () => {
    const session = uniqueSession('focus-cancel');
    const { host } = await mountHost(lab.url(session));
    await lab.call(session, 'request_user_input', { message: 'Name?' }, 'fc-1');
    const el = await waitForCard(host, 'fc-1');
    partIn(el.shadowRoot!, 'text-field')!.focus();
    await lab.run({ action: 'abort', callId: 'fc-1' });
    await waitUntil(() => el.state === 'cancelled');
    await settled(el);
    const receipt = partIn(el.shadowRoot!, 'receipt-heading');
    expect(deepActiveElement() === receipt, `focus on the receipt, not ${deepActiveElement()?.localName}`).to.equal(true);
    host.remove();
  });
});
