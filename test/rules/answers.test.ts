import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerRequest, cancelledResponse, timeoutResponse } from '../../src/rules/answers.js';
import { resolveContext } from '../../src/rules/context.js';
import { normalizeApproval, normalizeInput } from '../../src/rules/normalize.js';
import { approvalResult, inputResult } from '../../src/rules/results.js';

const ids = { request_id: 'r-1', session_id: 's-1' };
const at = '2026-11-29T12:00:00.000Z';
const execution = resolveContext();
const grilling = resolveContext({ run_mode: 'grilling' });

const text = normalizeInput({ message: 'Name?' }, ids, execution);
const choice = normalizeInput({ message: 'Pick', input_mode: 'choice', options: ['a', 'b'] }, ids, execution);
const strictChoice = { ...choice, allow_free_text: false };
const multi = normalizeInput({ message: 'Pick', input_mode: 'multi_choice', options: ['a', 'b', 'c'] }, ids, execution);
const questionnaire = normalizeInput(
  { message: 'm', questions: [{ id: 'q1', question: 'One?', options: ['x', 'y'] }, { id: 'q2', question: 'Two?', options: ['z'] }] },
  ids,
  execution,
);

function problems(outcome: ReturnType<typeof answerRequest>) {
  return outcome.ok ? [] : outcome.problems;
}

describe('answers (docs/protocol.md §4.3)', () => {
  it('text needs non-empty text', () => {
    assert.deepEqual(problems(answerRequest(text, { text: '   ' }, at)), [{ code: 'text_required' }]);
    const outcome = answerRequest(text, { text: ' hi ' }, at);
    assert.ok(outcome.ok);
    assert.equal(outcome.response.text, 'hi');
  });

  it('a choice is one option value', () => {
    const outcome = answerRequest(choice, { values: ['b'] }, at);
    assert.ok(outcome.ok);
    assert.deepEqual([outcome.response.selected_options, outcome.response.raw_value, outcome.response.text], [['b'], 'b', 'b']);
    assert.deepEqual(problems(answerRequest(choice, { values: ['zz'] }, at)), [{ code: 'unknown_option' }]);
    assert.deepEqual(problems(answerRequest(choice, { values: ['a', 'b'] }, at)), [{ code: 'choose_one' }]);
    assert.deepEqual(problems(answerRequest(choice, { values: [] }, at)), [{ code: 'choose_one' }]);
  });

  it('a choice may be free text instead, only when free text is allowed, never both', () => {
    assert.ok(answerRequest(choice, { values: [], text: 'other' }, at).ok);
    assert.deepEqual(problems(answerRequest(strictChoice, { values: [], text: 'other' }, at)), [{ code: 'free_text_not_allowed' }]);
    assert.deepEqual(problems(answerRequest(choice, { values: ['a'], text: 'other' }, at)), [{ code: 'choose_one' }]);
  });

  it('a multi-choice is one or more values in option order, plus free text when allowed', () => {
    const outcome = answerRequest(multi, { values: ['c', 'a', 'c'], text: ' note ' }, at);
    assert.ok(outcome.ok);
    assert.deepEqual(outcome.response.selected_options, ['a', 'c']);
    assert.deepEqual(outcome.response.raw_value, ['a', 'c']);
    assert.equal(outcome.response.text, 'note');
    assert.deepEqual(problems(answerRequest(multi, { values: [], text: 'only text' }, at)), [{ code: 'choose_at_least_one' }]);
    assert.deepEqual(problems(answerRequest({ ...multi, allow_free_text: false }, { values: ['a'], text: 'x' }, at)), [{ code: 'free_text_not_allowed' }]);
  });

  it('a questionnaire needs an answer for every question, each problem named by question', () => {
    assert.deepEqual(problems(answerRequest(questionnaire, { answers: { q1: { value: 'x' } } }, at)), [
      { code: 'unanswered', question: 'q2' },
    ]);
    assert.deepEqual(problems(answerRequest(questionnaire, { answers: { q1: { value: 'nope' }, q2: { custom: ' ' } } }, at)), [
      { code: 'unknown_option', question: 'q1' },
      { code: 'custom_text_required', question: 'q2' },
    ]);
  });

  it('the custom option is answered with text, never with its value', () => {
    assert.deepEqual(problems(answerRequest(questionnaire, { answers: { q1: { value: '__custom__' }, q2: { value: 'z' } } }, at)), [
      { code: 'unknown_option', question: 'q1' },
    ]);
    const outcome = answerRequest(questionnaire, { answers: { q1: { custom: ' mine ' }, q2: { value: 'z' } } }, at);
    assert.ok(outcome.ok);
    assert.deepEqual(outcome.response.answers.q1, { selected_options: ['__custom__'], text: 'mine', raw_value: 'mine' });
    assert.deepEqual(outcome.response.raw_value, { q1: 'mine', q2: 'z' });
  });

  it('an answer of the wrong shape is refused, not guessed', () => {
    assert.deepEqual(problems(answerRequest(questionnaire, { text: 'x' }, at)), [{ code: 'wrong_answer_kind' }]);
    assert.deepEqual(problems(answerRequest(text, { values: ['a'] }, at)), [{ code: 'wrong_answer_kind' }]);
  });
});

