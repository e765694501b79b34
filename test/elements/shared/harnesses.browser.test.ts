// The card harnesses answer as a keyboard user does, and what they report is what the card sent:
// the other tests rely on approve(), reject(note), answer(question, option), skip() and outcome().
import { expect } from '@open-wc/testing';
import { mountApproval, mountQuestionnaire } from '../../support/card-harness.js';
import { startBefore } from '../../support/keyboard.js';
import { catalogue } from '../../support/requests-catalogue.js';

const approval = (severity: 'low' | 'high') => catalogue[`approval ${severity}`]!.request;
const four = catalogue['questionnaire of four']!.request;

describe('the card harnesses', () => {
  it('approve(): a low-risk approval sends approved, and the receipt says so', async () => {
    const card = await mountApproval(approval('low'), { attrs: 'locale="en"' });
    await startBefore(card.el);
    await card.approve();
    expect(card.events).to.have.length(1);
    expect([card.outcome()!.status, card.outcome()!.approved]).to.deep.equal(['completed', true]);
    expect(card.receipt()).to.equal('Approved');
  });

  it('approve(): on high risk it goes through 确认批准 once it armed', async () => {
    const card = await mountApproval(approval('high'), { attrs: 'locale="en"' });
    await startBefore(card.el);
    await card.approve();
    expect(card.part('confirm-button'), 'the confirm step is over').to.equal(null);
    expect(card.events.map((e) => e.approved)).to.deep.equal([true]);
  });

  it('reject(note): the rejection carries the note typed behind Add a reason', async () => {
    const card = await mountApproval(approval('low'), { attrs: 'locale="en"' });
    await startBefore(card.el);
    await card.reject('not now');
    expect(card.events.map((e) => [e.approved, e.text])).to.deep.equal([[false, 'not now']]);
    expect(card.receipt()).to.contain('Rejected');
  });

  it('answer(question, option) then submit(): each question answered with the option asked for', async () => {
    const card = await mountQuestionnaire(four, { attrs: 'locale="en" layout="list"' });
    await startBefore(card.el);
    const picks = { compat: '保留', region: 'cn-east', window: '今晚', notify: '否' };
    for (const [question, option] of Object.entries(picks)) await card.answer(question, option);
    expect(card.option(four.questions[1]!.options[1]!.value, 'region')!.checked).to.equal(true);
    await card.submit();
    const sent = card.outcome()!;
    expect(sent.status).to.equal('completed');
    const chosen = Object.fromEntries(Object.entries(sent.answers).map(([id, answer]) => [id, answer.selected_options]));
    const expected = Object.fromEntries(four.questions.map((q) => [q.id, [q.options.find((o) => o.label === picks[q.id as keyof typeof picks])!.value]]));
    expect(chosen).to.deep.equal(expected);
  });

  it('answer() names what it cannot find instead of pressing a key', async () => {
    const card = await mountQuestionnaire(four, { attrs: 'locale="en" layout="list"' });
    let error: unknown;
    await card.answer('region', 'nowhere').catch((e: unknown) => (error = e));
    expect(String(error)).to.contain('no option "nowhere"');
    expect(card.events).to.have.length(0);
  });

  it('skip(): an untouched questionnaire is skipped, and outcome() says cancelled', async () => {
    const card = await mountQuestionnaire(four, { attrs: 'locale="en" layout="list"' });
    await startBefore(card.el);
    await card.skip();
    expect(card.outcome()?.status).to.equal('cancelled');
  });
});
