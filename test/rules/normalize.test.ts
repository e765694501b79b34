import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveContext } from '../../src/rules/context.js';
import {
  normalizeApproval,
  normalizeInput,
  renormalizeRequest,
} from '../../src/rules/normalize.js';
import { CUSTOM_OPTION, normalizeOptions, normalizeQuestions } from '../../src/rules/options.js';

const ids = { request_id: 'r-1', session_id: 's-1' };
const execution = resolveContext();
const grilling = resolveContext({ run_mode: 'grilling' });
const custom = { ...CUSTOM_OPTION };

describe('request_user_approval', () => {
  it('title defaults to 请确认', () => {
    assert.equal(normalizeApproval({ message: 'm' }, ids).title, '请确认');
    assert.equal(normalizeApproval({ message: 'm', title: '  ' }, ids).title, '请确认');
  });

  it('severity is lower-cased; anything but low, medium, high becomes medium', () => {
    assert.equal(normalizeApproval({ message: 'm', severity: 'LOW' }, ids).metadata.severity, 'low');
    assert.equal(normalizeApproval({ message: 'm', severity: 'critical' }, ids).metadata.severity, 'medium');
    assert.equal(normalizeApproval({ message: 'm', severity: 3 }, ids).metadata.severity, 'medium');
  });

  it('details is a string, empty by default', () => {
    assert.equal(normalizeApproval({ message: 'm' }, ids).metadata.details, '');
    assert.equal(normalizeApproval({ message: 'm', details: { a: 1 } }, ids).metadata.details, '');
  });

  it('has allow_free_text false, no options and no questions', () => {
    const request = normalizeApproval({ message: 'm', options: ['a'] }, ids);
    assert.equal(request.allow_free_text, false);
    assert.deepEqual([request.options, request.questions], [[], []]);
  });
});

describe('options', () => {
  it('an object gives label = label || value, value = value || label, description default empty', () => {
    assert.deepEqual(normalizeOptions([{ value: 'v' }, { label: 'L' }, { label: 'L2', value: 'v2', description: 'd' }]), [
      { label: 'v', value: 'v', description: '' },
      { label: 'L', value: 'L', description: '' },
      { label: 'L2', value: 'v2', description: 'd' },
    ]);
  });

  it('a string s gives {label: s, value: s, description: ""}', () => {
    assert.deepEqual(normalizeOptions([' s ']), [{ label: 's', value: 's', description: '' }]);
  });

  it('anything else is dropped, and so are empty labels or values', () => {
    assert.deepEqual(normalizeOptions([1, null, true, [], '', '  ', { label: '' }, { description: 'x' }]), []);
  });

  it('repeats of a value already seen are dropped; the first wins', () => {
    assert.deepEqual(normalizeOptions([{ label: 'One', value: 'a' }, { label: 'Two', value: 'a' }, 'a']), [
      { label: 'One', value: 'a', description: '' },
    ]);
  });

  it('numbers in label, value and description become strings', () => {
    assert.deepEqual(normalizeOptions([{ label: 3, value: 4, description: 5 }]), [
      { label: '3', value: '4', description: '5' },
    ]);
  });
});

describe('questions', () => {
  it('keeps objects whose id and question are non-empty', () => {
    const questions = normalizeQuestions([
      'not an object', { id: '', question: 'q', options: ['a'] }, { id: 'x', question: ' ', options: ['a'] },
      { id: 'ok', question: 'q', options: ['a'] },
    ]);
    assert.deepEqual(questions.map((q) => q.id), ['ok']);
  });

  it('the first question with an id claims it, even if it is dropped below', () => {
    const questions = normalizeQuestions([
      { id: 'a', question: 'first', options: [] },
      { id: 'a', question: 'second', options: ['x'] },
    ]);
    assert.deepEqual(questions, []);
  });

  it('drops a question with no option left after removing the custom ones', () => {
    assert.deepEqual(normalizeQuestions([{ id: 'a', question: 'q', options: ['自定义', { value: '__custom__', label: 'Other' }] }]), []);
  });

  it('removes caller custom options anywhere and appends exactly one', () => {
    const [question] = normalizeQuestions([{ id: 'a', question: 'q', options: ['x', '自定义', 'y', { label: 'O', value: '__custom__' }] }]);
    assert.deepEqual(question!.options, [
      { label: 'x', value: 'x', description: '' },
      { label: 'y', value: 'y', description: '' },
      custom,
    ]);
  });

  it('header defaults to empty and passes through; numeric id and question become strings', () => {
    const [question] = normalizeQuestions([{ id: 7, question: 8, header: ' H ', options: ['x'] }]);
    assert.deepEqual([question!.id, question!.question, question!.header], ['7', '8', 'H']);
  });
});

