import { expect } from '@open-wc/testing';
import '../../../src/entries/questionnaire-form.js';
import type { QuestionnaireForm } from '../../../src/elements/questionnaire-form/questionnaire-form.js';
import type { InteractionRequest } from '../../../src/protocol/request.js';
import { deepActiveElement, press, startBefore, tabTo, type } from '../../support/keyboard.js';
import { catalogue } from '../../support/requests-catalogue.js';
import { openReceipt } from '../../support/receipt.js';
import { mountCard, partIn, partsIn } from '../../support/card-harness.js';

const four = catalogue['questionnaire of four']!.request;

const mount = (request: InteractionRequest, attrs = '') => mountCard<QuestionnaireForm>(request, { attrs: `layout="list" ${attrs}` });

const radios = (root: ShadowRoot, id: string) =>
  [...root.querySelectorAll<HTMLInputElement>(`fieldset[data-key="${id}"] input[type="radio"]`)];

describe('<questionnaire-form> questionnaire', () => {
  it('one fieldset per question, its legend the header and the question', async () => {
    const { root } = await mount(four);
    const legends = [...root.querySelectorAll('fieldset.question legend')].map((l) => l.textContent!.replace(/\s+/g, ' ').trim());
    expect(legends).to.deep.equal(['1. 兼容策略 是否保留旧结构？', '2. 部署区域？', '3. 维护窗口？', '4. 通知用户？']);
  });

  it('no option is preselected', async () => {
    const { root } = await mount(four);
    expect(root.querySelectorAll('input:checked')).to.have.length(0);
  });

  it('marks the first option recommended, visibly and for screen readers (its description)', async () => {
    const { root } = await mount(four);
    const [first, second] = radios(root, 'compat');
    const mark = root.getElementById(first!.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(mark.textContent!.trim()).to.equal('推荐');
    expect(mark.checkVisibility()).to.equal(true);
    expect(second!.getAttribute('aria-describedby') ?? '').to.not.contain('rec');
    expect(first!.labels![0]!.querySelector('bdi')!.textContent).to.equal('彻底重做');
  });

  it('the custom option reveals a required text field named 自定义内容', async () => {
    const { el, root } = await mount(four);
    expect(partIn(root, 'custom-field')).to.equal(null);
    radios(root, 'compat').at(-1)!.click();
    await el.updateComplete;
    const field = partIn<HTMLInputElement>(root, 'custom-field')!;
    expect(field.required).to.equal(true);
    expect(field.labels![0]!.textContent!.trim()).to.equal('自定义内容');
  });

  it('refuses submit until every question is answered: the reason at the question, focus moved there', async () => {
    const { el, events, root, part } = await mount(four);
    radios(root, 'compat')[0]!.click();
    await el.updateComplete;
    part('submit-button')!.click();
    await el.updateComplete;
    await el.updateComplete;
    expect(events).to.have.length(0);
    const invalid = [...root.querySelectorAll('fieldset[aria-invalid="true"]')].map((f) => f.getAttribute('data-key'));
    expect(invalid).to.deep.equal(['region', 'window', 'notify']);
    const region = root.querySelector('fieldset[data-key="region"]')!;
    const error = root.getElementById(region.getAttribute('aria-describedby')!)!;
    expect(error.textContent).to.equal('请回答此问题。');
    expect(deepActiveElement()).to.equal(radios(root, 'region')[0]);
  });

  it('an empty custom answer is refused at its own field', async () => {
    const { el, events, root, part } = await mount(catalogue['grilling checkpoint']!.request);
    radios(root, 'grill_next_action').at(-1)!.click();
    await el.updateComplete;
    part('submit-button')!.click();
    await el.updateComplete;
    await el.updateComplete;
    expect(events).to.have.length(0);
    expect(deepActiveElement()).to.equal(part('custom-field'));
    expect(part('custom-field')!.getAttribute('aria-invalid')).to.equal('true');
    expect(part('error')!.textContent).to.equal('请填写自定义内容。');
  });

  it('in the receipt, a custom answer keeps its 自定义 mark, set apart from the card, light and dark', async () => {
    for (const theme of ['light', 'dark']) {
      const { el, events, root, part } = await mount(four, `theme=${theme}`);
      radios(root, 'compat').at(-1)!.click();
      await el.updateComplete;
      part('custom-field')!.focus();
      await type('先保留一周');
      part('recommended-button')!.click();
      await el.updateComplete;
      part('submit-button')!.click();
      await el.updateComplete;
      expect(events).to.have.length(1);
      const receipt = await openReceipt(el);
      const mark = receipt.querySelector<HTMLElement>('dd .badge')!;
      expect(mark.textContent).to.equal('自定义');
      expect(mark.parentElement!.textContent).to.contain('先保留一周');
      expect(getComputedStyle(mark).backgroundColor, theme).to.not.equal(getComputedStyle(part('card')!).backgroundColor);
      el.remove();
    }
  });

  it('全部采用推荐 takes every recommended answer; submit sends them', async () => {
    const { el, events, part } = await mount(four);
    part('recommended-button')!.click();
    await el.updateComplete;
    part('submit-button')!.click();
    expect(events).to.have.length(1);
    expect(events[0]!.raw_value).to.deep.equal({ compat: '彻底重做', region: 'cn-north', window: '今晚', notify: '是' });
  });

  it('digit keys pick options in the focused question only', async () => {
    const { el, root } = await mount(four);
    await startBefore(el);
    await tabTo((e) => e.closest('fieldset')?.getAttribute('data-key') === 'region' && e instanceof HTMLInputElement);
    await press('2');
    await el.updateComplete;
    expect(radios(root, 'region')[1]!.checked).to.equal(true);
    expect(radios(root, 'compat').some((r) => r.checked)).to.equal(false);
    expect(deepActiveElement()).to.equal(radios(root, 'region')[1]);
    await press('9'); // no ninth option: nothing changes
    expect(radios(root, 'region')[1]!.checked).to.equal(true);
  });

  it('shows the grilling checkpoint as what it is', async () => {
    const { part } = await mount(catalogue['grilling checkpoint']!.request);
    expect(part('checkpoint')!.textContent).to.contain('拷问检查点');
  });
});

describe('<questionnaire-form> text, choice and multi-choice', () => {
  it('text: a labelled multi-line field; empty text is refused', async () => {
    const { el, events, part } = await mount(catalogue.text!.request);
    const field = part('text-field') as HTMLTextAreaElement;
    expect(field.localName).to.equal('textarea');
    expect(field.labels![0]!.textContent!.trim()).to.equal('回答');
    part('submit-button')!.click();
    await el.updateComplete;
    expect(events).to.have.length(0);
    expect(field.getAttribute('aria-invalid')).to.equal('true');
  });

  it('choice: a radio group with roving focus and arrow keys', async () => {
    const { el, root } = await mount(catalogue['choice with free text']!.request);
    await startBefore(el);
    await press('Tab');
    const all = [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(deepActiveElement()).to.equal(all[0]);
    await press('ArrowDown');
    expect(deepActiveElement()).to.equal(all[1]);
    expect(all[1]!.checked).to.equal(true);
    await press('Tab'); // one tab stop for the whole group, then the actions: Skip, Submit
    expect(deepActiveElement()?.getAttribute('part')).to.equal('skip-button');
  });

  it('choice: free text is one more radio, exclusive with the options', async () => {
    const { el, events, root, part } = await mount(catalogue['choice with free text']!.request);
    const all = [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(all.at(-1)!.labels![0]!.textContent).to.contain('自定义');
    all.at(-1)!.click();
    await el.updateComplete;
    part('custom-field')!.focus();
    await type('neither');
    part('submit-button')!.click();
    expect(events.map((e) => [e.text, e.selected_options])).to.deep.equal([['neither', []]]);
  });

  it('multi-choice: digit keys toggle the options, as in every option list', async () => {
    const { el, events, root, part } = await mount(catalogue['multi-choice with free text']!.request);
    await startBefore(el);
    await tabTo((e) => e instanceof HTMLInputElement && e.type === 'checkbox');
    const boxes = () => [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    await press('3');
    await el.updateComplete;
    await press('1');
    await el.updateComplete;
    expect(boxes().map((box) => box.checked)).to.deep.equal([true, false, true]);
    expect(deepActiveElement()).to.equal(boxes()[0]);
    await press('3'); // a second press takes it back
    await el.updateComplete;
    expect(boxes().map((box) => box.checked)).to.deep.equal([true, false, false]);
    part('submit-button')!.click();
    expect(events[0]!.selected_options).to.deep.equal(['x']);
  });

  it('multi-choice: a checkbox group, values back in option order', async () => {
    const { el, events, root, part } = await mount(catalogue['multi-choice with free text']!.request);
    const boxes = [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    boxes[2]!.click();
    boxes[0]!.click();
    await el.updateComplete;
    part('submit-button')!.click();
    expect(events[0]!.selected_options).to.deep.equal(['x', 'z']);
  });
});

describe('<questionnaire-form> time', () => {
  it('standalone: a questionnaire auto-selects the recommended answers when time runs out', async () => {
    const { el, clock, events } = await mount(four);
    clock.advance(119_000);
    expect(events).to.have.length(0);
    clock.advance(1_000);
    await el.updateComplete;
    expect(events.map((e) => e.status)).to.deep.equal(['auto_selected']);
    expect(el.state).to.equal('expired');
    expect(partIn(el.shadowRoot!, 'receipt-heading')!.textContent).to.contain('已超时');
    const receipt = await openReceipt(el);
    expect(receipt.textContent).to.contain('自动采用推荐选项');
    // Nothing was picked: the timeout chose every answer, and the record says so at each.
    expect(partsIn(receipt, 'filled-mark')).to.have.length(4);
  });

  it('standalone: grilling never auto-selects', async () => {
    const { el, clock, events } = await mount(catalogue['grilling checkpoint']!.request);
    clock.advance(120_000);
    await el.updateComplete;
    expect(events.map((e) => [e.status, e.approved])).to.deep.equal([['timeout', false]]);
  });
});
