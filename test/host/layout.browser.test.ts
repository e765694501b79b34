// `layout` on <interaction-host> reaches every questionnaire it shows.
import { expect, waitUntil } from '@open-wc/testing';
import { AgentLab } from '../support/agent.js';
import { byPart, deepActiveElement, press, tabTo } from '../support/keyboard.js';
import { mountHost, uniqueSession, waitForCard } from './support.js';
import { partIn } from '../support/card-harness.js';
import { CardHarness } from '../support/harness/card.js';

const questions = ['Region?', 'Window?', 'Notify?', 'Backup?'].map((question, index) => ({ id: `q${index}`, question, options: ['A', 'B'] }));

describe('<interaction-host> layout', () => {
  let lab: AgentLab;
  before(async () => {
    lab = await AgentLab.start();
  });
  after(() => lab.close());

  for (const [layout, shown] of [['auto', 1], ['steps', 1], ['list', 4]] as const) {
    it(`layout="${layout}": a four-question questionnaire shows ${shown} question(s) at a time`, async () => {
      const session = uniqueSession(`layout-${layout}`);
      const { host } = await mountHost(lab.url(session), { layout });
      await lab.call(session, 'request_user_input', { message: 'Plan', questions }, 'CALL-1');
      const el = await waitForCard(host, 'CALL-1');
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      expect(el.getAttribute('layout')).to.equal(layout);
      expect(new CardHarness(el).findAll('[data-key]')).to.have.length(shown);
    });
  }

  it('the default layout, from the keyboard: digits step through four questions, the review sends them, focus lands on the receipt', async () => {
    const session = uniqueSession('layout-keys');
    const { host } = await mountHost(lab.url(session), { layout: 'auto' });
    await lab.call(session, 'request_user_input', { message: 'Plan', questions }, 'CALL-K');
    const el = await waitForCard(host, 'CALL-K');
    const root = el.shadowRoot!;
    root.querySelector<HTMLInputElement>('[data-key="q0"] input')!.focus();
    for (const [index, key] of ['1', '2', '1', '2'].entries()) {
      await waitUntil(() => root.querySelector(`[data-key="q${index}"]`), `question ${index + 1} never showed`);
      await press(key);
    }
    await waitUntil(() => partIn(root, 'review'), 'the review never showed');
    await tabTo(byPart('submit-button'));
    await press('Enter');
    const outcome = await lab.result('CALL-K');
    const answers = (outcome.result as { answers: Record<string, { raw_value: string }> }).answers;
    expect(Object.fromEntries(Object.entries(answers).map(([id, answer]) => [id, answer.raw_value]))).to.deep.equal({ q0: 'A', q1: 'B', q2: 'A', q3: 'B' });
    await waitUntil(() => partIn(root, 'receipt-heading') === deepActiveElement(), 'focus never reached the receipt');
    await expect(host).to.be.accessible();
  });
});
