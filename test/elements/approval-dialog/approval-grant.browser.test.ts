// 本会话内允许 / Allow for this session on the approval card: offered with a grant on
// low and medium approvals only, answered with the plain approval and `grant: 'session'` on the
// event, its receipt saying so; a call a grant allowed shows a receipt only.
import { expect, nextFrame } from '@open-wc/testing';
import type { ApprovalDialog } from '../../../src/elements/approval-dialog/approval-dialog.js';
import type { InteractionResponseEvent } from '../../../src/elements/shared/interaction-card.js';
import { answerApproval } from '../../../src/rules/responses.js';
import { normalizeApproval } from '../../../src/rules/normalize.js';
import { ApprovalHarness, describedBy, mountApproval, partIn } from '../../support/card-harness.js';
import { asIfCoarsePointer, frameOfWidth, targets } from '../../support/media.js';
import { byPart, deepActiveElement, press, startBefore, tabTo } from '../../support/keyboard.js';

const ids = { request_id: 'g-1', session_id: 's' };
const KUBECTL = { key: 'shell:kubectl get', label: 'kubectl get …' };
const approval = (severity: string, details = '$ kubectl get pods -n staging') => normalizeApproval({ title: 'Run a command', message: 'List the pods in staging?', severity, details }, ids);

/** The card with `grant` offered (none: `null`). */
async function mount(severity = 'low', attrs = '', grant: { key: string; label: string } | null = KUBECTL) {
  const harness = await mountApproval(approval(severity), { attrs });
  const fired: InteractionResponseEvent[] = [];
  harness.el.addEventListener('interaction-response', (event) => fired.push(event));
  harness.el.grant = grant ?? undefined;
  await harness.el.updateComplete;
  return { ...harness, fired };
}

/** The receipt takes focus at the next frame. */
async function settled(el: ApprovalDialog) {
  await el.updateComplete;
  await nextFrame();
  await nextFrame();
}

