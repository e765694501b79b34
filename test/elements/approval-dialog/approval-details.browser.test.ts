// What is approved is seen: a high-risk approval shows its details open and keeps
// them in view while 确认批准 arms; a medium one opens up to six lines; commands and several lines
// are a monospaced, wrapping block with Copy; approve's description carries the first line.
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/entries/approval-dialog.js';
import { CONFIRM_DELAY_MS, type ApprovalDialog } from '../../../src/elements/approval-dialog/approval-dialog.js';
import { normalizeApproval } from '../../../src/rules/normalize.js';
import { describedBy, mountCard, partIn } from '../../support/card-harness.js';
import { FakeClock } from '../../support/fake-clock.js';
import { byPart, deepActiveElement, press, startBefore, tabTo } from '../../support/keyboard.js';

const ids = { request_id: 'a-1', session_id: 's' };
const RELEASE = 'commit 8f3e2a1\nservices: api, worker, web\nregions: cn-north, cn-east';
const approval = (severity: string, details: string) => normalizeApproval({ message: 'Go ahead?', severity, details }, ids);

const mount = (request = approval('high', RELEASE), attrs = '') => mountCard<ApprovalDialog>(request, { attrs });
const description = describedBy;

describe('<approval-dialog> details: what is approved is seen', function () {
  // axe-core on a loaded machine.
  this.timeout(30_000);
  it('high: the details are shown open, never behind a toggle, as a monospaced wrapping block', async () => {
    const { el, root, part } = await mount();
    const details = part('details')!;
    expect(details.localName).to.not.equal('details');
    expect(root.querySelector('summary')).to.equal(null);
    const block = details.querySelector('pre')!;
    expect(block.checkVisibility()).to.equal(true);
    expect(block.textContent).to.equal(RELEASE);
    const style = getComputedStyle(block);
    expect(style.whiteSpace).to.equal('pre-wrap');
    expect(style.fontFamily).to.match(/mono|Menlo|Consolas/);
    await expect(el).to.be.accessible();
  });

  it('high: the arming step keeps the details in view (a short scroller, the details scrolled away first)', async () => {
    const scroller = (await fixture(html`<div style="height: 150px; overflow: auto"><div style="height: 600px"></div></div>`)) as HTMLElement;
    const el = document.createElement('approval-dialog');
    el.clock = new FakeClock();
    el.request = approval('high', RELEASE);
    scroller.append(el, Object.assign(document.createElement('div'), { style: 'height: 600px' }));
    await el.updateComplete;
    const root = el.shadowRoot!;
    partIn(root, 'approve-button')!.scrollIntoView({ block: 'end' });
    const inView = (target: Element) => {
      const r = target.getBoundingClientRect();
      const v = scroller.getBoundingClientRect();
      return r.top >= v.top - 1 && r.bottom <= v.bottom + 1;
    };
    const details = partIn(root, 'details')!;
    expect(inView(details), 'the details are out of view before approving').to.equal(false);
    await startBefore(partIn(root, 'approve-button')!);
    partIn(root, 'approve-button')!.focus();
    await press('Enter');
    await el.updateComplete;
    expect(deepActiveElement()?.getAttribute('part')).to.equal('confirm-button');
    // The card scrolls in the frame after the key (WebKit brings the focused confirm into view
    // once the key's events are handled).
    await new Promise(requestAnimationFrame);
    expect(inView(details), 'the details are in view while the confirm arms').to.equal(true);
    expect(details.querySelector('pre')!.checkVisibility()).to.equal(true);
  });

  it('approve, and then 确认批准, are described by the first line of the details', async () => {
    const { el, part } = await mount();
    expect(description(part('approve-button')!)).to.equal('详情: commit 8f3e2a1');
    part('approve-button')!.click();
    await el.updateComplete;
    expect(description(part('confirm-button')!)).to.contain('commit 8f3e2a1');
    (el.clock as FakeClock).advance(CONFIRM_DELAY_MS);
    await el.updateComplete;
    expect(description(part('confirm-button')!)).to.contain('commit 8f3e2a1');
    const low = await mount(approval('low', 'branch feature/login'), 'locale="en"');
    expect(description(low.part('approve-button')!)).to.equal('Details: branch feature/login');
    const none = await mount(normalizeApproval({ message: 'Go?' }, ids));
    expect(none.part('approve-button')!.hasAttribute('aria-describedby')).to.equal(false);
  });

  it('medium: open up to six lines; past that collapsed, with the line count', async () => {
    const six = await mount(approval('medium', ['a', 'b', 'c', 'd', 'e', 'f'].join('\n')));
    expect((six.part('details') as HTMLDetailsElement).open).to.equal(true);
    expect(six.root.querySelector('summary')!.textContent!.trim()).to.equal('详情（6 行）');
    await expect(six.el).to.be.accessible();
    const seven = await mount(approval('medium', ['a', 'b', 'c', 'd', 'e', 'f', 'g'].join('\n')), 'locale="en"');
    expect((seven.part('details') as HTMLDetailsElement).open).to.equal(false);
    expect(seven.root.querySelector('summary')!.textContent!.trim()).to.equal('Details (7 lines)');
    await expect(seven.el).to.be.accessible();
  });

  it('a command (a line starting with $, or indented, or with a tab) is a block with Copy; one plain line is text', async () => {
    for (const command of ['$ kubectl rollout restart deploy/worker -n staging', 'run:\n  - build', 'a\tb']) {
      const { part } = await mount(approval('medium', command));
      expect(part('details')!.querySelector('pre')?.textContent, command).to.equal(command);
      expect(part('copy-button'), command).to.not.equal(null);
    }
    const plain = await mount(approval('medium', 'Restarts the worker in staging'));
    expect(plain.part('details')!.querySelector('pre')).to.equal(null);
    expect(plain.part('details')!.querySelector('.details-text')!.textContent).to.equal('Restarts the worker in staging');
    expect(plain.part('copy-button')).to.equal(null);
  });

  it('medium: a single-line command without $ (kubectl …) is the monospaced block with Copy, as on high', async () => {
    const command = 'kubectl rollout restart deploy/worker -n staging';
    for (const severity of ['medium', 'high']) {
      const { el, part } = await mount(approval(severity, command));
      const block = part('details')!.querySelector('pre')!;
      expect(block, severity).to.not.equal(null);
      expect(block.textContent, severity).to.equal(command);
      expect(block.checkVisibility(), `${severity}: open`).to.equal(true);
      expect(getComputedStyle(block).fontFamily, severity).to.match(/mono|Menlo|Consolas/);
      expect(part('copy-button'), severity).to.not.equal(null);
      await expect(el).to.be.accessible();
    }
  });

  it('one plain line, open or high, sits inside its box: inset from the border as the summary and the label are', async () => {
    const inset = (box: Element, text: Element) => text.getBoundingClientRect().left - box.getBoundingClientRect().left;
    const medium = await mount(approval('medium', 'Restarts the worker in staging'));
    const disclosure = medium.part('details')!;
    const summary = disclosure.querySelector('summary')!;
    const summaryInset = inset(disclosure, summary) + parseFloat(getComputedStyle(summary).paddingLeft);
    expect(inset(disclosure, disclosure.querySelector('.details-text')!)).to.be.closeTo(summaryInset, 1);
    const high = await mount(approval('high', 'Restarts the worker in staging'));
    const section = high.part('details')!;
    expect(inset(section, section.querySelector('.details-text')!)).to.be.closeTo(inset(section, section.querySelector('.details-label')!), 1);
    expect(inset(section, section.querySelector('.details-text')!)).to.be.greaterThan(4);
  });

  it('Copy copies the details from the keyboard, and reads 已复制 at the same width', async () => {
    const { el, part } = await mount(approval('medium', '$ kubectl rollout restart deploy/worker -n staging'));
    const copy = part('copy-button')!;
    const width = copy.getBoundingClientRect().width;
    await startBefore(el);
    await tabTo(byPart('copy-button'));
    await press('Enter');
    await el.updateComplete;
    // It says so only once the clipboard took the text.
    expect(copy.textContent!.trim()).to.equal('已复制');
    expect(copy.getBoundingClientRect().width).to.equal(width);
    await expect(el).to.be.accessible();
  });

  it('model text in the block goes through the one safe text path: a bidi control shows as its mark', async () => {
    const { part } = await mount(approval('high', 'rm -rf ./\u202Egnp.exe\nsecond line'));
    const block = part('details')!.querySelector('pre')!;
    expect(block.querySelector('bdi')).to.not.equal(null);
    expect(partIn(block, 'invisible-char')!.textContent).to.equal('⟨U+202E⟩');
    expect(block.querySelector('img, script, a')).to.equal(null);
  });
});
