// One call, many places, one answer, in one process (docs/protocol.md §12.1), over real
// WebSockets: a call shown on its chat page and in inboxes keeps the first valid result; every
// other live place is told how it settled (`settled` on the chat page, `inbox_remove` in an
// inbox); a result that comes too late gets its `ack` and the same news, never an error; and
// exactly one audit record, saying where.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { AuditRecord } from '../../src/agent/audit.js';
import { createAgentServer, type AgentServer } from '../../src/agent/ws-server.js';
import { FakeClock } from '../support/fake-clock.js';
import { waitFor } from './fleet.js';
import { actorFromQuery, approved, chatUrl, inboxOf, rawKit, rejected } from './places-clients.js';

const open: AgentServer[] = [];
after(() => Promise.all(open.map((s) => s.close())));

async function serve(clock?: FakeClock) {
  const records: AuditRecord[] = [];
  const server = await createAgentServer({ log: () => undefined, authorize: actorFromQuery, inbox: {}, clock, audit: (r) => void records.push(r) });
  open.push(server);
  return { server, records };
}

/** A session owned by `owner` with its chat page open (as `owner`) and `owner`'s inbox open twice (two tabs). */
async function scene(session: string, owner = 'li.lei') {
  const { server, records } = await serve();
  const chat = await rawKit(chatUrl(server, session, owner));
  const inbox = await inboxOf(server, owner);
  const other = await inboxOf(server, owner);
  return { server, records, chat, inbox, other };
}

const settle = (f: Record<string, unknown>) => [f.call_id, f.session_id, f.decision, f.where, f.actor, typeof f.at];

