// AskUserQuestion and AG-UI interrupts rendered by the elements and answered with the keyboard,
// mapped back to each protocol's answer shape.
import { expect } from '@open-wc/testing';
import { agUiInterruptCards, agUiResume } from '../../src/adapters/ag-ui.js';
import { askUserQuestionAnswers, askUserQuestionRequest } from '../../src/adapters/ask-user-question.js';
import type { ApprovalDialog } from '../../src/elements/approval-dialog/approval-dialog.js';
import type { InteractionCard } from '../../src/elements/shared/interaction-card.js';
import type { QuestionnaireForm } from '../../src/elements/questionnaire-form/questionnaire-form.js';
import type { InteractionResponse } from '../../src/protocol/response.js';
import { FakeClock } from '../support/fake-clock.js';
import { deepActiveElement, press, startBefore, tabTo, type } from '../support/keyboard.js';
import { openReceipt } from '../support/receipt.js';
import { tabToField } from './support.js';
import { mountCard } from '../support/card-harness.js';
import { ASK } from './ask-user-question.fixture.js';
import { BATCH } from './ag-ui.fixture.js';
import { partIn, partsIn } from '../support/card-harness.js';

const submit = async () => {
  await tabTo((e) => e.getAttribute('part') === 'submit-button');
  await press('Enter');
};

describe('AskUserQuestion in <questionnaire-form>', () => {
  it('single and multi-select with "Other", answered with the keyboard', async () => {
    const outcome = askUserQuestionRequest(ASK, { request_id: 'toolu_01' });
    if (!outcome.ok) throw new Error(outcome.message);
    const { el, events, root } = await mountCard<QuestionnaireForm>(outcome.request, { attrs: 'locale="en"' });
    // "Other" is offered on each question, and nothing is marked recommended.
    expect(partsIn(root, 'option')).to.have.length(2 + 1 + 3 + 1);
    expect(partsIn(root, 'recommended')).to.have.length(0);
    expect([...root.querySelectorAll('[data-key="q2"] input')].every((i) => (i as HTMLInputElement).type === 'checkbox')).to.equal(true);
    await startBefore(el);
    await tabToField('q1');
    await press('2'); // SQLite
    await tabToField('q2');
    await press('3'); // Sharing
    await press('1'); // Search
    await press('4'); // Other
    await el.updateComplete;
    await press('Tab');
    expect(deepActiveElement()?.getAttribute('part')).to.equal('custom-field');
    await type('Audit log');
    await submit();
    expect(events).to.have.length(1);
    expect(askUserQuestionAnswers(outcome.request, outcome.input, events[0]!)).to.deep.equal({
      questions: ASK.questions,
      answers: { 'Which database should the service use?': 'SQLite', 'Which features should ship first?': 'Search, Sharing, Audit log' },
    });
    await el.updateComplete;
    expect((await openReceipt(el)).textContent).to.contain('Search, Sharing, Audit log');
  });
});

describe('AG-UI interrupts as cards', () => {
  it('a batch: approval, form and an expired one; resume has an entry for each', async () => {
    const now = Date.parse('2026-11-29T12:00:00.000Z'); // the cards' fake clocks start here
    const outcome = agUiInterruptCards(
      BATCH.map((interrupt) => (interrupt.expiresAt ? { ...interrupt, expiresAt: new Date(now + Date.parse(interrupt.expiresAt) - Date.parse('2026-11-30T10:00:00Z')).toISOString() } : interrupt)),
      now,
    );
    if (!outcome.ok) throw new Error(outcome.message);
    const responses = new Map<string, InteractionResponse>();
    const mounted: { el: InteractionCard; clock: FakeClock }[] = [];
    for (const card of outcome.cards) {
      const { el, clock, events } = await mountCard<InteractionCard>(card.request, { attrs: 'locale="en"' });
      el.addEventListener('interaction-response', () => responses.set(card.interrupt.id, events.at(-1)!));
      mounted.push({ el, clock });
    }
    const approval = mounted[0]!.el as ApprovalDialog;
    const form = mounted[1]!.el as QuestionnaireForm;
    const expired = mounted[2]!.el as ApprovalDialog;
    // The expiry shows as a countdown; the expired interrupt runs out at once and can only be cancelled.
    expect(partIn(approval.shadowRoot!, 'countdown')!.textContent).to.contain('5:00');
    mounted[2]!.clock.advance(1000);
    await expired.updateComplete;
    expect(expired.state).to.equal('expired');
    expect(partIn(expired.shadowRoot!, 'approve-button')).to.equal(null);

    await startBefore(approval);
    await tabTo((e) => e.getAttribute('part') === 'approve-button');
    await press('Enter');
    await startBefore(form);
    await tabToField('format');
    await press('2');
    await tabToField('rows');
    await type('500');
    await tabToField('header'); // prefilled true: leave it
    await submit();
    expect(agUiResume(outcome.cards, responses, now + 60_000)).to.deep.equal([
      { interruptId: 'int-approve', status: 'resolved', payload: { approved: true } },
      { interruptId: 'int-form', status: 'resolved', payload: { format: 'json', rows: 500, header: true } },
      { interruptId: 'int-expired', status: 'cancelled' },
    ]);
  });
});
