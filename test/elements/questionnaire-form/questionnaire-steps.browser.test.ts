// Questionnaires fit a chat column: the steps layout, through real keys and a real pointer, axe
// clean in every state, and the 520 px bound of the README's four-question questionnaire.
import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import '../../../src/entries/questionnaire-form.js';
import { normalizeInput } from '../../../src/rules/normalize.js';
import { resolveContext } from '../../../src/rules/context.js';
import { migrationQuestionnaire } from '../../../demo/questionnaire-example.js';
import { mount, settle } from '../../support/questionnaire-mount.js';
import { deepActiveElement, press, type } from '../../support/keyboard.js';
import { catalogue } from '../../support/requests-catalogue.js';
import { partsIn } from '../../support/card-harness.js';

const four = catalogue['questionnaire of four']!.request;


/** A real click at the middle of `target`. */
async function clickOn(target: Element): Promise<void> {
  const box = target.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
}

describe('<questionnaire-form> steps', () => {
  it('auto: four questions show one at a time with their place, announced', async () => {
    const { el, part, shown } = await mount(four);
    expect(el.getAttribute('layout')).to.equal('auto');
    expect(shown()).to.deep.equal(['compat']);
    expect(part('progress')!.textContent!.trim()).to.equal('Question 1 of 4');
    expect(part('progress')!.getAttribute('aria-live')).to.equal('polite');
    expect(part('next-button')!.textContent!.trim()).to.equal('Next');
    expect(part('back-button'), 'no Back on the first question').to.equal(null);
    expect(part('submit-button')).to.equal(null);
    expect(part('countdown'), 'the countdown stays').to.not.equal(null);
    expect(part('recommended-button'), 'Use all recommended stays').to.not.equal(null);
    await expect(el).to.be.accessible();
  });

  it('auto: one or two questions stay a list; layout="list" shows all four', async () => {
    expect((await mount(catalogue['grilling checkpoint']!.request)).part('progress')).to.equal(null);
    const two = normalizeInput({ message: 'Two', questions: [{ id: 'a', question: 'A?', options: ['x', 'y'] }, { id: 'b', question: 'B?', options: ['x', 'y'] }] }, { request_id: 'two', session_id: 's' }, resolveContext());
    expect((await mount(two)).shown()).to.deep.equal(['a', 'b']);
    const list = await mount(four, { layout: 'list' });
    expect(list.shown()).to.deep.equal(['compat', 'region', 'window', 'notify']);
    expect(list.part('progress')).to.equal(null);
  });

  it('layout="steps" steps through even two questions', async () => {
    const two = normalizeInput({ message: 'Two', questions: [{ id: 'a', question: 'A?', options: ['x', 'y'] }, { id: 'b', question: 'B?', options: ['x', 'y'] }] }, { request_id: 'two-s', session_id: 's' }, resolveContext());
    const { part, shown } = await mount(two, { layout: 'steps' });
    expect(shown()).to.deep.equal(['a']);
    expect(part('progress')!.textContent!.trim()).to.equal('Question 1 of 2');
  });

  it('zh-CN: 第 1 题，共 4 题, 下一题, then 上一题', async () => {
    const { el, part, radios } = await mount(four, { locale: 'zh-CN' });
    expect(part('progress')!.textContent!.trim()).to.equal('第 1 题，共 4 题');
    expect(part('next-button')!.textContent!.trim()).to.equal('下一题');
    radios()[0]!.focus();
    await press('1');
    await settle(el);
    expect(part('progress')!.textContent!.trim()).to.equal('第 2 题，共 4 题');
    expect(part('back-button')!.textContent!.trim()).to.equal('上一题');
  });

  it('↑/↓ move focus without picking; Enter picks and moves on; screen readers hear the new place', async () => {
    const { el, part, shown, radios } = await mount(four);
    const progress = part('progress')!;
    radios()[0]!.focus();
    await press('ArrowDown');
    expect(deepActiveElement()).to.equal(radios()[1]);
    await press('ArrowUp');
    expect(deepActiveElement()).to.equal(radios()[0]);
    expect(radios().some((r) => r.checked), 'nothing picked by arrows').to.equal(false);
    expect(shown()).to.deep.equal(['compat']);
    await press('Enter');
    await settle(el);
    expect(shown()).to.deep.equal(['region']);
    // The same live region, with new text: that is what a screen reader announces.
    expect(part('progress')).to.equal(progress);
    expect(progress.textContent!.trim()).to.equal('Question 2 of 4');
    expect(deepActiveElement(), 'focus in the next question').to.equal(radios()[0]);
    expect(radios().map((r) => r.checked), 'nothing checked in the next question').to.deep.equal([false, false, false]);
    await expect(el).to.be.accessible();
  });

  it('a digit picks and moves on; Space picks too', async () => {
    const { el, shown, radios } = await mount(four);
    radios()[0]!.focus();
    await press('2');
    await settle(el);
    expect(shown()).to.deep.equal(['region']);
    await press('ArrowDown');
    await press('Space');
    await settle(el);
    expect(shown()).to.deep.equal(['window']);
  });

  it('Next on an unanswered question is refused with the reason at the question; Back and Next move freely', async () => {
    const { el, part, shown, root, radios } = await mount(four);
    part('next-button')!.focus();
    await press('Enter');
    await settle(el);
    expect(shown()).to.deep.equal(['compat']);
    const fieldset = root.querySelector('fieldset[data-key="compat"]')!;
    expect(fieldset.getAttribute('aria-invalid')).to.equal('true');
    expect(root.getElementById(fieldset.getAttribute('aria-describedby')!)!.textContent).to.equal('Please answer this question.');
    expect(deepActiveElement()).to.equal(radios()[0]);
    await expect(el).to.be.accessible();
    await press('1');
    await settle(el);
    expect(shown()).to.deep.equal(['region']);
    part('back-button')!.focus();
    await press('Enter');
    await settle(el);
    expect(shown()).to.deep.equal(['compat']);
    expect(radios()[0]!.checked, 'the answer stays').to.equal(true);
    expect(deepActiveElement(), 'focus on the chosen option').to.equal(radios()[0]);
    part('next-button')!.focus();
    await press('Enter');
    await settle(el);
    expect(shown()).to.deep.equal(['region']);
  });

  it('with the pointer: a click picks and moves on, Back goes back', async () => {
    const { el, part, shown, partOf } = await mount(four);
    await clickOn(partOf('compat', 'option')!);
    await settle(el);
    expect(shown()).to.deep.equal(['region']);
    await clickOn(part('back-button')!);
    await settle(el);
    expect(shown()).to.deep.equal(['compat']);
    await clickOn(part('next-button')!);
    await settle(el);
    expect(shown()).to.deep.equal(['region']);
  });

  it('the custom answer is typed in place; Enter there moves on', async () => {
    const { el, shown, radios } = await mount(four);
    radios()[0]!.focus();
    await press('1');
    await settle(el);
    await press('3');
    await settle(el);
    expect(shown()).to.deep.equal(['region']);
    expect(deepActiveElement()?.getAttribute('part')).to.equal('custom-field');
    await expect(el).to.be.accessible();
    await type('ap-southeast');
    await press('Enter');
    await settle(el);
    expect(shown()).to.deep.equal(['window']);
  });

  for (const theme of ['light', 'dark']) {
    it(`after the last question a review lists every answer with Change, then Submit sends (${theme})`, async () => {
      const { el, events, part, root, shown, radios } = await mount(four, { theme });
      radios()[0]!.focus();
      for (const key of ['1', '3']) {
        await press(key);
        await settle(el);
      }
      await type('ap-southeast');
      await press('Enter');
      await settle(el);
      for (const key of ['2', '1']) {
        await press(key);
        await settle(el);
      }
      expect(shown()).to.deep.equal([]);
      expect(part('review')).to.not.equal(null);
      expect(deepActiveElement(), 'focus on the review heading').to.equal(part('progress'));
      expect(part('progress')!.textContent!.trim()).to.equal('Check your answers, then submit');
      const rows = [...root.querySelectorAll('.review-row')].map((row) => row.textContent!.replace(/\s+/g, ' ').trim());
      expect(rows).to.deep.equal(['是否保留旧结构？ 彻底重做 Change', '部署区域？ Custom ap-southeast Change', '维护窗口？ 周六 Change', '通知用户？ 是 Change']);
      await expect(el).to.be.accessible();
      const changes = partsIn<HTMLButtonElement>(root, 'change-button');
      changes[2]!.focus();
      await press('Enter');
      await settle(el);
      expect(shown()).to.deep.equal(['window']);
      expect(deepActiveElement()).to.equal(radios()[1]);
      await press('1');
      await settle(el);
      expect(part('review'), 'the last unanswered question was this one: back to the review').to.not.equal(null);
      part('submit-button')!.focus();
      await press('Enter');
      await settle(el);
      expect(events).to.have.length(1);
      expect(events[0]!.answers['window']!.raw_value).to.equal('今晚');
      expect(events[0]!.answers['region']!.text).to.equal('ap-southeast');
      await expect(el).to.be.accessible();
    });
  }

  it('Use all recommended fills only the unanswered questions, keeps a typed answer, and goes to the review', async () => {
    const { el, part, root, radios, shown } = await mount(four);
    radios()[0]!.focus();
    await press('2');
    await settle(el);
    await press('3');
    await settle(el);
    await type('eu-west');
    part('recommended-button')!.focus();
    await press('Enter');
    await settle(el);
    expect(part('filled')!.textContent!.trim()).to.equal('Filled 2 questions');
    const rows = [...root.querySelectorAll('.review-row dd > span')].map((dd) => dd.textContent!.replace(/\s+/g, ' ').trim());
    expect(rows).to.deep.equal(['保留', 'Custom eu-west', '今晚', '是']);
    expect(part('countdown')).to.not.equal(null);
    await expect(el).to.be.accessible();
    part('back-button')!.focus();
    await press('Enter');
    await settle(el);
    expect(shown(), 'Back from the review: the last question').to.deep.equal(['notify']);
  });

  for (const [name, request] of [
    ['the README’s (Plan the migration)', normalizeInput(migrationQuestionnaire(true), { request_id: 'readme-4', session_id: 's' }, resolveContext())],
    ['the catalogue’s', four],
  ] as const) {
    it(`${name} four-question questionnaire is at most 520 px tall at its first step in a 720 px column (en)`, async () => {
      // The runner's window is 1280 px wide in every engine (scripts/wtr-engines.js).
      expect(innerWidth).to.equal(1280);
      const { el } = await mount(request);
      await document.fonts.ready;
      const height = el.getBoundingClientRect().height;
      console.log(`${name} four-question questionnaire, first step, 720 px column, en: ${height.toFixed(1)} px (bound 520)`);
      expect(el.getBoundingClientRect().width).to.equal(720);
      expect(height).to.be.at.most(520);
    });
  }
});

