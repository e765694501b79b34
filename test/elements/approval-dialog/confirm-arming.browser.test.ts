// 确认批准 is deliberate: for 1,000 ms after it appears, on the card's injected
// clock, it does nothing, whatever the keyboard or the mouse does; it says so (aria-disabled, 请稍候,
// a CSS fill), a held key never activates it, and Reject never moves under the pointer.
import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import '../../../src/entries/approval-dialog.js';
import type { ApprovalDialog } from '../../../src/elements/approval-dialog/approval-dialog.js';
import { normalizeApproval } from '../../../src/rules/normalize.js';
import { describedBy, mountCard } from '../../support/card-harness.js';
import { deepActiveElement, keyDown, keyUp, press } from '../../support/keyboard.js';
import { asIfMedia } from '../../support/media.js';

const high = normalizeApproval({ message: 'Drop the production database?', severity: 'high' }, { request_id: 'h-1', session_id: 's' });

const mount = (locale = 'zh-CN') => mountCard<ApprovalDialog>(high, { attrs: `locale=${locale}` });
const description = (_el: Element, target: Element) => describedBy(target);

/** A point in the element, `dx` px right of its centre. */
const center = (el: Element, dx = 0): [number, number] => {
  const box = el.getBoundingClientRect();
  return [Math.round(box.left + box.width / 2 + dx), Math.round(box.top + box.height / 2)];
};
const click = (el: Element, dx = 0) => sendMouse({ type: 'click', position: center(el, dx) });

/** `afterPause`: the press comes after a pause the card's clock saw but the engine did not. */
type Press = (target: HTMLElement, afterPause?: boolean) => Promise<unknown>;
const WAYS: Record<string, Press> = {
  Enter: () => press('Enter'),
  Space: () => press('Space'),
  // WebKit counts clicks on one spot as one multi-click (detail 2, 3...) by the real time between
  // them, and the card takes none of those (the second click of a double-click on 批准); after a
  // real pause a click counts 1 again, and here, where the pause is on the card's clock only, a
  // click on another spot of the button does.
  'mouse clicks': (target, afterPause = false) => click(target, afterPause ? -16 : 0),
};

