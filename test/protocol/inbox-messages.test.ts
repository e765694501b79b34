// The inbox connection's messages as the kit reads them (docs/protocol.md §12.2), and its answer as
// a runtime validates it: what is taken, what is left unread.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inboxToolResultSchema } from '../../src/protocol/inbox-kit-messages.js';
import { parseInboxMessage } from '../../src/protocol/inbox-messages.js';
import { approved } from '../agent/places-clients.js';

const call = { call_id: 'c1', tool: 'request_user_approval', arguments: { message: 'Deploy?' }, deadline: null, session_id: 's1', session_title: null, asked_at: '2026-11-29T12:00:00.000Z' };

describe('the inbox messages', () => {
  it('reads hello with inbox, the snapshot, inbox_add, inbox_remove, an ack with session_id and a forbidden error', () => {
    assert.deepEqual(parseInboxMessage({ v: 1, type: 'hello', inbox: true, actor: 'li.lei' }), { v: 1, type: 'hello', inbox: true, actor: 'li.lei' });
    assert.equal(parseInboxMessage({ v: 1, type: 'inbox', calls: [call] })?.type, 'inbox');
    assert.equal(parseInboxMessage({ v: 1, type: 'inbox_add', call })?.type, 'inbox_add');
    const remove = { v: 1, type: 'inbox_remove', call_id: 'c1', session_id: 's1', decision: 'approved', where: 'chat', actor: null, at: '2026-11-29T12:01:00.000Z' };
    assert.deepEqual(parseInboxMessage(remove), remove);
    assert.equal(parseInboxMessage({ v: 1, type: 'ack', id: 'c1', session_id: 's1' })?.type, 'ack');
    assert.equal(parseInboxMessage({ v: 1, type: 'error', id: 'c1', code: 'forbidden', message: 'no' })?.type, 'error');
  });

  it('leaves what it cannot act on: a session hello, a call without its session, an unknown place, another type', () => {
    assert.equal(parseInboxMessage({ v: 1, type: 'hello', session_id: 's1' }), undefined);
    assert.equal(parseInboxMessage({ v: 1, type: 'inbox_add', call: { ...call, session_id: undefined } }), undefined);
    assert.equal(parseInboxMessage({ v: 1, type: 'inbox_remove', call_id: 'c1', session_id: 's1', decision: 'approved', where: 'fax', actor: null, at: 'x' }), undefined);
    assert.equal(parseInboxMessage({ v: 1, type: 'tool_call', call_id: 'c1' }), undefined);
    assert.equal(parseInboxMessage('not an object'), undefined);
  });

  it('a malformed call in a snapshot drops that call only, and names its fields', () => {
    const bad = { ...call, call_id: 'c2', deadline: 5, asked_at: undefined };
    const parsed = parseInboxMessage({ v: 1, type: 'inbox', calls: [call, bad, { tool: 7 }] });
    assert.equal(parsed?.type, 'inbox');
    assert.deepEqual(parsed.type === 'inbox' && parsed.calls.map((c) => c.call_id), ['c1']);
    assert.deepEqual(parsed.type === 'inbox' && parsed.dropped, [{ id: 'c2', fields: ['deadline', 'asked_at'] }, { fields: ['call_id', 'tool', 'arguments', 'session_id', 'asked_at'] }]);
    // A snapshot whose calls are not a list is still no snapshot.
    assert.equal(parseInboxMessage({ v: 1, type: 'inbox', calls: 'c1' }), undefined);
    assert.equal(parseInboxMessage({ v: 1, type: 'inbox', calls: [call] })?.type === 'inbox' && 'dropped' in parseInboxMessage({ v: 1, type: 'inbox', calls: [call] })!, false);
  });

  it("the inbox's tool_result needs the call's session_id", () => {
    const result = { v: 1, type: 'tool_result', call_id: 'c1', tool: 'request_user_approval', result: approved('c1') };
    assert.equal(inboxToolResultSchema.safeParse({ ...result, session_id: 's1' }).success, true);
    const without = inboxToolResultSchema.safeParse(result);
    assert.equal(without.success, false);
    assert.deepEqual(without.error?.issues.map((issue) => issue.path.join('.')), ['session_id']);
  });
});
