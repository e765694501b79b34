// MCP form-mode elicitation in <questionnaire-form>: every field kind of the specification,
// prefilled with its default, answered with real key presses, checked before sending.
import { expect } from '@open-wc/testing';
import { elicitResult } from '../../src/adapters/mcp-elicitation.js';
import type { QuestionnaireForm } from '../../src/elements/questionnaire-form/questionnaire-form.js';
import { deepActiveElement, press, startBefore, tabTo, type } from '../support/keyboard.js';
import { openReceipt } from '../support/receipt.js';
import { EVERY_KIND, STRUCTURED } from './mcp-examples.js';
import { elicitationRequest, focusedKey, tabToField } from './support.js';
import { mountCard } from '../support/card-harness.js';
import { partIn, partsIn } from '../support/card-harness.js';

const every = elicitationRequest(EVERY_KIND);

describe('MCP form fields in <questionnaire-form>', () => {
  it('renders each kind as its control, prefilled with the defaults', async () => {
    const { root } = await mountCard<QuestionnaireForm>(every, { attrs: 'locale="en"' });
    const input = (key: string) => root.querySelector<HTMLInputElement>(`[data-key="${key}"] input`)!;
    expect(input('display').type).to.equal('email');
    expect(input('display').value).to.equal('user@example.com');
    expect(input('site').type).to.equal('url');
    expect(input('amount').value).to.equal('50');
    expect(input('amount').inputMode).to.equal('decimal');
    expect(input('count').inputMode).to.equal('numeric');
    expect(input('agree').type).to.equal('checkbox');
    expect(input('agree').checked).to.equal(false);
    const checked = (key: string) => [...root.querySelectorAll<HTMLInputElement>(`[data-key="${key}"] input:checked`)].map((i) => i.value);
    expect(checked('color')).to.deep.equal(['Red']);
    expect(checked('hex')).to.deep.equal(['#FF0000']);
    expect(checked('colors')).to.deep.equal(['Red', 'Green']);
    expect(checked('hexes')).to.deep.equal(['#FF0000', '#00FF00']);
    expect(checked('legacy')).to.deep.equal([]);
    expect(root.querySelector('[data-key="legacy"]')!.textContent).to.contain('Medium');
    // Constraints said once, beside the field, and tied to it for screen readers.
    const hint = root.getElementById(input('amount').getAttribute('aria-describedby')!.split(' ')[1]!)!;
    expect(hint.textContent).to.equal('Between 0 and 100');
    expect(root.querySelector('[data-key="handle"]')!.textContent).to.contain('(optional)');
    expect(partIn(root, 'recommended-button'), 'no recommended answers in a form').to.equal(null);
    expect(partsIn(root, 'recommended')).to.have.length(0);
  });

  it('is answered with the keyboard alone, and the result is typed as the schema says', async () => {
    const { el, events } = await mountCard<QuestionnaireForm>(every, { attrs: 'locale="en"' });
    await startBefore(el);
    await tabToField('display'); // keeps its default
    await tabToField('handle');
    await type('Ada');
    await tabToField('amount');
    await press('Control+A');
    await type('42.5');
    await tabToField('agree');
    await press('Space');
    await tabToField('color');
    await press('3');
    await tabToField('hex');
    await press('2');
    await tabToField('colors'); // keeps Red and Green
    await tabToField('hexes');
    await press('2'); // unticks Green
    await tabToField('legacy');
    await press('2');
    await tabToField('when');
    await type('2026-12-01T09:30+08:00');
    await tabToField('day');
    await type('2026-02-28');
    await tabToField('site');
    await type('https://example.com/a');
    await tabToField('count');
    await type('7');
    await tabTo((e) => e.getAttribute('part') === 'submit-button');
    await press('Enter');
    expect(events).to.have.length(1);
    expect(elicitResult(every, events[0]!)).to.deep.equal({
      action: 'accept',
      content: {
        display: 'user@example.com', handle: 'Ada', amount: 42.5, agree: true, color: 'Blue', hex: '#00FF00', colors: ['Red', 'Green'],
        hexes: ['#FF0000'], legacy: 'm', when: '2026-12-01T09:30:00+08:00', day: '2026-02-28', site: 'https://example.com/a', count: 7,
      },
    });
    expect(el.state).to.equal('answered');
    expect((await openReceipt(el)).textContent).to.contain('Ada');
  });

  it('refuses what breaks a constraint, says why at the field, and moves focus there', async () => {
    const { el, events, root } = await mountCard<QuestionnaireForm>(elicitationRequest(STRUCTURED), { attrs: 'locale="en"' });
    await startBefore(el);
    await tabToField('name');
    await type('Monalisa');
    await tabToField('email');
    await type('octocat-at-github');
    await tabToField('age');
    await type('12');
    await tabTo((e) => e.getAttribute('part') === 'submit-button');
    await press('Enter');
    expect(events).to.have.length(0);
    await el.updateComplete;
    expect(focusedKey()).to.equal('email');
    const email = deepActiveElement() as HTMLInputElement;
    expect(email.getAttribute('aria-invalid')).to.equal('true');
    const errors = partsIn(root, 'error').map((e) => e.textContent!.trim());
    expect(errors).to.deep.equal(['Please enter a valid email address.', 'This number is too small.']);
    expect(email.getAttribute('aria-describedby')).to.contain(partIn(root.querySelector('[data-key="email"]')!, 'error')!.id);
    // Fixing the field clears its refusal; the form then goes through.
    await press('Control+A');
    await type('octocat@github.com');
    await tabToField('age');
    await press('Control+A');
    await type('30');
    await tabTo((e) => e.getAttribute('part') === 'submit-button');
    await press('Enter');
    expect(elicitResult(elicitationRequest(STRUCTURED), events[0]!)).to.deep.equal({
      action: 'accept',
      content: { name: 'Monalisa', email: 'octocat@github.com', age: 30 },
    });
  });

  it('Decline and Cancel are MCP’s two answers, both in view in place of Skip; the receipt names the one taken', async () => {
    const request = elicitationRequest(STRUCTURED);
    const declined = await mountCard<QuestionnaireForm>(request, { attrs: 'locale="en"' });
    expect(partIn(declined.root, 'skip-button'), 'Skip is the word for the kit’s own questions').to.equal(null);
    expect(partIn(declined.root, 'reject-button')!.textContent!.trim()).to.equal('Decline');
    expect(partIn(declined.root, 'dismiss-button')!.textContent!.trim()).to.equal('Cancel');
    await expect(declined.el).to.be.accessible();
    await startBefore(declined.el);
    await tabTo((e) => e.getAttribute('part') === 'reject-button');
    await press('Enter');
    expect(elicitResult(request, declined.events[0]!)).to.deep.equal({ action: 'decline' });
    await declined.el.updateComplete;
    expect(partIn(declined.root, 'receipt-heading')!.textContent).to.contain('Declined');

    const cancelled = await mountCard<QuestionnaireForm>(request, { attrs: 'locale="en"' });
    await startBefore(cancelled.el);
    await tabTo((e) => e.getAttribute('part') === 'dismiss-button');
    await press('Enter');
    expect(elicitResult(request, cancelled.events[0]!)).to.deep.equal({ action: 'cancel' });
    await cancelled.el.updateComplete;
    expect(partIn(cancelled.root, 'receipt-heading')!.textContent).to.contain('Cancelled');
  });

  it('Escape inside an MCP form is Cancel: at once when untouched, after asking once when something was typed', async () => {
    const request = elicitationRequest(STRUCTURED);
    // Its defaults are not the user's answer: an untouched form cancels at the first Escape.
    const escaped = await mountCard<QuestionnaireForm>(request, { attrs: 'locale="en"' });
    await startBefore(escaped.el);
    await tabTo((e) => e instanceof HTMLInputElement);
    await press('Escape');
    expect(escaped.events).to.have.length(1);
    expect(elicitResult(request, escaped.events[0]!)).to.deep.equal({ action: 'cancel' });

    const typed = await mountCard<QuestionnaireForm>(request, { attrs: 'locale="en"' });
    await startBefore(typed.el);
    await tabToField('name');
    await type('Ada');
    await press('Escape');
    await typed.el.updateComplete;
    expect(typed.events, 'the first Escape only asks').to.have.length(0);
    expect(typed.root.querySelector('.discard-question')!.textContent).to.equal('Discard your answer?');
    await expect(typed.el).to.be.accessible();
    await press('Escape');
    expect(typed.events).to.have.length(1);
    expect(elicitResult(request, typed.events[0]!)).to.deep.equal({ action: 'cancel' });
  });

  it('has no countdown: an elicitation waits for the user or the server', async () => {
    const { el, clock, root } = await mountCard<QuestionnaireForm>(every);
    clock.advance(24 * 3600_000);
    await el.updateComplete;
    expect(partIn(root, 'countdown')).to.equal(null);
    expect(el.state).to.equal('pending');
  });
});
