// The form's keys, and the recommended answers: through real key presses.
import { expect } from '@open-wc/testing';
import '../../../src/entries/questionnaire-form.js';
import { provideAdapterParts } from '../../../src/entries/adapters.js';
import type { QuestionnaireForm } from '../../../src/elements/questionnaire-form/questionnaire-form.js';
import type { InteractionRequest } from '../../../src/protocol/request.js';
import { schemaToQuestions } from '../../../src/adapters/json-schema-form.js';
import { formRequest } from '../../../src/adapters/requests.js';
import { deepActiveElement, press, startBefore, tabTo, type } from '../../support/keyboard.js';
import { catalogue } from '../../support/requests-catalogue.js';
import { mountQuestionnaire, partIn } from '../../support/card-harness.js';
import { systemClock } from '../../../src/protocol/clock.js';

// Typed fields come with the adapters: this page provides them to every card on it.
provideAdapterParts(document.body);

const mount = (request: InteractionRequest, locale = 'en') => mountQuestionnaire(request, { attrs: `locale="${locale}" layout="list"`, clock: systemClock });

const settle = async (el: QuestionnaireForm) => {
  await el.updateComplete;
  await el.updateComplete;
};

describe('keys: digits pick in every option list', () => {
  it('the single multi-choice question: 1 and 3 tick the first and third boxes', async () => {
    const { el, root } = await mount(catalogue['multi-choice with free text']!.request);
    const boxes = () => [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    boxes()[0]!.focus();
    await press('1');
    await settle(el);
    await press('3');
    await settle(el);
    expect(boxes().map((box) => box.checked)).to.deep.equal([true, false, true]);
  });

  it('a typed multi-select (an MCP form): 2 ticks the second box', async () => {
    const schema = schemaToQuestions(
      { type: 'object', properties: { colors: { type: 'array', title: 'Colours', items: { enum: ['Red', 'Green', 'Blue'] } } } },
      'requestedSchema',
    );
    if (!schema.ok) throw new Error(schema.message);
    const { el, root } = await mount(formRequest({ id: 'f-keys', message: 'Pick', timeoutSeconds: 0, metadata: {} }, schema.questions));
    const boxes = () => [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    boxes()[0]!.focus();
    await press('2');
    await settle(el);
    expect(boxes().map((box) => box.checked)).to.deep.equal([false, true, false]);
  });
});

describe('keys: a text answer is a single line that grows', () => {
  it('Enter sends; Shift+Enter adds a line first', async () => {
    const { el, events, part } = await mount(catalogue.text!.request);
    const field = part('text-field') as HTMLTextAreaElement;
    expect(field.rows, 'one line to start with').to.equal(1);
    field.focus();
    await type('a');
    await press('Shift+Enter');
    await type('b');
    await settle(el);
    expect(field.value).to.equal('a\nb');
    expect(field.scrollHeight, 'it grew to show both lines').to.be.at.most(field.clientHeight + 2);
    await press('Enter');
    await settle(el);
    expect(events).to.have.length(1);
    expect(events[0]!.text).to.equal('a\nb');
  });

  it('Enter never acts while an input method is composing', async () => {
    const { el, events, part } = await mount(catalogue.text!.request);
    const field = part('text-field') as HTMLTextAreaElement;
    field.focus();
    await type('ni');
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true, composed: true, cancelable: true }));
    await settle(el);
    expect(events).to.have.length(0);
  });

  it('a custom answer: Shift+Enter adds a line, Enter sends', async () => {
    const { el, events, root } = await mount(catalogue['grilling checkpoint']!.request);
    const radios = [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    radios.at(-1)!.focus();
    await press(String(radios.length));
    await settle(el);
    const field = partIn<HTMLTextAreaElement>(root, 'custom-field')!;
    field.focus();
    await type('x');
    await press('Shift+Enter');
    await type('y');
    await press('Enter');
    await settle(el);
    expect(events).to.have.length(1);
    expect(events[0]!.answers['grill_next_action']!.text).to.equal('x\ny');
  });
});