describe('<approval-dialog> with a session grant', () => {
  for (const severity of ['low', 'medium']) {
    it(`${severity}: offers 本会话内允许 beside 批准, naming what it allows, and is accessible`, async () => {
      const { el, part, grantScope, actions } = await mount(severity);
      const grant = part('grant-button')!;
      expect(grant.textContent!.trim()).to.equal('本会话内允许');
      expect(grantScope()!.textContent).to.equal('本会话内不再询问：kubectl get …');
      // What it allows, and what this call runs, as approve's description has it.
      expect(describedBy(grant)).to.equal('本会话内不再询问：kubectl get … 详情: $ kubectl get pods -n staging');
      const order = [...actions()].map((button) => button.getAttribute('part'));
      expect(order).to.deep.equal(['add-reason-button', 'reject-button', 'grant-button', 'approve-button']);
      // The two approvals stay together when the row wraps.
      expect(grant.parentElement === part('approve-button')!.parentElement && grant.parentElement !== part('actions')).to.equal(true);
      await expect(el).to.be.accessible();
    });
  }

  it('never on a high-risk approval, nor without a grant offered', async () => {
    const high = await mount('high');
    expect(high.part('approve-button') !== null, 'the card is there').to.equal(true);
    expect(high.part('grant-button') === null, 'no grant on high').to.equal(true);
    expect(high.grantScope() === null).to.equal(true);
    // Nor in the second step, while 确认批准 arms.
    high.part('approve-button')!.click();
    await high.el.updateComplete;
    expect(high.part('confirm-button') !== null).to.equal(true);
    expect(high.part('grant-button') === null, 'no grant on high').to.equal(true);
    const none = await mount('low', '', null);
    expect(none.part('grant-button') === null, 'no grant offered').to.equal(true);
    expect(none.grantScope() === null).to.equal(true);
  });

  it('answers with the plain approval and grant "session" beside it; 批准 carries none', async () => {
    const given = await mount('medium');
    given.part('grant-button')!.click();
    const plain = await mount('medium');
    plain.part('approve-button')!.click();
    expect(given.fired.map((event) => event.grant)).to.deep.equal(['session']);
    expect(plain.fired.map((event) => event.grant)).to.deep.equal([undefined]);
    // Byte for byte the approval 批准 gives: what the model reads cannot tell them apart.
    expect(given.events).to.deep.equal(plain.events);
    expect(given.events).to.deep.equal([answerApproval(approval('medium'), true, '', new Date(given.clock.now()).toISOString())]);
  });

  it('a reason typed first is dropped, as on 批准: the approval carries no note', async () => {
    const { el, events, part } = await mount('low');
    part('add-reason-button')!.click();
    await el.updateComplete;
    (part('note') as HTMLTextAreaElement).value = 'why';
    part('note')!.dispatchEvent(new Event('input'));
    part('grant-button')!.click();
    expect(events.map((e) => [e.approved, e.text])).to.deep.equal([[true, '']]);
  });

  it('keyboard alone: Tab reaches it after 拒绝, Enter answers, focus goes to the receipt that says so', async () => {
    const { el, fired, part, receipt } = await mount('low');
    await startBefore(el);
    const stops: string[] = [];
    await tabTo((active) => {
      stops.push(active.getAttribute('part') ?? active.localName);
      return byPart('grant-button')(active);
    });
    expect(stops.slice(-3)).to.deep.equal(['add-reason-button', 'reject-button', 'grant-button']);
    await press('Enter');
    await settled(el);
    expect(fired.map((event) => [event.detail.approved, event.grant])).to.deep.equal([[true, 'session']]);
    expect(deepActiveElement() === part('receipt-heading'), 'focus on the receipt').to.equal(true);
    expect(receipt()).to.equal('已批准 · 本会话内允许');
    await expect(el).to.be.accessible();
  });

  it('its receipt, while the answer is sent and once it arrived; a plain 批准 says 已批准', async () => {
    const { el, part, receipt } = await mount('low', 'locale="en"');
    el.addEventListener('interaction-response', (event) => event.preventDefault(), { once: true });
    part('grant-button')!.click();
    await el.updateComplete;
    expect(el.state).to.equal('submitting');
    expect(receipt()).to.equal('Approved for this session');
    el.response = answerApproval(el.request!, true, '', new Date(0).toISOString());
    await el.updateComplete;
    expect(el.state).to.equal('answered');
    expect(receipt()).to.equal('Approved for this session');
    // The same element asked again (a new request) starts over.
    el.request = { ...approval('low'), request_id: 'g-2' };
    await el.updateComplete;
    part('approve-button')!.click();
    await el.updateComplete;
    expect(receipt()).to.equal('Approved');
  });

  it('a late answer says it came too late, not that it was allowed', async () => {
    const { el, part, receipt } = await mount('low');
    part('grant-button')!.click();
    el.late = true;
    await el.updateComplete;
    expect(receipt()).to.equal('已过期');
  });

  it('a call a session grant allowed: one line, 已按本会话授权自动批准, its record still there; accessible', async () => {
    for (const [locale, words] of [['zh-CN', '已按本会话授权自动批准'], ['en', 'Allowed by your session grant']] as const) {
      const { el, part, receipt } = await mountApproval(approval('low'), { attrs: `locale="${locale}"` });
      el.granted = true;
      el.response = answerApproval(el.request!, true, '', new Date(0).toISOString());
      await el.updateComplete;
      expect(part('actions') === null, 'no form').to.equal(true);
      expect(receipt()).to.equal(words);
      expect(part('card')!.getBoundingClientRect().height).to.be.at.most(48);
      await expect(el).to.be.accessible();
      part('receipt-heading')!.click();
      await el.updateComplete;
      expect(part('message')!.textContent).to.equal('List the pods in staging?');
      await expect(el).to.be.accessible();
    }
  });

  it('the label is runtime text: shown through the one safe path, never as HTML', async () => {
    const { grantScope } = await mount('low', '', { key: 'k', label: '<img src=x>rm\u202Efdp.exe' });
    const scope = grantScope()!;
    expect(scope.querySelector('img') === null, 'no element from the label').to.equal(true);
    expect(scope.querySelector('bdi')!.textContent).to.equal('<img src=x>rm⟨U+202E⟩fdp.exe');
    expect(partIn(scope, 'invisible-char') !== null).to.equal(true);
  });

  it('English, light and dark: named and described in the card\'s language, accessible', async () => {
    for (const theme of ['light', 'dark']) {
      const { el, part } = await mount('medium', `locale="en" theme="${theme}"`);
      expect(part('grant-button')!.textContent!.trim()).to.equal('Allow for this session');
      expect(describedBy(part('grant-button')!)).to.contain('Not asked again in this session: kubectl get …');
      await expect(el).to.be.accessible();
    }
    const dark = await mount('low', 'theme="dark"');
    await expect(dark.el).to.be.accessible();
  });

  it('under a coarse pointer its target is at least 44 × 44 px', async () => {
    const { el, part } = await mount('low');
    expect(part('grant-button')!.getBoundingClientRect().height, 'a mouse target before').to.be.below(44);
    expect(asIfCoarsePointer(el)).to.be.greaterThan(0);
    const small = targets(el.shadowRoot!).filter((target) => {
      const box = target.getBoundingClientRect();
      return box.width < 43.5 || box.height < 43.5;
    });
    expect(small.map((target) => target.getAttribute('part'))).to.deep.equal([]);
  });

  it('in a 320 px column: every button whole and inside the card, none overlapping, the two approvals side by side', async () => {
    const { frame, win } = await frameOfWidth(320, ['/src/entries/approval-dialog.ts']);
    try {
      const el = win.document.createElement('approval-dialog') as ApprovalDialog;
      el.setAttribute('locale', 'en');
      el.request = approval('medium');
      el.grant = KUBECTL;
      win.document.body.append(el);
      await el.updateComplete;
      const { part, actions } = new ApprovalHarness(el);
      const card = part('card')!.getBoundingClientRect();
      const boxes = [...actions()].map((button) => button.getBoundingClientRect());
      for (const box of boxes) {
        expect(box.left).to.be.at.least(card.left);
        expect(box.right).to.be.at.most(card.right + 0.5);
      }
      for (const [i, a] of boxes.entries()) {
        for (const b of boxes.slice(i + 1)) expect(a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5, 'buttons overlap').to.equal(true);
      }
      expect(win.document.documentElement.scrollWidth).to.be.at.most(320);
      const [grant, approve] = ['grant-button', 'approve-button'].map((name) => part(name)!.getBoundingClientRect());
      expect(grant!.top, 'the two approvals on one line').to.equal(approve!.top);
    } finally {
      frame.remove();
    }
  });
});