describe('确认批准 arms for 1,000 ms on the card clock', () => {
  afterEach(() => sendMouse({ type: 'move', position: [0, 0] }));

  for (const [name, act] of Object.entries(WAYS)) {
    it(`${name}: ten presses over 0.8 s approve nothing, a deliberate press after 1.1 s approves`, async () => {
      const { el, clock, events, part } = await mount();
      const approve = part('approve-button')!;
      approve.focus();
      await act(approve);
      await el.updateComplete;
      const confirm = part('confirm-button')!;
      expect(deepActiveElement()).to.equal(confirm);
      for (let i = 0; i < 10; i += 1) {
        await act(confirm);
        clock.advance(80);
      }
      await el.updateComplete;
      expect(events, 'nothing approved within 0.8 s').to.have.length(0);
      expect(part('confirm-button')).to.equal(confirm);
      expect(confirm.getAttribute('aria-disabled')).to.equal('true');
      clock.advance(300);
      await el.updateComplete;
      expect(confirm.hasAttribute('aria-disabled')).to.equal(false);
      await act(confirm, true);
      expect(events.map((e) => e.approved)).to.deep.equal([true]);
    });
  }

  it('moved on the page while it arms: no timer runs while the card is off the page; back on it, it arms at its own time', async () => {
    const { el, clock, events, part } = await mount();
    part('approve-button')!.focus();
    await press('Enter');
    await el.updateComplete;
    const parent = el.parentElement!;
    el.remove();
    expect(clock.pending, 'timers left running by a card off the page').to.equal(0);
    clock.advance(400);
    parent.append(el);
    await el.updateComplete;
    const confirm = part('confirm-button')!;
    expect(confirm.getAttribute('aria-disabled'), 'still arming after 400 ms').to.equal('true');
    clock.advance(700);
    await el.updateComplete;
    expect(confirm.hasAttribute('aria-disabled'), 'armed once its 1,000 ms have passed').to.equal(false);
    confirm.focus();
    await press('Enter');
    expect(events.map((e) => e.approved)).to.deep.equal([true]);
  });

  it('a held key never activates it, before or after it armed', async () => {
    const { el, clock, events, part } = await mount();
    part('approve-button')!.focus();
    await keyDown('Enter');
    await el.updateComplete;
    expect(deepActiveElement()).to.equal(part('confirm-button'));
    for (let i = 0; i < 5; i += 1) await keyDown('Enter'); // auto-repeat: event.repeat
    clock.advance(1100);
    await el.updateComplete;
    for (let i = 0; i < 5; i += 1) await keyDown('Enter');
    await keyUp('Enter');
    expect(events).to.have.length(0);
    // Space pressed while arming and released after: the press was not a deliberate one either.
    const second = await mount();
    second.part('approve-button')!.click();
    await second.el.updateComplete;
    second.part('confirm-button')!.focus();
    second.clock.advance(500);
    await keyDown('Space');
    second.clock.advance(600);
    await second.el.updateComplete;
    await keyUp('Space');
    expect(second.events).to.have.length(0);
    await press('Enter');
    expect(second.events.map((e) => e.approved)).to.deep.equal([true]);
  });

  it('says it is arming: aria-disabled (never disabled), described as 请稍候 / One moment, a fill that is CSS', async () => {
    for (const [locale, wait] of [['zh-CN', '请稍候'], ['en', 'One moment']] as const) {
      const { el, clock, part } = await mount(locale);
      part('approve-button')!.click();
      await el.updateComplete;
      const confirm = part('confirm-button')!;
      expect(confirm.hasAttribute('disabled')).to.equal(false);
      expect(document.activeElement === el && el.shadowRoot!.activeElement === confirm, 'focus stays on it').to.equal(true);
      expect(confirm.getAttribute('aria-disabled')).to.equal('true');
      expect(confirm.textContent!.trim(), 'named by its visible label alone').to.equal(locale === 'en' ? 'Confirm approval' : '确认批准');
      expect(description(el, confirm)).to.contain(wait);
      expect(getComputedStyle(confirm, '::before').animationName).to.equal('aik-arm');
      await expect(el).to.be.accessible();
      clock.advance(1000);
      await el.updateComplete;
      expect(getComputedStyle(confirm, '::before').content).to.equal('none');
      expect(confirm.hasAttribute('aria-disabled')).to.equal(false);
      expect(description(el, confirm)).to.not.contain(wait);
      el.remove();
    }
  });

  it('while it arms, its label keeps 4.5:1 against the part still to fill, in light and dark', async () => {
    const rgb = (color: string) => (/rgba?\(([^)]+)\)/.exec(color)![1]!.split(/[\s,/]+/).filter(Boolean).slice(0, 3).map(Number)) as [number, number, number];
    const luminance = ([r, g, b]: number[]) =>
      [r, g, b].map((c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    for (const theme of ['light', 'dark']) {
      const { el, part } = await mount();
      el.setAttribute('theme', theme);
      part('approve-button')!.click();
      await el.updateComplete;
      const confirm = part('confirm-button')!;
      const button = getComputedStyle(confirm);
      const fill = getComputedStyle(confirm, '::before');
      const [base, over, alpha] = [rgb(button.backgroundColor), rgb(fill.backgroundColor), Number(fill.opacity)];
      const unfilled = base.map((c, i) => c * (1 - alpha) + over[i]! * alpha);
      const [a, b] = [luminance(rgb(button.color)), luminance(unfilled)];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      expect(ratio, `${theme}: ${ratio.toFixed(2)}:1`).to.be.at.least(4.5);
      el.remove();
    }
  });

  it('the fill animates, except under prefers-reduced-motion', async () => {
    const { el, part } = await mount();
    part('approve-button')!.click();
    await el.updateComplete;
    const confirm = part('confirm-button')!;
    expect(getComputedStyle(confirm, '::before').animationName).to.equal('aik-arm');
    await asIfMedia(el.shadowRoot!, '(prefers-reduced-motion: reduce)', () => {
      expect(getComputedStyle(confirm, '::before').animationName).to.equal('none');
      expect(confirm.getAttribute('aria-disabled'), 'still arming, without the motion').to.equal('true');
    });
    expect(getComputedStyle(confirm, '::before').animationName, 'the motion is back').to.equal('aik-arm');
  });

  for (const width of [720, 320]) {
    it(`Reject keeps its place and nothing shifts under the pointer (${width} px column)`, async () => {
      const { el, part } = await mount();
      el.style.display = 'block';
      el.style.width = `${width}px`;
      await el.updateComplete;
      const reject = part('reject-button')!;
      const before = reject.getBoundingClientRect().toJSON();
      const approveBox = part('approve-button')!.getBoundingClientRect().toJSON();
      part('approve-button')!.click();
      await el.updateComplete;
      expect(part('reject-button')).to.equal(reject);
      expect(reject.getBoundingClientRect().toJSON()).to.deep.equal(before);
      expect(part('confirm-button')!.getBoundingClientRect().toJSON()).to.deep.equal(approveBox);
    });
  }
});
