// Receipts are one line: title, outcome, time, at most 48 px tall, a focusable
// heading whose button opens the full record in place, its state announced (aria-expanded).
import { expect, fixture } from '@open-wc/testing';
import '../../../src/entries/approval-dialog.js';
import '../../../src/entries/questionnaire-form.js';
import type { InteractionCard } from '../../../src/elements/shared/interaction-card.js';
import type { InteractionResponse } from '../../../src/protocol/response.js';
import { answerRequest, cancelledResponse, timeoutResponse } from '../../../src/rules/answers.js';
import { FakeClock } from '../../support/fake-clock.js';
import { byPart, deepActiveElement, press, startBefore, tabTo } from '../../support/keyboard.js';
import { catalogue } from '../../support/requests-catalogue.js';
import { answerWithKeyboard } from '../../support/answer-ui.js';
import { partIn } from '../../support/card-harness.js';

const AT = '2026-11-29T12:00:31.204Z';
const answered = (name: keyof typeof catalogue) => {
  const { request, answer } = catalogue[name]!;
  const outcome = answerRequest(request, answer, AT);
  if (!outcome.ok) throw new Error(`${name}: the catalogue's answer is refused`);
  return outcome.response;
};

async function settled(name: keyof typeof catalogue, response: InteractionResponse, attrs = '', late = false) {
  const { tag, request } = catalogue[name]!;
  const wrap = await fixture(`<div style="width: 560px"><${tag} requester="planner" ${attrs}></${tag}></div>`);
  const el = wrap.firstElementChild as InteractionCard;
  el.clock = new FakeClock();
  el.request = request;
  el.response = response;
  el.late = late;
  await el.updateComplete;
  return { el, root: el.shadowRoot!, heading: () => partIn<HTMLButtonElement>(el.shadowRoot!, 'receipt-heading')! };
}

const RECEIPTS: [keyof typeof catalogue, () => InteractionResponse, string, boolean?][] = [
  ['approval low', () => answered('approval low'), '已批准'],
  ['approval high', () => answered('approval high'), '已拒绝'],
  ['questionnaire of four', () => answered('questionnaire of four'), '已回答 4 题'],
  ['text', () => answered('text'), '已回答'],
  ['questionnaire of four', () => timeoutResponse(catalogue['questionnaire of four']!.request, AT), '已超时'],
  ['choice with free text', () => cancelledResponse(catalogue['choice with free text']!.request, AT), '已撤回'],
  ['approval low', () => answered('approval low'), '已过期', true],
];

describe('receipts are one line', function () {
  this.timeout(30_000);
  for (const [name, response, outcome, late] of RECEIPTS) {
    it(`${name} → ${outcome}: title, outcome and time on one line of at most 48 px`, async () => {
      const { el, root, heading } = await settled(name, response(), '', late);
      const card = partIn(root, 'card')!;
      expect(card.getBoundingClientRect().height).to.be.at.most(48);
      const line = heading();
      expect(line.textContent).to.contain(outcome);
      expect(line.querySelector('time')!.getAttribute('datetime')).to.equal(AT);
      // One line: the title does not wrap, whatever its length.
      const title = line.querySelector('.receipt-title')!;
      expect(title.getBoundingClientRect().height).to.be.below(30);
      // The title reads from the start of the line, beside its icon, not centred in the button.
      const words = document.createRange();
      words.selectNodeContents(title);
      expect(words.getBoundingClientRect().left - title.getBoundingClientRect().left).to.be.below(2);
      expect(partIn(root, 'message'), 'the message waits in the record').to.equal(null);
      await expect(el).to.be.accessible();
    });
  }

  it('the heading opens the record in place and closes it, from the keyboard; its state is announced', async () => {
    const { el, root, heading } = await settled('questionnaire of four', answered('questionnaire of four'));
    expect(heading().parentElement!.getAttribute('role')).to.equal('heading');
    expect(heading().getAttribute('aria-expanded')).to.equal('false');
    await startBefore(el);
    await tabTo(byPart('receipt-heading'));
    await press('Enter');
    await el.updateComplete;
    expect(heading().getAttribute('aria-expanded')).to.equal('true');
    const record = root.getElementById(heading().getAttribute('aria-controls')!)!;
    expect(record.textContent).to.contain('请选择方案');
    expect(record.textContent).to.contain('来自 planner');
    expect(record.textContent).to.contain('ap-southeast');
    expect(deepActiveElement()).to.equal(heading());
    await expect(el).to.be.accessible();
    await press('Space');
    await el.updateComplete;
    expect(heading().getAttribute('aria-expanded')).to.equal('false');
    expect(root.getElementById('record')).to.equal(null);
  });

  for (const theme of ['light', 'dark']) {
    for (const locale of ['zh-CN', 'en']) {
      it(`axe-clean closed and open, ${theme}, ${locale}`, async () => {
        for (const [name, response] of RECEIPTS) {
          const { el, heading } = await settled(name, response(), `theme="${theme}" locale="${locale}"`);
          await expect(el).to.be.accessible();
          heading().click();
          await el.updateComplete;
          await expect(el).to.be.accessible();
          el.parentElement!.remove();
        }
      });
    }
  }

  for (const name of ['approval low', 'text', 'choice with free text', 'multi-choice with free text', 'questionnaire of four'] as const) {
    it(`${name}: 正在提交… shows once while its answer is on its way (answered with real key presses)`, async () => {
      const { tag, request, answer } = catalogue[name]!;
      const el = (await fixture(`<${tag} layout="list"></${tag}>`)) as InteractionCard;
      el.clock = new FakeClock();
      el.request = request;
      await el.updateComplete;
      // A listener that takes over delivery, as a host does: the card shows the answer as submitting.
      el.addEventListener('interaction-response', (event) => event.preventDefault());
      await startBefore(el);
      await answerWithKeyboard(el, answer);
      await el.updateComplete;
      expect(el.state).to.equal('submitting');
      const text = el.shadowRoot!.textContent!;
      expect(text.split('正在提交…').length - 1).to.equal(1);
      await expect(el).to.be.accessible();
    });
  }
});
