// The demo's wire panel marks a tool_result the kit sends again after a drop, and only that.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resentResults } from '../../demo/resent-results.js';

const result = (callId: string) => ({ v: 1, type: 'tool_result', call_id: callId, tool: 'request_user_approval', result: {} });

describe('the wire panel: re-sent results', () => {
  it('the second tool_result of a call going out is marked; the first, another call and incoming messages are not', () => {
    const isResent = resentResults();
    assert.equal(isResent('out', result('c-1')), false, 'the first result');
    assert.equal(isResent('in', { v: 1, type: 'ack', id: 'c-1' }), false, 'the ack');
    assert.equal(isResent('out', result('c-2')), false, 'another call');
    assert.equal(isResent('out', result('c-1')), true, 'the re-send after a drop');
    assert.equal(isResent('out', result('c-1')), true, 'a third send too');
    assert.equal(isResent('in', result('c-2')), false, 'never a message coming in');
    assert.equal(isResent('out', { v: 1, type: 'connect', kit_version: '0.1.0' }), false);
    assert.equal(isResent('out', undefined), false);
  });
});
