// What the cards looked like in Firefox and WebKit before they were fixed for them: each test
// failed in WebKit (WebKitGTK 2.50) and passes in all three engines now.
import { expect } from '@open-wc/testing';
import { normalizeInput } from '../../../src/rules/normalize.js';
import { resolveContext } from '../../../src/rules/context.js';
import { deepActiveElement, press, startBefore, tabTo, type } from '../../support/keyboard.js';
import { mount, settle } from '../../support/questionnaire-mount.js';
import { catalogue } from '../../support/requests-catalogue.js';

const ids = { request_id: 'engines-1', session_id: 's' };
const twoQuestions = normalizeInput(
  {
    title: 'Release',
    questions: [
      { id: 'where', header: 'Region', question: 'Where first?', options: ['eu-west', 'us-east', 'ap-south'] },
      { id: 'when', header: 'Window', question: 'When?', options: ['Tonight', 'Tomorrow'] },
    ],
  },
  ids,
  resolveContext(),
);
const radio = (el: Element) => el instanceof HTMLInputElement && el.type === 'radio';

describe('the cards in every engine', () => {
  // Without a window manager X gives the keyboard to the window under the pointer; a WebKit window
  // elsewhere takes the driver's keys but matches no :focus, so every focus style looks missing.
  it('the test window has the keyboard, so focus styles apply as they do for a user', async () => {
    const { el } = await mount(twoQuestions, { layout: 'list' });
    await startBefore(el);
    const first = (await tabTo(radio)) as HTMLInputElement;
    expect(document.hasFocus(), 'document.hasFocus()').to.equal(true);
    expect(first.matches(':focus'), 'the focused radio matches :focus').to.equal(true);
  });

  it('a question’s heading sits inside its box, not on its border (WebKit dropped the legend’s float in a grid fieldset)', async () => {
    const { root } = await mount(twoQuestions, { layout: 'list' });
    for (const fieldset of root.querySelectorAll<HTMLFieldSetElement>('fieldset.question')) {
      const box = fieldset.getBoundingClientRect();
      const style = getComputedStyle(fieldset);
      const legend = fieldset.querySelector('legend')!.getBoundingClientRect();
      const inside = box.top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop);
      expect(legend.top, `${fieldset.dataset.key}: the heading's top against the box's padding edge`).to.be.closeTo(inside, 1);
      expect(legend.left).to.be.closeTo(box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft), 1);
      const options = fieldset.querySelector('.options')!.getBoundingClientRect();
      expect(options.top, 'the options start below the heading').to.be.at.least(legend.bottom);
    }
  });

  it('an option focused with the arrow keys shows the focus ring (WebKit matches no :focus-visible there)', async () => {
    const { el, root } = await mount(twoQuestions, { layout: 'list' });
    await startBefore(el);
    const first = (await tabTo(radio)) as HTMLInputElement;
    await press('ArrowDown');
    await settle(el);
    const focused = deepActiveElement() as HTMLInputElement;
    expect(focused).to.not.equal(first);
    expect(focused.value).to.equal('us-east');
    const ring = (input: HTMLInputElement) => getComputedStyle(input.closest('.option')!).boxShadow;
    expect(ring(focused), 'the focused option has its ring').to.not.equal('none');
    expect(ring(first), 'the option left behind has none').to.equal('none');
    const unfocused = [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter((input) => input !== focused);
    expect(unfocused.map(ring).every((shadow) => shadow === 'none')).to.equal(true);
  });

  it('a text answer grows as lines are added and shrinks back (WebKitGTK 2.50 has no field-sizing: content)', async () => {
    const { el, part } = await mount(catalogue.text!.request);
    const field = part('text-field') as HTMLTextAreaElement;
    field.focus();
    await type('one');
    await settle(el);
    const oneLine = field.getBoundingClientRect().height;
    for (const line of ['two', 'three']) {
      await press('Shift+Enter');
      await type(line);
    }
    await settle(el);
    const threeLines = field.getBoundingClientRect().height;
    expect(field.scrollHeight, 'every line shows').to.be.at.most(field.clientHeight + 2);
    expect(threeLines, 'three lines are taller than one').to.be.greaterThan(oneLine * 2);
    for (let i = 0; i < 'two\nthree'.length + 1; i += 1) await press('Backspace');
    await settle(el);
    expect(field.value).to.equal('one');
    expect(field.getBoundingClientRect().height, 'back to one line').to.be.closeTo(oneLine, 1);
  });
});