describe('one call, many places, one answer', () => {
  it('answered from the inbox: the chat page gets settled, callTool resolves with that result, the other inbox removes it', async () => {
    const { server, records, chat, inbox, other } = await scene('s1');
    const done = server.session('s1').callTool('request_user_approval', { message: 'Deploy?' }, { callId: 'c-1' });
    await waitFor(() => chat.of('tool_call', 'c-1').length === 1 && inbox.of('inbox_add').length === 1, 'shown in both places');
    const result = rejected('c-1');
    inbox.answer({ call_id: 'c-1', session_id: 's1', tool: 'request_user_approval', result });
    assert.deepEqual(await done, result, 'the agent gets the inbox’s answer');
    await waitFor(() => chat.of('settled').length === 1 && other.of('inbox_remove').length === 1 && inbox.of('ack').length === 1, 'everyone told');
    assert.deepEqual(settle(chat.of('settled')[0]!), ['c-1', 's1', 'rejected', 'inbox', 'li.lei', 'string']);
    assert.deepEqual(settle(other.of('inbox_remove')[0]!), ['c-1', 's1', 'rejected', 'inbox', 'li.lei', 'string']);
    assert.deepEqual(inbox.of('ack')[0], { v: 1, type: 'ack', id: 'c-1', session_id: 's1' });
    assert.equal(inbox.of('inbox_remove').length, 0, 'the inbox that won is told nothing more');
    assert.equal(chat.of('ack').length, 0);
    await waitFor(() => records.length === 1, 'the record');
    assert.deepEqual([records[0]!.decision, records[0]!.source, records[0]!.where, records[0]!.actor], ['rejected', 'user', 'inbox', 'li.lei']);
  });

  it('answered from the chat page: every inbox gets inbox_remove, with where and who', async () => {
    const { server, records, chat, inbox, other } = await scene('s2', 'han.meimei');
    const done = server.session('s2').callTool('request_user_approval', { message: 'Deploy?' }, { callId: 'c-2' });
    await waitFor(() => chat.of('tool_call', 'c-2').length === 1 && inbox.of('inbox_add').length === 1, 'shown');
    chat.answer({ call_id: 'c-2', tool: 'request_user_approval', result: approved('c-2') });
    await done;
    await waitFor(() => inbox.of('inbox_remove').length === 1 && other.of('inbox_remove').length === 1, 'both inboxes');
    for (const kit of [inbox, other]) assert.deepEqual(settle(kit.of('inbox_remove')[0]!), ['c-2', 's2', 'approved', 'chat', 'han.meimei', 'string']);
    assert.equal(chat.of('settled').length, 0, 'the chat page won: no settled for it');
    assert.deepEqual(chat.of('ack', 'c-2').length, 1);
    await waitFor(() => records.length === 1, 'the record');
    assert.equal(records[0]!.where, 'chat');
  });

  it('a late result from the second place gets its ack and the same settled (chat) or inbox_remove (inbox), never an error; one record', async () => {
    const { server, records, chat, inbox } = await scene('s3');
    const first = server.session('s3').callTool('request_user_approval', { message: 'One?' }, { callId: 'c-3' });
    const second = server.session('s3').callTool('request_user_approval', { message: 'Two?' }, { callId: 'c-4' });
    await waitFor(() => inbox.of('inbox_add').length === 2, 'both listed');
    // c-3: the chat page wins, the inbox answers a moment later (its card still open).
    chat.answer({ call_id: 'c-3', tool: 'request_user_approval', result: approved('c-3') });
    await waitFor(() => chat.of('ack', 'c-3').length === 1, 'the chat page’s answer stored');
    inbox.answer({ call_id: 'c-3', session_id: 's3', tool: 'request_user_approval', result: rejected('c-3') });
    // c-4: the inbox wins, the chat page answers a moment later.
    inbox.answer({ call_id: 'c-4', session_id: 's3', tool: 'request_user_approval', result: rejected('c-4') });
    await waitFor(() => inbox.of('ack', 'c-4').length === 1, 'the inbox’s answer stored');
    chat.answer({ call_id: 'c-4', tool: 'request_user_approval', result: approved('c-4') });
    assert.equal(statusOf(await first), true, 'the chat page’s approval');
    assert.equal(statusOf(await second), false, 'the inbox’s rejection');
    await waitFor(() => inbox.of('ack').length === 2 && chat.of('ack').length === 2, 'every copy acked');
    // Each told twice: as the call settled, and again with its late answer's ack.
    await waitFor(() => inbox.of('inbox_remove', 'c-3').length === 2 && chat.of('settled', 'c-4').length === 2, 'who won, told');
    const [removed, again] = inbox.of('inbox_remove', 'c-3');
    assert.deepEqual(settle(removed!), ['c-3', 's3', 'approved', 'chat', 'li.lei', 'string']);
    assert.deepEqual(again, removed, 'the late answer hears the same');
    const [settled, settledAgain] = chat.of('settled', 'c-4');
    assert.deepEqual(settle(settled!), ['c-4', 's3', 'rejected', 'inbox', 'li.lei', 'string']);
    assert.deepEqual(settledAgain, settled);
    const ackFirst = inbox.frames.findIndex((f) => f.type === 'ack' && f.id === 'c-3');
    assert.ok(ackFirst >= 0 && ackFirst < inbox.frames.lastIndexOf(again!), 'the late answer’s ack, then who won');
    assert.equal(inbox.of('error').length + chat.of('error').length + chat.of('cancel').length, 0, 'never an error');
    assert.equal(inbox.outbox.size + chat.outbox.size, 0, 'both outboxes emptied');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(records.map((r) => [r.call_id, r.decision, r.where]).sort(), [['c-3', 'approved', 'chat'], ['c-4', 'rejected', 'inbox']], 'one record per call');
  });

  it('reconnect and re-send: an inbox that was away gets every waiting call in its snapshot, and its outbox is re-sent after ready until acked', async () => {
    const { server, records, chat, inbox } = await scene('s4');
    inbox.drop();
    const done = server.session('s4').callTool('request_user_approval', { message: 'While away?' }, { callId: 'c-5' });
    await waitFor(() => chat.of('tool_call', 'c-5').length === 1, 'on the chat page');
    await inbox.reconnect();
    await waitFor(() => inbox.listed().includes('c-5'), 'in the snapshot after ready');
    // The answer is given while the network is down: it waits in the outbox, and goes after the next ready.
    inbox.drop();
    inbox.answer({ call_id: 'c-5', session_id: 's4', tool: 'request_user_approval', result: approved('c-5') });
    assert.equal(inbox.outbox.size, 1);
    await inbox.reconnect();
    await done;
    await waitFor(() => inbox.outbox.size === 0, 'acked');
    await waitFor(() => chat.of('settled', 'c-5').length === 1, 'the chat page told');
    // The ack is lost with the connection: the same answer comes again after the next ready.
    inbox.outbox.set('c-5', { type: 'tool_result', call_id: 'c-5', session_id: 's4', tool: 'request_user_approval', result: approved('c-5') });
    inbox.drop();
    await inbox.reconnect();
    await waitFor(() => inbox.outbox.size === 0 && inbox.of('inbox_remove', 'c-5').length === 1, 'acked again, and told it settled');
    assert.deepEqual(inbox.listed(), [], 'the newest snapshot no longer lists it');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(records.length, 1, 'one record, whatever came again');
    assert.equal(chat.of('settled', 'c-5').length, 1, 'the chat page told once');
  });

  it('a chat page away while an inbox answered: its ready listing the card in showing gets settled after the pending calls; without showing, nothing', async () => {
    const { server, records, chat, inbox } = await scene('s6');
    const session = server.session('s6');
    const done = session.callTool('request_user_approval', { message: 'While the page is away?' }, { callId: 'c-8' });
    void session.callTool('request_user_approval', { message: 'Still waiting' }, { callId: 'c-9' }).catch(() => undefined);
    await waitFor(() => chat.of('tool_call', 'c-8').length === 1 && chat.of('tool_call', 'c-9').length === 1, 'both on the chat page');
    chat.drop();
    await waitFor(() => !session.connected, 'the page is gone');
    inbox.answer({ call_id: 'c-8', session_id: 's6', tool: 'request_user_approval', result: approved('c-8') });
    await done;
    await chat.reconnect(); // an older kit: no showing
    await waitFor(() => chat.of('tool_call', 'c-9').length === 2, 'the pending call re-sent');
    chat.drop();
    await waitFor(() => !session.connected, 'the page is gone again');
    await chat.reconnect(['c-8', 'c-9', 'never-asked']);
    await waitFor(() => chat.of('settled').length === 1, 'told how the card it shows settled');
    assert.deepEqual(settle(chat.of('settled')[0]!), ['c-8', 's6', 'approved', 'inbox', 'li.lei', 'string']);
    const last = chat.frames.findLastIndex((f) => f.type === 'tool_call' && f.call_id === 'c-9');
    assert.ok(chat.frames.indexOf(chat.of('settled')[0]!) > last, 'after the pending calls');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(chat.of('settled').length, 1, 'nothing for the pending call or an id the runtime never asked');
    assert.equal(chat.of('tool_call', 'c-8').length, 1, 'the settled call is not sent again');
    assert.equal(records.length, 1, 'one record, from the inbox');
  });

  it('what the runtime or a grant decided is no other place: the chat page’s answer to a granted receipt or a withdrawn call gets its ack alone', async () => {
    const { server, chat } = await scene('s6');
    const grant = { key: 'ls', label: 'ls' };
    const args = { message: 'ls?', severity: 'low' };
    const first = server.session('s6').callTool('request_user_approval', args, { callId: 'g-1', grant });
    await waitFor(() => chat.of('tool_call', 'g-1').length === 1, 'asked');
    chat.answer({ call_id: 'g-1', tool: 'request_user_approval', result: approved('g-1'), grant: 'session' });
    await first;
    await server.session('s6').callTool('request_user_approval', args, { callId: 'g-2', grant });
    // The kit answers a granted receipt with the approval's result, after the call resolved.
    chat.answer({ call_id: 'g-2', tool: 'request_user_approval', result: approved('g-2') });
    const controller = new AbortController();
    const withdrawn = server.session('s6').callTool('request_user_approval', { message: 'Go?' }, { callId: 'w-1', signal: controller.signal });
    await waitFor(() => chat.of('tool_call', 'w-1').length === 1, 'asked');
    controller.abort();
    await assert.rejects(withdrawn, { name: 'AbortError' });
    chat.answer({ call_id: 'w-1', tool: 'request_user_approval', result: approved('w-1') });
    await waitFor(() => chat.of('ack', 'g-2').length === 1 && chat.of('ack', 'w-1').length === 1, 'acked');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(chat.of('settled'), [], 'a kit that knows no places is never sent settled for them');
  });

  it('a late result after the runtime’s own timeout: the chat page keeps its expired cancel; an inbox gets ack and inbox_remove (timeout, runtime)', async () => {
    const clock = new FakeClock(Date.now());
    const { server, records } = await serve(clock);
    server.session('s5', { owner: 'li.lei' });
    const inbox = await inboxOf(server, 'li.lei');
    const done = server.session('s5').callTool('request_user_approval', { message: 'Go?', timeout_seconds: 30 }, { callId: 'c-6' });
    await waitFor(() => inbox.of('inbox_add').length === 1, 'listed');
    clock.advance(41_000);
    await done;
    inbox.answer({ call_id: 'c-6', session_id: 's5', tool: 'request_user_approval', result: approved('c-6') });
    await waitFor(() => inbox.of('ack', 'c-6').length === 1, 'acked');
    const chat = await rawKit(chatUrl(server, 's5', 'li.lei'));
    chat.answer({ call_id: 'c-6', tool: 'request_user_approval', result: approved('c-6') });
    await waitFor(() => chat.of('cancel', 'c-6').length === 1, 'expired');
    assert.equal(chat.of('cancel', 'c-6')[0]!.reason, 'expired');
    assert.deepEqual(inbox.of('inbox_remove', 'c-6').map(settle), [
      ['c-6', 's5', 'timeout', 'runtime', null, 'string'],
      ['c-6', 's5', 'timeout', 'runtime', null, 'string'],
    ], 'once as it timed out, once with the late answer’s ack');
    assert.deepEqual(records.map((r) => [r.decision, r.where]), [['timeout', 'runtime']]);
  });
});

function statusOf(result: unknown): boolean | undefined {
  return (result as { interaction_response?: { approved?: boolean } }).interaction_response?.approved;
}