describe('<questionnaire-form> steps: the review is near', () => {
  /** Steps to the review from the keyboard: the first option of each question, digit 1. */
  async function toReview() {
    const mounted = await mount(four);
    mounted.radios()[0]!.focus();
    for (let i = 0; i < 4; i += 1) {
      await press('1');
      await settle(mounted.el);
    }
    expect(mounted.part('review'), 'on the review').to.not.equal(null);
    expect(deepActiveElement(), 'focus on the review heading').to.equal(mounted.part('progress'));
    return mounted;
  }

  it('Enter on the review heading submits', async () => {
    const { el, events } = await toReview();
    await press('Enter');
    await el.updateComplete;
    expect(events.map((e) => e.raw_value)).to.deep.equal([{ compat: '彻底重做', region: 'cn-north', window: '今晚', notify: '是' }]);
  });

  it('Submit is the first stop after the heading, before any Change', async () => {
    const { el, events, part } = await toReview();
    await press('Tab');
    expect(deepActiveElement()).to.equal(part('submit-button'));
    expect(part('submit-button')!.textContent!.trim()).to.equal('Submit');
    await press('Enter');
    await el.updateComplete;
    expect(events).to.have.length(1);
  });

  it('Use all recommended is not on the review, and not on a one-question card', async () => {
    const { el, part } = await toReview();
    expect(part('recommended-button')).to.equal(null);
    await expect(el).to.be.accessible();
    const one = await mount(catalogue['grilling checkpoint']!.request);
    expect(one.part('recommended-button')).to.equal(null);
    expect(one.part('filled')).to.equal(null);
    const oneOfTwo = await mount(normalizeInput({ message: 'Two', questions: [{ id: 'a', question: 'A?', options: ['x', 'y'] }, { id: 'b', question: 'B?', options: ['x', 'y'] }] }, { request_id: 'two', session_id: 's' }, resolveContext()));
    expect(oneOfTwo.part('recommended-button'), 'two questions keep it').to.not.equal(null);
  });
});
