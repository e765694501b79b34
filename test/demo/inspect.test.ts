import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inspectMessage } from '../../demo/inspect.js';
import { golden, withPlaceholders } from '../support/golden.js';

describe('the demo inspector', () => {
  it('names the field of a tool call that breaks the model contract', () => {
    const call = {
      v: 1, type: 'tool_call', call_id: 'c-1', tool: 'request_user_input', deadline: '2026-11-29T12:02:00.000Z',
      arguments: { message: 'Pick', input_mode: 'choice', options: ['A', { label: 'B' }, { label: 5 }] },
    };
    assert.deepEqual(inspectMessage('in', call), ['arguments.options[2].label: expected string']);
    assert.deepEqual(inspectMessage('in', { ...call, arguments: { message: 'm', questions: [{ id: 'q', options: ['a'] }] } }), [
      'arguments.questions[0].question: required (string)',
    ]);
    assert.deepEqual(inspectMessage('in', { ...call, arguments: { message: 'm', timeout_seconds: '45' } }), [
      'arguments.timeout_seconds: expected number',
    ]);
    assert.deepEqual(inspectMessage('in', { ...call, arguments: { message: 'm', input_mode: 'pick' } }), [
      'arguments.input_mode: expected "text" or "choice" or "multi_choice"',
    ]);
  });

  it('checks the envelope both ways', () => {
    assert.deepEqual(inspectMessage('in', { v: 1, type: 'hello' }), ['session_id: required (string)']);
    // Ids and booleans the browser checks by one predicate are said as the schema they stand for.
    assert.deepEqual(inspectMessage('in', { v: 1, type: 'ack', id: '' }), ['id: expected at least 1 character(s)']);
    assert.deepEqual(inspectMessage('in', { v: 1, type: 'ack', id: 7 }), ['id: expected string']);
    assert.deepEqual(inspectMessage('in', { v: 2, type: 'hello', session_id: 's' }), ['v: expected 1']);
    assert.deepEqual(inspectMessage('in', { v: 1, type: 'cancel', id: 'c', reason: 7 }), ['reason: expected string']);
    assert.match(inspectMessage('in', { v: 1, type: 'approve' })[0]!, /^type: expected one of hello, tool_call/);
    assert.deepEqual(inspectMessage('out', { v: 1, type: 'ready', kit_version: '0.1.0', capabilities: { tools: [] } }), ['resume: required (array)']);
    assert.deepEqual(inspectMessage('in', { jsonrpc: '2.0', id: 1, method: 'elicitation/create' }), [], 'JSON-RPC is not judged');
  });

  it('passes every golden call and result', () => {
    for (const c of golden.tool_cases) {
      if (c.result) {
        const result = withPlaceholders(c.result, 'c-1', '2026-11-29T12:00:00.000Z');
        assert.deepEqual(inspectMessage('out', { v: 1, type: 'tool_result', call_id: 'c-1', tool: c.tool, result }), [], c.name);
      }
    }
    const call = { v: 1, type: 'tool_call', call_id: 'c-1', tool: 'request_user_approval', arguments: { message: 'Deploy?', severity: 'high' } };
    assert.deepEqual(inspectMessage('in', call), []);
  });

  it('ties a result to its tool', () => {
    const approval = golden.tool_cases.find((c) => c.name === 'approval-approved-high')!;
    const result = withPlaceholders(approval.result!, 'c-1', '2026-11-29T12:00:00.000Z');
    const problems = inspectMessage('out', { v: 1, type: 'tool_result', call_id: 'c-1', tool: 'request_user_input', result });
    assert.ok(problems.length > 0);
  });
});