describe('request_user_input', () => {
  const questionnaire = { message: 'm', questions: [{ id: 'a', question: 'A?', options: ['x', 'y'] }] };

  it('title defaults to 需要你的输入', () => {
    assert.equal(normalizeInput({ message: 'm' }, ids, execution).title, '需要你的输入');
  });

  it('a surviving question makes a questionnaire with no options of its own', () => {
    const request = normalizeInput({ ...questionnaire, options: ['ignored'], input_mode: 'choice', allow_free_text: false }, ids, execution);
    assert.equal(request.kind, 'questionnaire');
    assert.deepEqual(request.options, []);
    assert.equal(request.allow_free_text, true);
    assert.deepEqual(request.metadata, { input_mode: 'questionnaire', purpose: '', auto_select_first_on_timeout: true });
  });

  it('grilling never auto-selects, even when the runtime asked for it', () => {
    assert.equal(normalizeInput(questionnaire, ids, grilling).metadata.auto_select_first_on_timeout, false);
    assert.equal(normalizeInput(questionnaire, ids, grilling, true).metadata.auto_select_first_on_timeout, false);
    assert.equal(normalizeInput(questionnaire, ids, execution, false).metadata.auto_select_first_on_timeout, false);
  });

  it('purpose is lower-cased', () => {
    assert.equal(normalizeInput({ ...questionnaire, purpose: ' Grill_Checkpoint ' }, ids, grilling).metadata.purpose, 'grill_checkpoint');
  });

  it('falls back to input_mode, lower-cased; anything else is text', () => {
    assert.equal(normalizeInput({ message: 'm', input_mode: 'Choice' }, ids, execution).kind, 'choice');
    assert.equal(normalizeInput({ message: 'm', input_mode: 'MULTI_CHOICE' }, ids, execution).kind, 'multi_choice');
    assert.equal(normalizeInput({ message: 'm', input_mode: 'slider' }, ids, execution).kind, 'text');
    assert.equal(normalizeInput({ message: 'm', input_mode: 'questionnaire' }, ids, execution).kind, 'text');
  });

  it('the fallback keeps normalised options, adds no custom option, and allow_free_text defaults to true', () => {
    const request = normalizeInput({ message: 'm', input_mode: 'choice', options: ['a', '自定义'] }, ids, execution);
    assert.deepEqual(request.options.map((o) => o.value), ['a', '自定义']);
    assert.equal(request.allow_free_text, true);
    assert.deepEqual(request.metadata, { input_mode: 'choice', purpose: '' });
    assert.equal(normalizeInput({ message: 'm', allow_free_text: false }, ids, execution).allow_free_text, false);
  });
});

describe('idempotence', () => {
  const cases = [
    normalizeApproval({ message: ' m ', severity: 'HIGH', details: 'd', timeout_seconds: '45' }, ids),
    normalizeInput({ message: 'm', questions: [{ id: 'a', header: 'h', question: 'A?', options: ['自定义', 'x', { label: 'Y', value: 'y', description: 'why' }] }] }, ids, execution),
    normalizeInput({ message: 'm', questions: [{ id: 'a', question: 'A?', options: ['x'] }] }, ids, grilling),
    normalizeInput({ message: 'm', purpose: 'Clarify', input_mode: 'multi_choice', options: ['a', 'b'], allow_free_text: false }, ids, execution),
    normalizeInput({ message: 'm', input_mode: 'choice', options: ['a'] }, ids, execution),
    normalizeInput({ message: 'm', timeout_seconds: 1e12 }, ids, execution),
  ];
  for (const request of cases) {
    it(`normalising an already-normalised ${request.kind} request changes nothing`, () => {
      const context = request.metadata.auto_select_first_on_timeout === false ? grilling : execution;
      assert.deepEqual(renormalizeRequest(structuredClone(request), ids.session_id, context), request);
    });
  }

  it("keeps the runtime's own auto_select_first_on_timeout", () => {
    const request = { ...cases[1]!, metadata: { ...cases[1]!.metadata, auto_select_first_on_timeout: false } };
    assert.equal(renormalizeRequest(request, 's-1', execution).metadata.auto_select_first_on_timeout, false);
  });
});
