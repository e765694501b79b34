import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { askUserQuestionAnswers, askUserQuestionRequest } from '../../src/adapters/ask-user-question.js';
import { answerRequest, cancelledResponse, timeoutResponse } from '../../src/rules/answers.js';
import { CUSTOM_VALUE } from '../../src/rules/options.js';
import { ASK } from './ask-user-question.fixture.js';

const AT = '2026-11-30T00:00:00.000Z';


function open(input: unknown = ASK) {
  const outcome = askUserQuestionRequest(input, { request_id: 'toolu_01' });
  assert.ok(outcome.ok, JSON.stringify(outcome));
  return outcome;
}

describe('AskUserQuestion → questionnaire', () => {
  it('maps every field: header, question, options with descriptions, multiSelect, and the automatic Other', () => {
    const { request } = open();
    assert.equal(request.kind, 'questionnaire');
    assert.deepEqual(
      request.questions.map((q) => ({ id: q.id, header: q.header, question: q.question, options: q.options, field: q.field })),
      [
        {
          id: 'q1', header: 'Database', question: 'Which database should the service use?',
          options: [
            { label: 'PostgreSQL (Recommended)', value: 'PostgreSQL (Recommended)', description: 'Relational, already in the stack' },
            { label: 'SQLite', value: 'SQLite', description: 'One file, no server' },
          ],
          field: { type: 'choice', required: true, multiple: false, other: true },
        },
        {
          id: 'q2', header: 'Features', question: 'Which features should ship first?',
          options: ASK.questions[1]!.options.map((o) => ({ ...o, value: o.label })),
          field: { type: 'choice', required: true, multiple: true, other: true },
        },
      ],
    );
    assert.equal(request.metadata.dismiss, true);
    assert.equal(request.timeout_seconds, 0);
  });

  it('answers with the chosen labels; multi-select joined by ", " in the options’ order', () => {
    const { request, input } = open();
    const outcome = answerRequest(request, { answers: { q1: { input: { values: ['SQLite'], text: '' } }, q2: { input: { values: ['Sharing', 'Search'], text: '' } } } }, AT);
    assert.ok(outcome.ok);
    assert.deepEqual(askUserQuestionAnswers(request, input, outcome.response), {
      questions: ASK.questions,
      answers: { 'Which database should the service use?': 'SQLite', 'Which features should ship first?': 'Search, Sharing' },
    });
  });

  it('answers "Other" with the typed text, never the word Other, in single and multi-select', () => {
    const { request, input } = open();
    const outcome = answerRequest(request, {
      answers: {
        q1: { input: { values: [CUSTOM_VALUE], text: '  DuckDB  ' } },
        q2: { input: { values: ['Export', CUSTOM_VALUE], text: 'Audit log' } },
      },
    }, AT);
    assert.ok(outcome.ok);
    const answers = askUserQuestionAnswers(request, input, outcome.response)!.answers;
    assert.deepEqual(answers, { 'Which database should the service use?': 'DuckDB', 'Which features should ship first?': 'Export, Audit log' });
    assert.ok(!Object.values(answers).some((a) => /Other|其他/.test(a)));
  });

  it('refuses "Other" without text, and an unanswered question, at that question', () => {
    const { request } = open();
    const outcome = answerRequest(request, { answers: { q1: { input: { values: [CUSTOM_VALUE], text: ' ' } } } }, AT);
    assert.ok(!outcome.ok);
    assert.deepEqual(outcome.problems, [{ code: 'custom_text_required', question: 'q1' }, { code: 'unanswered', question: 'q2' }]);
  });

  it('has no answer when the user cancels or the time runs out', () => {
    const { request, input } = open();
    assert.equal(askUserQuestionAnswers(request, input, cancelledResponse(request, AT)), undefined);
    assert.equal(askUserQuestionAnswers(request, input, timeoutResponse(request, AT)), undefined);
  });

  it('refuses input outside the tool’s shape, naming the field', () => {
    const q = ASK.questions[0]!;
    const cases: [unknown, string][] = [
      [{ questions: [] }, 'questions'],
      [{ questions: [q, q, q, q, q] }, 'questions'],
      [{ questions: [{ ...q, question: ' ' }] }, 'questions.0.question'],
      [{ questions: [{ ...q, options: [q.options[0]] }] }, 'questions.0.options'],
      [{ questions: [{ ...q, options: [...q.options, ...q.options, q.options[0]] }] }, 'questions.0.options'],
      [{ questions: [{ ...q, options: [q.options[0], { label: '', description: '' }] }] }, 'questions.0.options.1.label'],
      [{ questions: [{ ...q, options: [q.options[0], q.options[0]] }] }, 'questions.0.options.1.label'],
      [{ questions: [{ ...q, multiSelect: 'yes' }] }, 'questions.0.multiSelect'],
      [{ questions: [q, q] }, 'questions.1.question'],
      ['nope', '(input)'],
    ];
    for (const [input, field] of cases) {
      const outcome = askUserQuestionRequest(input, { request_id: 'x' });
      assert.ok(!outcome.ok, field);
      assert.equal(outcome.field, field);
    }
  });
});