describe('Use all recommended fills only what is unanswered', () => {
  it('keeps a typed custom answer and a chosen option, and says how many it filled', async () => {
    const { el, root, part, partOf } = await mount(catalogue['questionnaire of four']!.request);
    const radios = (id: string) => [...root.querySelectorAll<HTMLInputElement>(`[data-key="${id}"] input[type="radio"]`)];
    radios('region').at(-1)!.focus();
    await press('3');
    await settle(el);
    partOf('region', 'custom-field')!.focus();
    await type('ap-southeast');
    radios('window')[1]!.focus();
    await press('2');
    await settle(el);
    part('recommended-button')!.focus();
    await press('Enter');
    await settle(el);
    expect(radios('compat')[0]!.checked).to.equal(true);
    expect(radios('region').at(-1)!.checked, 'the custom answer stays chosen').to.equal(true);
    expect(partOf<HTMLTextAreaElement>('region', 'custom-field')!.value).to.equal('ap-southeast');
    expect(radios('window')[1]!.checked, 'the chosen option stays').to.equal(true);
    expect(radios('notify')[0]!.checked).to.equal(true);
    const status = partIn(root, 'filled')!;
    expect(status.textContent!.trim()).to.equal('Filled 2 questions');
    expect(status.closest('[aria-live]') ?? status.getAttribute('role')).to.not.equal(null);
    expect(deepActiveElement(), 'focus stays on the button').to.equal(part('recommended-button'));
    await expect(el).to.be.accessible();
  });

  it('says 已填写 N 题 in Chinese', async () => {
    const { el, part } = await mount(catalogue['questionnaire of four']!.request, 'zh-CN');
    part('recommended-button')!.click();
    await settle(el);
    expect(part('filled')!.textContent!.trim()).to.equal('已填写 4 题');
  });
});

describe('keys: the multi-choice note is multi-line, Ctrl/Cmd+Enter sends', () => {
  /** A label's text as a screen reader reads it: without its aria-hidden parts (an option's digit). */
  const spoken = (label: Element | undefined) => {
    const copy = label?.cloneNode(true) as Element | undefined;
    copy?.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
    return (copy?.textContent ?? '').replace(/\s+/g, ' ').trim();
  };
  /** A form control by its role and its label (its accessible name). */
  const control = (role: 'checkbox' | 'textbox', name: string) => (el: Element) =>
    (role === 'checkbox' ? el instanceof HTMLInputElement && el.type === 'checkbox' : el instanceof HTMLTextAreaElement) &&
    spoken((el as HTMLInputElement).labels?.[0]) === name;

  for (const chord of ['Control+Enter', 'Meta+Enter']) {
    it(`${chord} in the note sends what is ticked and every line of the note; Enter there adds a line`, async () => {
      const { el, events } = await mount(catalogue['multi-choice with free text']!.request);
      await startBefore(el);
      // The boxes are one tab stop: Tab reaches the first, ↓ moves to the third.
      await tabTo(control('checkbox', 'x'));
      await press('ArrowDown');
      await press('ArrowDown');
      expect(control('checkbox', 'z')(deepActiveElement()!)).to.equal(true);
      await press('Space');
      await tabTo(control('textbox', 'Anything else (optional)'));
      await type('after lunch');
      await press('Enter');
      await type('not before');
      await settle(el);
      expect(events, 'Enter in the note only adds a line').to.have.length(0);
      // An input method composing: the chord belongs to it.
      deepActiveElement()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, metaKey: true, isComposing: true, bubbles: true, composed: true, cancelable: true }));
      expect(events).to.have.length(0);
      await press(chord);
      expect(events.map((e) => [e.status, e.selected_options, e.text])).to.deep.equal([['completed', ['z'], 'after lunch\nnot before']]);
    });
  }
});
