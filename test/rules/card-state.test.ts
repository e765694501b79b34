import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cardStateOf, statusOf } from '../../src/rules/card-state.js';
import { answerApproval, cancelledResponse, timeoutResponse } from '../../src/rules/responses.js';
import { normalizeApproval, normalizeInput } from '../../src/rules/normalize.js';
import { resolveContext } from '../../src/rules/context.js';

const AT = '2026-11-29T12:00:00.000Z';
const approval = normalizeApproval({ message: 'Restart?' }, { request_id: 'a-1', session_id: 's' });
const questionnaire = normalizeInput(
  {
    input_mode: 'questionnaire',
    questions: [{ id: 'q', question: 'Which?', options: [{ label: 'A', value: 'a' }, { label: 'B', value: 'b' }] }],
    auto_select_first_on_timeout: true,
  },
  { request_id: 'q-1', session_id: 's' },
  resolveContext(),
);

describe('statusOf', () => {
  it('maps each response status of §5 onto what the request settled as', () => {
    assert.equal(statusOf(answerApproval(approval, true, '', AT)), 'answered');
    assert.equal(statusOf(answerApproval(approval, false, 'no', AT)), 'answered');
    assert.equal(statusOf(timeoutResponse(approval, AT)), 'expired');
    assert.equal(statusOf(cancelledResponse(approval, AT)), 'cancelled');
  });

  it('an auto-selected answer is a timeout', () => {
    const response = timeoutResponse(questionnaire, AT);
    assert.equal(response.status, 'auto_selected');
    assert.equal(statusOf(response), 'expired');
  });
});

describe('cardStateOf', () => {
  it('a response settles the card, whatever submitting says', () => {
    assert.equal(cardStateOf(answerApproval(approval, true, '', AT), true), 'answered');
    assert.equal(cardStateOf(cancelledResponse(approval, AT), false), 'cancelled');
  });

  it('without a response the card is submitting or pending', () => {
    assert.equal(cardStateOf(undefined, true), 'submitting');
    assert.equal(cardStateOf(undefined, false), 'pending');
  });
});
