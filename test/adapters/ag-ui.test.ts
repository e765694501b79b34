import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Message } from '@ag-ui/core';
import { agUiInterruptCards, agUiResume } from '../../src/adapters/ag-ui.js';
import { BATCH } from './ag-ui.fixture.js';
import type { InteractionResponse } from '../../src/protocol/response.js';
import { answerRequest, cancelledResponse, timeoutResponse } from '../../src/rules/answers.js';
import { answerField } from '../../src/rules/fields.js';
import { answerApproval } from '../../src/rules/responses.js';

const NOW = Date.parse('2026-11-30T10:00:00Z');
const AT = new Date(NOW).toISOString();


function cards() {
  const outcome = agUiInterruptCards(BATCH, NOW);
  assert.ok(outcome.ok, JSON.stringify(outcome));
  return outcome.cards;
}

describe('AG-UI interrupts → cards', () => {
  it('maps every field: approval or form by responseSchema, message, reason and toolCallId, expiry as a countdown', () => {
    const [approve, form, expired] = cards() as [ReturnType<typeof cards>[0], ReturnType<typeof cards>[0], ReturnType<typeof cards>[0]];
    assert.equal(approve.request.kind, 'approval');
    assert.equal(approve.request.request_id, 'int-approve');
    assert.equal(approve.request.message, 'Send the weekly report to 42 recipients?');
    assert.equal(approve.request.metadata.details, 'reason: tool_approval\ntoolCallId: call_send_report');
    assert.equal(approve.request.timeout_seconds, 300);
    assert.equal(approve.deadline, Date.parse('2026-11-30T10:05:00Z'));
    assert.equal(form.request.kind, 'questionnaire');
    assert.deepEqual(form.request.questions.map((q) => [q.id, q.field?.type]), [['format', 'choice'], ['rows', 'number'], ['header', 'boolean']]);
    assert.equal(form.request.timeout_seconds, 0, 'no expiresAt: no time limit');
    assert.equal(expired.request.timeout_seconds, 1, 'already expired: it runs out at once');
  });

  it('resumes with one entry per interrupt, in order: resolved with payloads, the expired one cancelled', () => {
    const batch = cards();
    const responses = new Map<string, InteractionResponse>();
    const approval = answerRequest(batch[0]!.request, { approve: true }, AT);
    const form = answerRequest(batch[1]!.request, { answers: { format: { input: { values: ['json'], text: '' } }, rows: { input: { values: [], text: '500' } }, header: { input: { values: [], text: '' } } } }, AT);
    const late = answerRequest(batch[2]!.request, { approve: true }, AT);
    assert.ok(approval.ok && form.ok && late.ok);
    responses.set('int-approve', approval.response).set('int-form', form.response).set('int-expired', late.response);
    assert.deepEqual(agUiResume(batch, responses, NOW), [
      { interruptId: 'int-approve', status: 'resolved', payload: { approved: true } },
      { interruptId: 'int-form', status: 'resolved', payload: { format: 'json', rows: 500, header: false } },
      { interruptId: 'int-expired', status: 'cancelled' },
    ]);
  });

  it('a rejection resolves with approved false and the note; dismissed, timed-out and unanswered ones cancel', () => {
    const batch = cards();
    const reject = answerRequest(batch[0]!.request, { approve: false, note: 'Not on a Sunday' }, AT);
    assert.ok(reject.ok);
    const responses = new Map<string, InteractionResponse>([
      ['int-approve', reject.response],
      ['int-form', cancelledResponse(batch[1]!.request, AT)],
      ['int-expired', timeoutResponse(batch[2]!.request, AT)],
    ]);
    assert.deepEqual(agUiResume(batch, responses, NOW), [
      { interruptId: 'int-approve', status: 'resolved', payload: { approved: false, note: 'Not on a Sunday' } },
      { interruptId: 'int-form', status: 'cancelled' },
      { interruptId: 'int-expired', status: 'cancelled' },
    ]);
    assert.deepEqual(agUiResume(batch, new Map(), NOW).map((entry) => entry.status), ['cancelled', 'cancelled', 'cancelled']);
  });

  it('an answer given before expiry but resumed after it is cancelled', () => {
    const batch = cards();
    const approval = answerRequest(batch[0]!.request, { approve: true }, AT);
    assert.ok(approval.ok);
    const after = Date.parse('2026-11-30T10:05:00Z');
    assert.deepEqual(agUiResume(batch.slice(0, 1), new Map([['int-approve', approval.response]]), after), [{ interruptId: 'int-approve', status: 'cancelled' }]);
  });

  it('refuses malformed batches, naming the field', () => {
    const cases: [unknown, string][] = [
      [[], 'interrupts'],
      [[{ reason: 'x' }], 'interrupts.0.id'],
      [[{ id: 'a' }], 'interrupts.0.reason'],
      [[{ id: 'a', reason: 'x', expiresAt: 'tomorrow' }], 'interrupts.0.expiresAt'],
      [[{ id: 'a', reason: 'x', message: 7 }], 'interrupts.0.message'],
      [[{ id: 'a', reason: 'x', responseSchema: [] }], 'interrupts.0.responseSchema'],
      [[{ id: 'a', reason: 'x', responseSchema: { type: 'object', properties: { deep: { type: 'object' } } } }], 'interrupts.0.responseSchema.properties.deep.type'],
      [[{ id: 'a', reason: 'x' }, { id: 'a', reason: 'y' }], 'interrupts.1.id'],
    ];
    for (const [batch, field] of cases) {
      const outcome = agUiInterruptCards(batch, NOW);
      assert.ok(!outcome.ok, field);
      assert.equal(outcome.field, field);
    }
  });
});

