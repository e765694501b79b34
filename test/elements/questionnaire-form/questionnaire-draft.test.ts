// The questionnaire's draft, without a DOM: what each answer holds while edited, collect() into
// the rules' answer, and the rules' verdict on submit.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formRequest } from '../../../src/adapters/requests.js';
import { Draft } from '../../../src/elements/questionnaire-form/draft.js';
import { FieldDraft } from '../../../src/extensions/field-draft.js';
import { answerRequest } from '../../../src/rules/answers.js';
import { CUSTOM_VALUE } from '../../../src/rules/options.js';
import { catalogue } from '../../support/requests-catalogue.js';

const AT = '2026-11-29T12:00:00.000Z';
const four = catalogue['questionnaire of four']!.request;
const choice = catalogue['choice with free text']!.request;
const multi = catalogue['multi-choice with free text']!.request;
const text = catalogue.text!.request;

describe('questionnaire draft', () => {
  it('starts empty: nothing checked, no text, no refusal', () => {
    const draft = new Draft(four);
    assert.deepEqual(draft.entry('compat'), { values: [], text: '' });
    assert.deepEqual(draft.problems, []);
    assert.deepEqual(draft.collect(), { answers: {} });
  });

  it('every change is a new draft; the old one is left as it was', () => {
    const empty = new Draft(four);
    const picked = empty.pick('region', 'cn-east', false);
    assert.notEqual(picked, empty);
    assert.deepEqual(empty.entry('region').values, []);
    assert.deepEqual(picked.entry('region').values, ['cn-east']);
  });

  it('a radio list holds one value; a checkbox list toggles (pick) or sets (check)', () => {
    let draft = new Draft(multi);
    draft = draft.pick(undefined, 'x', true).pick(undefined, 'z', true).pick(undefined, 'x', true);
    assert.deepEqual(draft.entry(undefined).values, ['z']);
    draft = draft.check(undefined, 'y', true).check(undefined, 'y', true).check(undefined, 'z', false);
    assert.deepEqual(draft.entry(undefined).values, ['y']);
    const radio = new Draft(choice).pick(undefined, 'prod', false).pick(undefined, 'Staging', false);
    assert.deepEqual(radio.entry(undefined).values, ['Staging']);
  });

  it('collects each kind into the rules\' answer, as the catalogue answers it', () => {
    const cases: [Draft, (typeof catalogue)[string]['answer']][] = [
      [new Draft(text).with(undefined, { text: 'aik' }), catalogue.text!.answer],
      [new Draft(choice).pick(undefined, 'prod', false), catalogue['choice with free text']!.answer],
      [new Draft(multi).pick(undefined, 'x', true).pick(undefined, 'z', true).with(undefined, { text: 'w' }), catalogue['multi-choice with free text']!.answer],
      [
        new Draft(four)
          .pick('compat', '彻底重做', false)
          .pick('region', CUSTOM_VALUE, false)
          .with('region', { text: 'ap-southeast' })
          .pick('window', '周六', false)
          .pick('notify', '是', false),
        catalogue['questionnaire of four']!.answer,
      ],
    ];
    for (const [draft, answer] of cases) {
      assert.deepEqual(draft.collect(), answer);
      const submitted = draft.submit(AT);
      const expected = answerRequest(draft.request, answer, AT);
      assert.ok(submitted.ok && expected.ok);
      assert.deepEqual(submitted.response, expected.response);
    }
  });

  it('a choice\'s free text is one more radio, exclusive with the options', () => {
    const draft = new Draft(choice).pick(undefined, 'prod', false).pick(undefined, CUSTOM_VALUE, false).with(undefined, { text: 'neither' });
    assert.deepEqual(draft.collect(), { values: [], text: 'neither' });
  });

  it('a refused submit keeps the answers and names each question; changing one clears only its refusal', () => {
    const submitted = new Draft(four).pick('compat', '保留', false).submit(AT);
    assert.ok(!submitted.ok);
    const refused = submitted.draft;
    assert.deepEqual(refused.problems.map((p) => p.question), ['region', 'window', 'notify']);
    assert.deepEqual(refused.entry('compat').values, ['保留']);
    const fixed = refused.pick('region', 'cn-north', false);
    assert.equal(fixed.problem('region'), undefined);
    assert.equal(fixed.problem('window')?.code, 'unanswered');
  });

  it('the request\'s own answer has no question and no magic key', () => {
    const refused = new Draft(text).submit(AT);
    assert.ok(!refused.ok);
    assert.deepEqual(refused.draft.problems, [{ code: 'text_required' }]);
    assert.equal(refused.draft.problem(undefined)?.code, 'text_required');
    assert.equal(refused.draft.question(undefined), undefined);
  });

  it('use all recommended: each plain question takes its first option, keeping typed text', () => {
    const { draft, filled } = new Draft(four).with('compat', { text: 'kept' }).withRecommended();
    assert.deepEqual(draft.entry('compat'), { values: ['彻底重做'], text: 'kept' });
    assert.deepEqual(draft.collect(), { answers: { compat: { value: '彻底重做' }, region: { value: 'cn-north' }, window: { value: '今晚' }, notify: { value: '是' } } });
    assert.equal(filled, 4);
  });

  it('use all recommended fills only the questions not yet answered, and lifts only their refusals', () => {
    const refused = new Draft(four).pick('region', CUSTOM_VALUE, false).with('region', { text: '深圳' }).pick('window', '周六', false).submit(AT);
    assert.ok(!refused.ok);
    assert.deepEqual(refused.draft.problems.map((problem) => problem.question), ['compat', 'notify']);
    const { draft, filled } = refused.draft.withRecommended();
    assert.equal(filled, 2);
    assert.deepEqual(draft.problems, []);
    assert.deepEqual(draft.collect(), { answers: { compat: { value: '彻底重做' }, region: { custom: '深圳' }, window: { value: '周六' }, notify: { value: '是' } } });
    assert.equal(draft.withRecommended().filled, 0);
  });

  it('a maxItems multi-select takes no more once full; clearing one makes room again', () => {
    const form = formRequest({ id: 'f-2', message: 'Colours', timeoutSeconds: 0, metadata: {} }, [
      { id: 'colors', question: 'Colours', header: '', options: ['Red', 'Green', 'Blue'].map((v) => ({ label: v, value: v, description: '' })), field: { type: 'choice', required: false, multiple: true, other: false, max_items: 2 } },
    ]);
    const full = new FieldDraft(form).pick('colors', 'Red', true).pick('colors', 'Green', true);
    assert.ok(full instanceof FieldDraft, 'an edited draft keeps its typed fields\' rules');
    assert.equal(full.atMost('colors'), 2);
    assert.equal(full.pick('colors', 'Blue', true), full);
    const cleared = full.pick('colors', 'Red', true);
    assert.ok(cleared instanceof FieldDraft);
    assert.equal(cleared.atMost('colors'), undefined);
    assert.deepEqual(cleared.pick('colors', 'Blue', true).entry('colors').values, ['Green', 'Blue']);
  });

  it('a typed field starts from its default, and collects as input', () => {
    const form = formRequest({ id: 'f-1', message: 'Contact', timeoutSeconds: 0, metadata: {} }, [
      { id: 'name', question: 'Name', header: '', options: [], field: { type: 'text', required: true, default: 'Ada' } },
      { id: 'news', question: 'News?', header: '', options: [], field: { type: 'boolean', required: false, default: true } },
    ]);
    const draft = new FieldDraft(form);
    assert.deepEqual(draft.entry('name'), { values: [], text: 'Ada' });
    assert.deepEqual(draft.collect(), { answers: { name: { input: { values: [], text: 'Ada' } }, news: { input: { values: ['true'], text: '' } } } });
    assert.deepEqual(draft.with('name', { text: 'Grace' }).entry('name').text, 'Grace');
    const sent = draft.submit(AT);
    assert.ok(sent.ok);
    assert.equal(sent.response.answers?.name?.raw_value, 'Ada');
    assert.deepEqual(sent, answerRequest(form, draft.collect(), AT));
  });

  it('without the typed fields\' rules (the core bundle alone) a typed field starts empty and takes no answer', () => {
    const form = formRequest({ id: 'f-3', message: 'Contact', timeoutSeconds: 0, metadata: {} }, [
      { id: 'name', question: 'Name', header: '', options: [], field: { type: 'text', required: true, default: 'Ada' } },
    ]);
    const draft = new Draft(form);
    assert.deepEqual(draft.entry('name'), { values: [], text: '' });
    const refused = draft.with('name', { text: 'Grace' }).submit(AT);
    assert.ok(!refused.ok);
    assert.deepEqual(refused.draft.problems, [{ code: 'unanswered', question: 'name' }]);
  });
});
