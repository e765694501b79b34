import { expect, fixture, html, nextFrame, oneEvent } from '@open-wc/testing';
import '../../../src/entries/approval-dialog.js';
import type { InteractionResponse } from '../../../src/protocol/response.js';
import { normalizeApproval } from '../../../src/rules/normalize.js';
import { ApprovalHarness, mountApproval } from '../../support/card-harness.js';
import { FakeClock } from '../../support/fake-clock.js';
import { deepActiveElement, press, type } from '../../support/keyboard.js';

const ids = { request_id: 'a-1', session_id: 's' };
const high = normalizeApproval({ message: 'Drop the production database?', severity: 'high', details: 'DROP DATABASE prod;' }, ids);
const medium = normalizeApproval({ message: 'Restart the worker?' }, ids);

const mount = (request = high, attrs = '') => mountApproval(request, { attrs });

describe('<approval-dialog>', () => {
  it('severities differ by more than colour: a label and an icon of their own', async () => {
    const seen = new Set<string>();
    for (const severity of ['low', 'medium', 'high']) {
      const { part } = await mount(normalizeApproval({ message: 'm', severity }, ids));
      const badge = part('severity')!;
      seen.add(`${badge.textContent!.trim()}|${badge.querySelector('path, circle')!.outerHTML}`);
    }
    expect(seen.size).to.equal(3);
  });

  it('a low-risk approval keeps its details behind 详情; one plain line reads as text', async () => {
    const { part } = await mount(normalizeApproval({ message: 'Create a branch?', severity: 'low', details: 'branch feature/login' }, ids));
    const details = part('details') as HTMLDetailsElement;
    expect(details.localName).to.equal('details');
    expect(details.open).to.equal(false);
    expect(details.querySelector('summary')!.textContent!.trim()).to.equal('详情');
    expect(details.querySelector('.details-text')!.textContent).to.equal('branch feature/login');
    expect(details.querySelector('pre')).to.equal(null);
  });

  it('high: approving takes a second deliberate step (批准, then 确认批准)', async () => {
    const { el, events, part } = await mount();
    part('approve-button')!.click();
    await el.updateComplete;
    expect(events).to.have.length(0);
    expect(part('approve-button')).to.equal(null);
    const confirm = part('confirm-button')!;
    expect(confirm.textContent!.trim()).to.equal('确认批准');
    expect(deepActiveElement()).to.equal(confirm);
    // It arms for a second on the card's clock (test/elements/confirm-arming.browser.test.ts).
    (el.clock as FakeClock).advance(1000);
    await el.updateComplete;
    confirm.click();
    expect(events).to.have.length(1);
    expect(events[0]!.approved).to.equal(true);
  });

  it('high: the second click of a double-click on 批准 does not confirm', async () => {
    const { el, events, part } = await mount();
    part('approve-button')!.click();
    await el.updateComplete;
    (el.clock as FakeClock).advance(1000);
    await el.updateComplete;
    part('confirm-button')!.dispatchEvent(new MouseEvent('click', { detail: 2, bubbles: true, composed: true }));
    expect(events).to.have.length(0);
  });

  it('medium approves in one step; the note goes into text only when rejecting', async () => {
    const { events, part } = await mount(medium);
    part('approve-button')!.click();
    expect(events.map((e) => [e.approved, e.text])).to.deep.equal([[true, '']]);
    const second = await mount(medium);
    second.part('add-reason-button')!.click();
    await second.el.updateComplete;
    (second.part('note') as HTMLTextAreaElement).focus();
    await type(' not now ');
    second.part('reject-button')!.click();
    expect(second.events.map((e) => [e.approved, e.text, e.raw_value])).to.deep.equal([[false, 'not now', false]]);
  });

  it('answers once: after the answer nothing can be submitted twice', async () => {
    const { el, events, part } = await mount(medium);
    const approve = part('approve-button')!;
    approve.click();
    approve.click();
    await el.updateComplete;
    expect(events).to.have.length(1);
    expect(part('approve-button')).to.equal(null);
    expect(el.state).to.equal('answered');
    expect(part('receipt')!.textContent).to.contain('已批准');
    // Focus was nowhere (a script clicked): it moves to the receipt at the next frame.
    await nextFrame();
    expect(deepActiveElement() === part('receipt-heading'), 'focus on the receipt (its heading)').to.equal(true);
  });

  it('an answer does not pull focus from elsewhere on the page', async () => {
    const { el, part } = await mount(medium);
    const elsewhere = document.createElement('input');
    document.body.append(elsewhere);
    elsewhere.focus();
    part('approve-button')!.click();
    await el.updateComplete;
    await nextFrame();
    expect(document.activeElement === elsewhere, 'focus stays where the user is').to.equal(true);
    elsewhere.remove();
  });

  it('a listener that calls preventDefault() keeps the card submitting until it sets the response', async () => {
    const { el, part } = await mount(medium);
    let sent: InteractionResponse | undefined;
    el.addEventListener('interaction-response', (e) => {
      e.preventDefault();
      sent = e.detail;
    });
    part('approve-button')!.click();
    await el.updateComplete;
    expect(el.state).to.equal('submitting');
    expect(part('receipt')!.textContent).to.contain('正在提交');
    expect(part('receipt')!.textContent).to.contain('已批准');
    el.response = sent;
    await el.updateComplete;
    expect(el.state).to.equal('answered');
    expect(part('receipt')!.textContent).to.not.contain('正在提交');
  });

  it('sending failed: submitting = false gives the form back as the user left it', async () => {
    const { el, part } = await mount(medium);
    el.addEventListener('interaction-response', (e) => e.preventDefault());
    part('add-reason-button')!.click();
    await el.updateComplete;
    part('note')!.focus();
    await type('later');
    part('reject-button')!.click();
    await el.updateComplete;
    expect(el.state).to.equal('submitting');
    el.submitting = false;
    await el.updateComplete;
    expect(el.state).to.equal('pending');
    expect((part('note') as HTMLTextAreaElement).value).to.equal('later');
    expect(part('approve-button')).to.not.equal(null);
  });

  it('the event bubbles out of shadow roots and is typed', async () => {
    const { el, part } = await mount(medium);
    setTimeout(() => part('approve-button')!.click());
    const event = await oneEvent(document.body, 'interaction-response');
    expect(event.bubbles && event.composed).to.equal(true);
    expect(event.target).to.equal(el);
    expect(event.detail.request_id).to.equal('a-1');
  });

  describe('modal', () => {
    it('opens a native modal <dialog>; focus starts on 拒绝 for high, never on approve', async () => {
      const trigger = document.createElement('button');
      trigger.textContent = 'trigger';
      document.body.append(trigger);
      trigger.focus();
      const { el, part } = await mount(high, 'modal');
      const dialog = part('dialog') as HTMLDialogElement;
      expect(dialog.open).to.equal(true);
      expect(dialog.matches(':modal')).to.equal(true);
      expect(deepActiveElement()).to.equal(part('reject-button'));
      await expect(el).to.be.accessible();
      trigger.remove();
    });

    it('Escape rejects, and focus goes back to where it was', async () => {
      const trigger = document.createElement('button');
      trigger.textContent = 'trigger';
      document.body.append(trigger);
      trigger.focus();
      const { el, events, part } = await mount(medium, 'modal');
      expect(deepActiveElement()).to.equal(part('approve-button'));
      await press('Escape');
      await el.updateComplete;
      await el.updateComplete;
      expect(events.map((e) => [e.status, e.approved])).to.deep.equal([['completed', false]]);
      expect(part('dialog')).to.equal(null);
      expect(document.activeElement).to.equal(trigger);
      trigger.remove();
    });
  });

  it('speaks English with locale="en" and with an inherited lang', async () => {
    const { el, part } = await mount(high, 'locale="en"');
    expect(part('approve-button')!.textContent!.trim()).to.equal('Approve');
    expect(part('reject-button')!.textContent!.trim()).to.equal('Reject');
    expect(part('add-reason-button')!.textContent!.trim()).to.equal('Add a reason');
    part('add-reason-button')!.click();
    await el.updateComplete;
    expect((part('note') as HTMLTextAreaElement).labels[0]!.textContent!.trim()).to.equal('Reason (optional)');
    const wrapper = await fixture(html`<div lang="en-GB"><approval-dialog .request=${high}></approval-dialog></div>`);
    const inner = wrapper.querySelector('approval-dialog')!;
    await inner.updateComplete;
    expect(new ApprovalHarness(inner).find('.details-label')!.textContent!.trim()).to.equal('Details');
  });

  it('standalone: an approval times itself out unanswered, from its own timeout_seconds', async () => {
    const { el, clock, events, part } = await mount(medium);
    clock.advance(119_000);
    expect(events).to.have.length(0);
    clock.advance(1_000);
    await el.updateComplete;
    expect(events.map((e) => [e.status, e.approved, e.text, e.raw_value])).to.deep.equal([['timeout', false, '', null]]);
    expect(el.state).to.equal('expired');
    expect(part('receipt-heading')!.textContent).to.contain('已超时');
  });
});
