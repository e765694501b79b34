// Any request can be declined: a quiet 跳过 / Skip on every input card (both
// layouts and the review) and Escape inside it send status `cancelled`; once something was typed
// or picked, the first asks 放弃已填写的内容？ in place and the second confirms. Approvals keep
// Reject, and Escape on them does nothing. Real key presses throughout.
import { expect, fixture } from '@open-wc/testing';
import '../../../src/entries/approval-dialog.js';
import type { ApprovalDialog } from '../../../src/elements/approval-dialog/approval-dialog.js';
import { toolResultFor } from '../../../src/rules/results.js';
import { FakeClock } from '../../support/fake-clock.js';
import { golden, withPlaceholders } from '../../support/golden.js';
import { byPart, deepActiveElement, press, startBefore, tabTo, type } from '../../support/keyboard.js';
import { mount, settle } from '../../support/questionnaire-mount.js';
import { catalogue } from '../../support/requests-catalogue.js';
import { openReceipt } from '../../support/receipt.js';
import { partIn } from '../../support/card-harness.js';

const question = (root: ShadowRoot) => partIn(root, 'skip-button')?.parentElement?.querySelector('[role="alert"]')?.textContent?.trim();
const CARDS = ['text', 'choice with free text', 'multi-choice with free text', 'questionnaire of four'] as const;

