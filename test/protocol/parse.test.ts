import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRuntimeMessage } from '../../src/protocol/parse.js';

const call = (fields: Record<string, unknown>) => ({ v: 1, type: 'tool_call', call_id: 'c-1', tool: 'request_user_input', arguments: { message: 'm' }, ...fields });

function error(data: unknown) {
  const parsed = parseRuntimeMessage(data);
  assert.ok(!parsed.ok, 'expected an error');
  return parsed.error;
}

describe('parseRuntimeMessage', () => {
  it('accepts each runtime message type, as a string frame or as a value', () => {
    const messages = [
      { v: 1, type: 'hello', session_id: 's-7', context: { channel: 'feishu', run_mode: 'execution', locale: 'zh-CN' } },
      call({}),
      { v: 1, type: 'interaction_request', request: { request_id: 'r-1', kind: 'text', message: 'm' } },
      { v: 1, type: 'cancel', id: 'c-1', reason: 'expired' },
      { v: 1, type: 'ack', id: 'c-1' },
      { v: 1, type: 'tool_result', call_id: 'c-2', tool: 'publish_artifacts', result: { error: 'x' } },
    ];
    for (const message of messages) {
      assert.ok(parseRuntimeMessage(message).ok, message.type);
      assert.ok(parseRuntimeMessage(JSON.stringify(message)).ok, message.type);
    }
  });

  it('ignores unknown fields and counts null as absent', () => {
    const parsed = parseRuntimeMessage(call({ extra: 1, context: null, deadline: null }));
    assert.ok(parsed.ok);
    assert.equal((parsed.message as { extra?: number }).extra, 1);
  });

  it('not JSON, not an object, or binary: invalid_message without an id', () => {
    for (const data of ['{', '[1,2,3]', '"text"', '42', 'null', new ArrayBuffer(4), null, [call({})]]) {
      const e = error(data);
      assert.equal(e.code, 'invalid_message');
      assert.equal(e.id, undefined);
    }
  });

  it('a wrong v is unsupported_version and keeps the id it can find', () => {
    assert.deepEqual([error(call({ v: 2 })).code, error(call({ v: 2 })).id], ['unsupported_version', 'c-1']);
    assert.equal(error({ type: 'ack', id: 'a-1' }).id, 'a-1');
    assert.equal(error({ v: '1', type: 'ack', id: 'a-1' }).code, 'unsupported_version');
  });

  it('an unknown type, or a missing or non-string id, is invalid_message', () => {
    assert.deepEqual([error({ v: 1, type: 'shout', id: 'x' }).code, error({ v: 1, type: 'shout', id: 'x' }).id], ['invalid_message', 'x']);
    assert.equal(error({ v: 1, type: '__proto__' }).code, 'invalid_message');
    assert.equal(error(call({ call_id: 5 })).code, 'invalid_message');
    assert.equal(error(call({ call_id: '' })).code, 'invalid_message');
    assert.equal(error({ v: 1, type: 'ack' }).code, 'invalid_message');
    assert.equal(error({ v: 1, type: 'hello' }).code, 'invalid_message');
  });

  it('the error message names the offending field', () => {
    assert.match(error({ v: 1, type: 'hello', session_id: 3 }).message, /session_id/);
    assert.match(error(call({ arguments: { message: 3 } })).message, /arguments\.message/);
  });

  it('an unknown tool is unknown_tool', () => {
    assert.deepEqual([error(call({ tool: 'rm_rf' })).code, error(call({ tool: 'rm_rf' })).id], ['unknown_tool', 'c-1']);
  });

  it('arguments that are not an object are invalid_arguments at "arguments"', () => {
    for (const args of [null, 'x', [1], 3, undefined]) {
      const e = error(call({ arguments: args }));
      assert.equal(e.code, 'invalid_arguments');
      assert.deepEqual(e.issues, [{ path: 'arguments', expected: 'object' }]);
    }
    assert.deepEqual(error(call({ tool: 'publish_artifacts', arguments: 'items' })).issues, [{ path: 'arguments', expected: 'object' }]);
  });

  it('approval: only message is checked', () => {
    const e = error(call({ tool: 'request_user_approval', arguments: { message: ['x'], title: 3, options: 'x' } }));
    assert.deepEqual(e.issues, [{ path: 'arguments.message', expected: 'string' }]);
    assert.ok(parseRuntimeMessage(call({ tool: 'request_user_approval', arguments: { message: 'x', severity: 9 } })).ok);
  });

  it('input: message, options and questions are checked, every bad field listed', () => {
    const e = error(call({ arguments: { message: null, options: {}, questions: 'q1' } }));
    assert.deepEqual(e.issues, [
      { path: 'arguments.message', expected: 'string' },
      { path: 'arguments.options', expected: 'array' },
      { path: 'arguments.questions', expected: 'array' },
    ]);
    assert.ok(parseRuntimeMessage(call({ arguments: { message: 'm', options: null, questions: null } })).ok);
  });

  it('publish_artifacts arguments are left to the tool rules', () => {
    assert.ok(parseRuntimeMessage(call({ tool: 'publish_artifacts', arguments: { items: 'not json' } })).ok);
  });

  it('JSON-RPC is not protocol v1 (the adapters take it)', () => {
    assert.equal(error({ jsonrpc: '2.0', id: 1, method: 'elicitation/create' }).code, 'unsupported_version');
  });
});