describe('AG-UI tool_call interrupts: the call is what is approved', () => {
  const messages: Message[] = [
    { id: 'u1', role: 'user', content: 'Ship it' },
    { id: 'm1', role: 'assistant', content: '', toolCalls: [{ id: 'call_deploy', type: 'function', function: { name: 'deploy', arguments: '{"service":"checkout","replicas":3,"canary":true}' } }] },
  ];
  const interrupt = { id: 'int-1', reason: 'tool_call', toolCallId: 'call_deploy', message: 'Deploy?' };
  const one = (options: Parameters<typeof agUiInterruptCards>[2]) => {
    const outcome = agUiInterruptCards([interrupt], NOW, options);
    assert.ok(outcome.ok, JSON.stringify(outcome));
    return outcome.cards[0]!;
  };

  it('shows the tool’s name as the title and its arguments as details, at the severity given for the tool', () => {
    const card = one({ messages, severity: { deploy: 'high' } });
    assert.equal(card.request.kind, 'approval');
    assert.equal(card.request.title, 'deploy');
    assert.deepEqual(JSON.parse(card.request.metadata.details ?? ''), { service: 'checkout', replicas: 3, canary: true });
    assert.equal(card.request.metadata.severity, 'high');
    assert.deepEqual(card.toolCall, { name: 'deploy', args: { service: 'checkout', replicas: 3, canary: true } });
    assert.equal(one({ messages }).request.metadata.severity, 'medium');
  });

  it('without the message that holds the call, the reason and the id remain the details', () => {
    assert.equal(one({}).request.metadata.details, 'reason: tool_call\ntoolCallId: call_deploy');
  });

  it('arguments that are not a JSON object are shown as the model wrote them, and are not editable', () => {
    const odd: Message[] = [{ id: 'm1', role: 'assistant', toolCalls: [{ id: 'call_deploy', type: 'function', function: { name: 'deploy', arguments: 'checkout please' } }] }];
    const card = one({ messages: odd, capabilities: { humanInTheLoop: { interrupts: true, approveWithEdits: true } } });
    assert.equal(card.request.kind, 'approval');
    assert.equal(card.request.metadata.details, 'checkout please');
  });

  it('approveWithEdits: the approval itself has a field per argument, filled with its value; edited, the payload carries them, unchanged or rejected it is a plain answer', () => {
    const card = one({ messages, severity: { deploy: 'high' }, capabilities: { humanInTheLoop: { interrupts: true, approveWithEdits: true } } });
    assert.equal(card.request.kind, 'approval');
    assert.equal(card.request.title, 'deploy');
    assert.equal(card.request.metadata.edit, true);
    assert.equal(card.request.metadata.severity, 'high', 'an editable approval keeps its severity, and high its confirm step');
    assert.match(card.request.metadata.details ?? '', /"replicas": 3/);
    assert.equal(card.editable, true);
    assert.deepEqual(card.request.questions.map((q) => [q.id, q.field?.type]), [['service', 'text'], ['replicas', 'number'], ['canary', 'boolean']]);
    const answers = (replicas: string) => {
      const inputs = { service: { values: [], text: 'checkout' }, replicas: { values: [], text: replicas }, canary: { values: ['true'], text: '' } };
      return Object.fromEntries(card.request.questions.map((question) => {
        const outcome = answerField(question as Parameters<typeof answerField>[0], inputs[question.id as keyof typeof inputs]);
        assert.ok(outcome.ok && outcome.answer, question.id);
        return [question.id, outcome.answer];
      }));
    };
    const resume = (response: ReturnType<typeof answerApproval>) => agUiResume([card], new Map([['int-1', response]]), NOW);
    assert.deepEqual(resume(answerApproval(card.request, true, '', AT, answers('5'))), [
      { interruptId: 'int-1', status: 'resolved', payload: { approved: true, editedArgs: { service: 'checkout', replicas: 5, canary: true } } },
    ]);
    assert.deepEqual(resume(answerApproval(card.request, true, '', AT, answers('3'))), [{ interruptId: 'int-1', status: 'resolved', payload: { approved: true } }]);
    assert.deepEqual(resume(answerApproval(card.request, false, 'not on a Friday', AT, null)), [{ interruptId: 'int-1', status: 'resolved', payload: { approved: false, note: 'not on a Friday' } }]);
    assert.deepEqual(resume(cancelledResponse(card.request, AT)), [{ interruptId: 'int-1', status: 'cancelled' }]);
  });

  it('without the capability, or with nested arguments, the call stays an approval', () => {
    assert.equal(one({ messages, capabilities: { humanInTheLoop: { interrupts: true } } }).request.kind, 'approval');
    const nested: Message[] = [{ id: 'm1', role: 'assistant', toolCalls: [{ id: 'call_deploy', type: 'function', function: { name: 'deploy', arguments: '{"target":{"region":"eu"}}' } }] }];
    assert.equal(one({ messages: nested, capabilities: { humanInTheLoop: { interrupts: true, approveWithEdits: true } } }).request.kind, 'approval');
  });
});