describe('Skip: any request can be declined', function () {
  this.timeout(30_000);
  for (const name of CARDS) {
    it(`${name}: an untouched card is skipped by one Skip (Tab, Enter): status cancelled, the receipt says Skipped`, async () => {
      const { el, events, root } = await mount(catalogue[name]!.request, { layout: 'list' });
      await startBefore(el);
      await tabTo(byPart('skip-button'));
      await press('Enter');
      await el.updateComplete;
      expect(events.map((e) => [e.status, e.approved])).to.deep.equal([['cancelled', false]]);
      expect(el.state).to.equal('cancelled');
      expect(partIn(root, 'receipt-heading')!.textContent).to.contain('Skipped');
      await expect(el).to.be.accessible();
    });
  }

  it('the result the model reads is the golden questionnaire-cancelled one', async () => {
    const c = golden.tool_cases.find((x) => x.name === 'questionnaire-cancelled')!;
    const { normalizeToolCall } = await import('../../../src/rules/normalize.js');
    const { resolveContext } = await import('../../../src/rules/context.js');
    const request = normalizeToolCall('request_user_input', c.arguments as Record<string, unknown>, { request_id: 'CALL', session_id: 's-1' }, resolveContext(c.context));
    const { el, events } = await mount(request, { layout: 'list' });
    await startBefore(el);
    await tabTo((e) => e instanceof HTMLInputElement);
    await press('Escape');
    expect(events).to.have.length(1);
    expect(toolResultFor(request, events[0]!)).to.deep.equal(withPlaceholders(c.result, 'CALL', events[0]!.resolved_at));
  });

  it('Escape on an untouched card skips at once', async () => {
    const { el, events } = await mount(catalogue['choice with free text']!.request);
    await startBefore(el);
    await tabTo((e) => e instanceof HTMLInputElement);
    await press('Escape');
    expect(events.map((e) => e.status)).to.deep.equal(['cancelled']);
  });

  it('typed text: the first Escape asks "Discard your answer?" in place, focus stays in the field; the second confirms', async () => {
    const { el, events, root, part } = await mount(catalogue.text!.request);
    await startBefore(el);
    await tabTo(byPart('text-field'));
    await type('half an ans');
    await press('Escape');
    await el.updateComplete;
    expect(events).to.have.length(0);
    expect(question(root)).to.equal('Discard your answer?');
    expect(deepActiveElement()).to.equal(part('text-field'));
    expect((part('text-field') as HTMLTextAreaElement).value).to.equal('half an ans');
    await expect(el).to.be.accessible();
    await press('Escape');
    await el.updateComplete;
    expect(events.map((e) => e.status)).to.deep.equal(['cancelled']);
  });

  it('typing on takes the question back; Keep editing does too, and returns focus to the field', async () => {
    const { el, events, root, part } = await mount(catalogue.text!.request);
    await startBefore(el);
    await tabTo(byPart('text-field'));
    await type('draft');
    await press('Escape');
    await el.updateComplete;
    await type(' more');
    await el.updateComplete;
    expect(question(root)).to.equal(undefined);
    await press('Escape');
    await el.updateComplete;
    await tabTo(byPart('keep-button'));
    await press('Enter');
    await el.updateComplete;
    await el.updateComplete;
    expect(question(root)).to.equal(undefined);
    expect(deepActiveElement()).to.equal(part('text-field'));
    expect((part('text-field') as HTMLTextAreaElement).value).to.equal('draft more');
    expect(events).to.have.length(0);
  });

  it('a picked option: Skip asks first (focus stays on Skip), and Skip again confirms', async () => {
    const { el, events, root } = await mount(catalogue['questionnaire of four']!.request, { layout: 'list' });
    await startBefore(el);
    await tabTo((e) => e instanceof HTMLInputElement && e.type === 'radio');
    await press('1');
    await tabTo(byPart('skip-button'));
    await press('Enter');
    await el.updateComplete;
    expect(events).to.have.length(0);
    expect(question(root)).to.equal('Discard your answer?');
    expect(deepActiveElement()?.getAttribute('part')).to.equal('skip-button');
    await press('Enter');
    await el.updateComplete;
    expect(events.map((e) => e.status)).to.deep.equal(['cancelled']);
    expect((await openReceipt(el)).textContent).to.not.contain('彻底重做');
  });

  it('steps: Skip on a question and on the review, and Escape in a step', async () => {
    const request = catalogue['questionnaire of four']!.request;
    const stepping = await mount(request, { layout: 'steps' });
    expect(stepping.part('skip-button')).to.not.equal(null);
    await startBefore(stepping.el);
    await tabTo((e) => e instanceof HTMLInputElement && e.type === 'radio');
    await press('Escape');
    expect(stepping.events.map((e) => e.status)).to.deep.equal(['cancelled']);
    const reviewing = await mount(request, { layout: 'steps' });
    reviewing.part('recommended-button')!.click();
    await settle(reviewing.el);
    expect(reviewing.part('review')).to.not.equal(null);
    await tabTo(byPart('skip-button'));
    await press('Enter');
    await reviewing.el.updateComplete;
    expect(question(reviewing.root)).to.equal('Discard the 4 answers you gave?');
    await expect(reviewing.el).to.be.accessible();
    await press('Enter');
    expect(reviewing.events.map((e) => e.status)).to.deep.equal(['cancelled']);
  });

  it('zh-CN: 跳过, and 放弃已填写的内容？ beside it', async () => {
    const { el, root, part } = await mount(catalogue.text!.request, { locale: 'zh-CN' });
    expect(part('skip-button')!.textContent!.trim()).to.equal('跳过');
    await startBefore(el);
    await tabTo(byPart('text-field'));
    await type('x');
    await press('Escape');
    await el.updateComplete;
    expect(question(root)).to.equal('放弃已填写的内容？');
    expect(part('keep-button')!.textContent!.trim()).to.equal('继续填写');
  });
});

describe('approvals keep Reject', () => {
  it('Escape on an approval does nothing; there is no Skip', async () => {
    const el = (await fixture('<approval-dialog></approval-dialog>')) as ApprovalDialog;
    el.clock = new FakeClock();
    el.request = catalogue['approval low']!.request;
    await el.updateComplete;
    const events: unknown[] = [];
    el.addEventListener('interaction-response', (e) => events.push(e.detail));
    await startBefore(el);
    await tabTo(byPart('reject-button'));
    await press('Escape');
    await el.updateComplete;
    expect(events).to.have.length(0);
    expect(el.state).to.equal('pending');
    expect(partIn(el.shadowRoot!, 'skip-button')).to.equal(null);
  });
});
