// The cards with Safari's default keyboard, where Tab moves only between text fields (safariTab
// takes the controls WebKit's rule skips out of the order for each real Tab press): the option
// lists, the actions and the fields are all reached, and the keys work there as everywhere.
import { expect, fixture } from '@open-wc/testing';
import '../../../src/entries/approval-dialog.js';
import type { ApprovalDialog } from '../../../src/elements/approval-dialog/approval-dialog.js';
import { answerRequest } from '../../../src/rules/answers.js';
import { normalizeApproval } from '../../../src/rules/normalize.js';
import { mountCard, partIn } from '../../support/card-harness.js';
import { FakeClock } from '../../support/fake-clock.js';
import { byPart, deepActiveElement, press, safariTabTo, startBefore, type } from '../../support/keyboard.js';
import { mount, settle } from '../../support/questionnaire-mount.js';
import { catalogue } from '../../support/requests-catalogue.js';

const medium = normalizeApproval({ message: 'Restart the worker?' }, { request_id: 'safari-a', session_id: 's' });

const mountApproval = () => mountCard<ApprovalDialog>(medium, { attrs: 'locale="en"' });

const radio = (el: Element) => el instanceof HTMLInputElement && el.type === 'radio';

/** The controls in `el`'s shadow root (and those under it) that Safari's Tab skips without a written tab index. */
const unwritten = (el: Element): string[] => {
  const found: string[] = [];
  const visit = (root: ShadowRoot) => {
    for (const control of root.querySelectorAll('button, input[type="radio"], input[type="checkbox"]')) {
      if (!control.hasAttribute('tabindex')) found.push(control.getAttribute('part') ?? control.outerHTML.slice(0, 60));
    }
    for (const inner of root.querySelectorAll('*')) if (inner.shadowRoot) visit(inner.shadowRoot);
  };
  visit(el.shadowRoot!);
  return found;
};

describe('Safari’s default Tab (text fields only)', () => {
  it('every button, radio and checkbox of every card, pending and settled, has its tab index written', async () => {
    for (const [name, entry] of Object.entries(catalogue)) {
      for (const layout of entry.tag === 'questionnaire-form' ? ['list', 'steps'] : ['']) {
        const el = (await fixture(`<${entry.tag} locale="en"${layout && ` layout="${layout}"`}></${entry.tag}>`)) as ApprovalDialog;
        el.clock = new FakeClock();
        el.request = entry.request;
        await el.updateComplete;
        expect(unwritten(el), `${name} ${layout}: pending`).to.deep.equal([]);
        const outcome = answerRequest(entry.request, entry.answer, '2026-11-29T12:00:00.000Z');
        if (!outcome.ok) throw new Error(`${name}: the catalogue's answer is refused`);
        el.response = outcome.response;
        await el.updateComplete;
        (partIn(el.shadowRoot!, 'receipt-heading') as HTMLButtonElement).click();
        await el.updateComplete;
        expect(unwritten(el), `${name} ${layout}: the receipt, opened`).to.deep.equal([]);
      }
    }
  });

  it('reaches an approval’s actions: Reject, then Approve, which Enter approves', async () => {
    const { el, events } = await mountApproval();
    await startBefore(el);
    await safariTabTo(byPart('reject-button'));
    await safariTabTo(byPart('approve-button'));
    await press('Enter');
    await el.updateComplete;
    expect(events.map((e) => e.approved)).to.deep.equal([true]);
  });

  it('reaches the rejection note behind Add a reason, and Ctrl+Enter there rejects with it', async () => {
    const { el, events } = await mountApproval();
    await startBefore(el);
    await safariTabTo(byPart('add-reason-button'));
    await press('Enter');
    await el.updateComplete;
    await safariTabTo(byPart('note'));
    await type('later');
    await press('Control+Enter');
    await el.updateComplete;
    expect(events.map((e) => [e.approved, e.text])).to.deep.equal([[false, 'later']]);
  });

  it('reaches a choice’s option list: the digits pick, the arrows move, Tab goes on to Submit', async () => {
    const { el, events } = await mount(catalogue['choice with free text']!.request);
    await startBefore(el);
    await safariTabTo(radio);
    await press('2');
    await settle(el);
    expect((deepActiveElement() as HTMLInputElement).checked, 'the digit picked the second option').to.equal(true);
    await press('ArrowUp');
    await settle(el);
    const focused = deepActiveElement() as HTMLInputElement;
    expect([focused.value, focused.checked]).to.deep.equal(['prod', true]);
    await safariTabTo(byPart('submit-button'));
    await press('Enter');
    await settle(el);
    expect(events.map((e) => e.selected_options)).to.deep.equal([['prod']]);
  });

  it('reaches a text answer, and Enter in it sends', async () => {
    const { el, events } = await mount(catalogue.text!.request);
    await startBefore(el);
    await safariTabTo(byPart('text-field'));
    await type('aik');
    await press('Enter');
    await settle(el);
    expect(events.map((e) => e.text)).to.deep.equal(['aik']);
  });
});