describe('timeout policy', () => {
  it('a questionnaire with auto-select answers every question with its first option', () => {
    const response = timeoutResponse(questionnaire, at);
    assert.equal(response.status, 'auto_selected');
    assert.equal(response.approved, true);
    assert.deepEqual(response.raw_value, { q1: 'x', q2: 'z' });
  });

  it('a questionnaire issued in grilling mode never auto-selects', () => {
    const grilled = normalizeInput({ message: 'm', questions: [{ id: 'q', question: 'Q?', options: ['x'] }] }, ids, grilling);
    const response = timeoutResponse(grilled, at);
    assert.deepEqual([response.status, response.approved, response.raw_value], ['timeout', false, null]);
  });

  it('everything else gets status timeout, approved false', () => {
    for (const request of [text, choice, multi, normalizeApproval({ message: 'm' }, ids)]) {
      const response = timeoutResponse(request, at);
      assert.deepEqual([response.status, response.approved, response.text, response.raw_value], ['timeout', false, '', null]);
    }
  });

  it('cancel gives status cancelled, approved false, nothing else', () => {
    assert.deepEqual(cancelledResponse(multi, at), {
      request_id: 'r-1', status: 'cancelled', approved: false, text: '', selected_options: [], answers: {}, raw_value: null, resolved_at: at,
    });
  });
});

describe('results', () => {
  const approval = normalizeApproval({ message: 'Deploy?', severity: 'high' }, ids);

  it('approval: approved, rejected, or the status in summary and content', () => {
    const approve = answerRequest(approval, { approve: true, note: 'ignored' }, at);
    const reject = answerRequest(approval, { approve: false, note: ' no ' }, at);
    assert.ok(approve.ok && reject.ok);
    assert.equal(approve.response.text, '');
    assert.equal(reject.response.text, 'no');
    assert.equal(approvalResult(approval, approve.response).content, '用户已批准操作。');
    assert.equal(approvalResult(approval, approve.response).content_parts[0].summary, 'approved');
    assert.equal(approvalResult(approval, reject.response).content, '用户未批准操作（completed）。');
    assert.equal(approvalResult(approval, reject.response).content_parts[0].summary, 'rejected');
    const cancelled = approvalResult(approval, cancelledResponse(approval, at));
    assert.equal(cancelled.content, '用户未批准操作（cancelled）。');
    assert.equal(cancelled.content_parts[0].summary, 'cancelled');
    assert.equal(cancelled.content_parts[0].status, 'cancelled');
  });

  it('input: selected values twice in the summary, else the text', () => {
    const picked = answerRequest(multi, { values: ['b', 'a'] }, at);
    assert.ok(picked.ok);
    const result = inputResult(multi, picked.response);
    assert.equal(result.content_parts[0].summary, 'selected=a, b | options=a, b');
    assert.equal(result.content, '已收到用户输入：selected=a, b | options=a, b');
    const typed = answerRequest(text, { text: 'Hello' }, at);
    assert.ok(typed.ok);
    assert.equal(inputResult(text, typed.response).content, '已收到用户输入：Hello');
  });

  it('input: a questionnaire counts its answers; not approved names the status', () => {
    const answered = answerRequest(questionnaire, { answers: { q1: { value: 'y' }, q2: { custom: 'w' } } }, at);
    assert.ok(answered.ok);
    const result = inputResult(questionnaire, answered.response);
    assert.equal(result.content, '已收到用户输入，共回答 2 个问题。');
    assert.equal(result.content_parts[0].summary, 'answers=2');
    assert.deepEqual(result.answers, answered.response.answers);
    const timedOut = inputResult(text, timeoutResponse(text, at));
    assert.equal(timedOut.content, '未收到有效输入（timeout）。');
    assert.equal(timedOut.content_parts[0].summary, 'timeout');
  });
});
