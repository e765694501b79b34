// The inbox served on a fleet sharing a real redis-server (docs/protocol.md §12.3): an inbox on one
// instance lists the calls asked on any, each person only those of the sessions they may see; an
// answer from it is stored once wherever the call was asked, its agent gets it, the chat page is
// told who won, and every other place hears it settled.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AuditRecord } from '../../src/agent/audit.js';
import type { InboxFor } from '../../src/agent/inbox/endpoint.js';
import type { AgentServer } from '../../src/agent/ws-server.js';
import { clockNow, fileRedis, instances, waitFor } from './fleet.js';
import { actorFromQuery, approved, chatUrl, inboxOf, rawKit, rejected, type Frame } from './places-clients.js';

const redis = fileRedis();
let n = 0;
const fresh = (name: string) => `${name}-${process.pid}-${(n += 1)}`;

async function fleet(count: number, options: { inboxFor?: InboxFor; audit?: (record: AuditRecord) => void } = {}) {
  const servers = await instances(count, redis.url, clockNow(), { authorize: actorFromQuery, inbox: { inboxFor: options.inboxFor }, audit: options.audit ?? 'redis' });
  redis.open.push(...servers);
  return servers;
}

const ids = (frames: Frame[]) => frames.map((f) => String((f.call as Frame | undefined)?.call_id ?? f.call_id));
const auditOf = async (id: string) => ((await redis.admin.xRange('aik:audit', '-', '+')) ?? []).filter((entry) => entry.message.call_id === id).map((entry) => entry.message);

/** Asks an approval on `server` in `session`, and waits until Redis holds it: the agent's wait, in a box (an awaited promise would be waited for). */
async function ask(server: AgentServer, session: string, id: string) {
  const done = server.session(session).callTool('request_user_approval', { message: `Go ${id}?` }, { callId: id });
  await waitFor(async () => (await redis.admin.zScore(`aik:session:${session}:pending`, id)) !== null, `${id} asked`);
  return { done };
}

describe('the inbox served on a fleet (docs/protocol.md §12.3)', () => {
  it('two actors on one fleet: each inbox lists, adds and removes only the calls of the sessions its person may see', async () => {
    const inboxFor: InboxFor = (actor) => (actor === 'carol' ? { owners: ['alice'] } : actor === 'dave' ? { sessions: [bobs2] } : undefined);
    const [a, b, c] = await fleet(3, { inboxFor });
    const alices = fresh('alice'), bobs = fresh('bob'), bobs2 = fresh('bob2');
    a!.session(alices, { owner: 'alice', title: 'Alice’s agent' });
    a!.session(bobs, { owner: 'bob', title: 'Bob’s agent' });
    c!.session(bobs2, { owner: 'bob', title: 'Bob’s other agent' });
    await waitFor(async () => (await redis.admin.hGet(`aik:session:${bobs2}:about`, 'owner')) === 'bob', 'the owners in Redis');
    const before = [`${alices}-1`, `${bobs}-1`, `${bobs2}-1`];
    const pending = [(await ask(a!, alices, before[0]!)).done, (await ask(a!, bobs, before[1]!)).done, (await ask(c!, bobs2, before[2]!)).done];
    const alice = await inboxOf(b!, 'alice');
    const bob = await inboxOf(c!, 'bob');
    const carol = await inboxOf(a!, 'carol');
    const dave = await inboxOf(b!, 'dave');
    assert.deepEqual(alice.listed(), [before[0]], 'alice’s snapshot: her session’s call only');
    assert.deepEqual(bob.listed().sort(), [before[1], before[2]].sort(), 'bob’s: both of his');
    assert.deepEqual(carol.listed(), [before[0]], 'carol’s team: alice’s sessions');
    assert.deepEqual(dave.listed(), [before[2]], 'dave: the one session named to him');
    const listed = (alice.of('inbox')[0]!.calls as Frame[])[0]!;
    assert.deepEqual([listed.type, listed.session_id, listed.session_title, typeof listed.asked_at, (listed.context as Frame).channel], [undefined, alices, 'Alice’s agent', 'string', 'desktop']);
    // Asked after: added live, each only where it may be seen.
    const later = [`${alices}-2`, `${bobs2}-2`];
    pending.push((await ask(c!, alices, later[0]!)).done, (await ask(a!, bobs2, later[1]!)).done);
    await waitFor(() => alice.of('inbox_add').length === 1 && dave.of('inbox_add').length === 1 && bob.of('inbox_add').length === 1 && carol.of('inbox_add').length === 1, 'the adds');
    assert.deepEqual([ids(alice.of('inbox_add')), ids(carol.of('inbox_add')), ids(bob.of('inbox_add')), ids(dave.of('inbox_add'))], [[later[0]], [later[0]], [later[1]], [later[1]]]);
    // Answered from each chat page: removed where listed, nowhere else.
    for (const [server, session, id] of [[c!, alices, before[0]], [a!, bobs, before[1]], [b!, bobs2, before[2]], [a!, alices, later[0]], [c!, bobs2, later[1]]] as const) {
      const page = await rawKit(chatUrl(server, session, 'someone'));
      await waitFor(() => page.of('tool_call', id).length === 1, `${id} on its page`);
      page.answer({ call_id: id, tool: 'request_user_approval', result: approved(id!) });
      await waitFor(() => page.of('ack', id).length === 1, `${id} acked`);
    }
    await Promise.all(pending);
    await waitFor(() => alice.of('inbox_remove').length === 2 && bob.of('inbox_remove').length === 3 && dave.of('inbox_remove').length === 2 && carol.of('inbox_remove').length === 2, 'the removes');
    assert.deepEqual(ids(alice.of('inbox_remove')).sort(), [before[0], later[0]].sort());
    assert.deepEqual(ids(dave.of('inbox_remove')).sort(), [before[2], later[1]].sort());
    assert.deepEqual(ids(bob.of('inbox_remove')).sort(), [before[1], before[2], later[1]].sort());
    const removed = alice.of('inbox_remove', before[0])[0]!;
    assert.deepEqual([removed.session_id, removed.decision, removed.where, removed.actor, typeof removed.at], [alices, 'approved', 'chat', 'someone', 'string']);
    for (const kit of [alice, bob, carol, dave]) assert.equal(kit.of('error').length, 0);
  });

  it('answered from an inbox on B for a call asked on A: stored once, A’s agent gets it, the chat page on C is told, one audit record', async () => {
    const [a, b, c] = await fleet(3);
    const session = fresh('ship');
    a!.session(session, { owner: 'alice', title: 'Ship it' });
    const page = await rawKit(chatUrl(c!, session, 'alice'));
    const id = `${session}-1`;
    const { done } = await ask(a!, session, id);
    await waitFor(() => page.of('tool_call', id).length === 1, 'on the chat page');
    const inbox = await inboxOf(b!, 'alice');
    const other = await inboxOf(c!, 'alice'); // her second inbox, on another instance
    assert.deepEqual([inbox.listed(), other.listed()], [[id], [id]]);
    inbox.answer({ call_id: id, tool: 'request_user_approval', result: rejected(id), session_id: session });
    const result = await done;
    assert.equal('interaction_response' in result && (result.interaction_response as { approved?: boolean }).approved, false, 'the asking instance’s agent has the inbox’s answer');
    await waitFor(() => inbox.of('ack', id).length === 1 && page.of('settled', id).length === 1 && other.of('inbox_remove', id).length === 1, 'ack, settled, removal');
    assert.equal(inbox.of('ack', id)[0]!.session_id, session, 'the inbox’s ack names the session');
    const settled = page.of('settled', id)[0]!;
    assert.deepEqual([settled.session_id, settled.decision, settled.where, settled.actor, typeof settled.at], [session, 'rejected', 'inbox', 'alice', 'string']);
    assert.deepEqual(other.of('inbox_remove', id)[0], { v: 1, type: 'inbox_remove', call_id: id, session_id: session, decision: 'rejected', where: 'inbox', actor: 'alice', at: settled.at });
    const stored = JSON.parse(String(await redis.admin.get(`aik:result:${id}`))) as { settled: unknown };
    assert.deepEqual(stored.settled, { decision: 'rejected', where: 'inbox', actor: 'alice', at: settled.at }, 'the stored result says how it settled');
    // The chat page answers a moment too late, from another instance: its ack and who won, never an error.
    page.answer({ call_id: id, tool: 'request_user_approval', result: approved(id) });
    await waitFor(() => page.of('ack', id).length === 1 && page.of('settled', id).length === 2, 'the late page told');
    // Her other inbox answers too late as well: its ack and the removal with who won.
    other.answer({ call_id: id, tool: 'request_user_approval', result: approved(id), session_id: session });
    await waitFor(() => other.of('ack', id).length === 1 && other.of('inbox_remove', id).length === 2, 'the late inbox told');
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(inbox.of('inbox_remove', id).length, 0, 'the winning connection is told nothing more: its ack says enough');
    assert.equal(page.of('settled', id).length, 2);
    const records = await auditOf(id);
    assert.equal(records.length, 1, 'exactly one audit record');
    assert.deepEqual([records[0]!.decision, records[0]!.where, records[0]!.actor], ['rejected', 'inbox', 'alice']);
    for (const kit of [page, inbox, other]) assert.equal(kit.of('error').length, 0, 'never an error');
  });

  it('with an audit function, the instance whose inbox answer won writes the one record', async () => {
    const records: AuditRecord[] = [];
    const [a, b] = await fleet(2, { audit: (record) => void records.push(record) });
    const session = fresh('fn');
    a!.session(session, { owner: 'erin' });
    const id = `${session}-1`;
    const { done } = await ask(a!, session, id);
    const inbox = await inboxOf(b!, 'erin');
    inbox.answer({ call_id: id, tool: 'request_user_approval', result: approved(id), session_id: session });
    await done;
    await waitFor(() => records.length === 1, 'the record');
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(records.length, 1);
    assert.deepEqual([records[0]!.call_id, records[0]!.decision, records[0]!.where, records[0]!.actor, records[0]!.instance], [id, 'approved', 'inbox', 'erin', b!.instance]);
  });

  it('an inbox may answer only the calls of sessions its person may see: forbidden, or another session’s call, stores nothing', async () => {
    const [a, b] = await fleet(2);
    const hers = fresh('hers'), his = fresh('his');
    a!.session(hers, { owner: 'alice' });
    a!.session(his, { owner: 'bob' });
    const herId = `${hers}-1`, hisId = `${his}-1`;
    const pending = [(await ask(a!, hers, herId)).done, (await ask(a!, his, hisId)).done];
    const bob = await inboxOf(b!, 'bob');
    bob.answer({ call_id: herId, tool: 'request_user_approval', result: approved(herId), session_id: hers });
    await waitFor(() => bob.of('error', herId).length === 1, 'refused');
    assert.equal(bob.of('error', herId)[0]!.code, 'forbidden');
    // His session named, her call's id: not his session's call, so nothing is stored.
    bob.send({ type: 'tool_result', call_id: herId, tool: 'request_user_approval', result: approved(herId), session_id: his });
    await new Promise((resolve) => setTimeout(resolve, 150));
    assert.equal(await redis.admin.get(`aik:result:${herId}`), null, 'nothing stored for her call');
    assert.deepEqual(bob.listed(), [hisId]);
    bob.answer({ call_id: hisId, tool: 'request_user_approval', result: approved(hisId), session_id: his });
    await pending[1];
    const page = await rawKit(chatUrl(b!, hers, 'alice'));
    await waitFor(() => page.of('tool_call', herId).length === 1, 'hers still waits');
    page.answer({ call_id: herId, tool: 'request_user_approval', result: approved(herId) });
    await pending[0];
  });

  it('listens to an owner’s channel only while a connection needs it; a session given to a person later reaches their inbox', async () => {
    const [a, b] = await fleet(2);
    const channel = 'aik:inbox:frank';
    const listeners = async () => Number((await redis.admin.pubSubNumSub(channel))[channel]);
    const first = await inboxOf(b!, 'frank');
    const second = await inboxOf(b!, 'frank');
    assert.equal(await listeners(), 1, 'one subscription for both connections');
    first.drop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(await listeners(), 1, 'still needed by the second');
    const session = fresh('given');
    const id = `${session}-1`;
    const { done } = await ask(a!, session, id);
    assert.deepEqual(second.listed(), []);
    a!.session(session, { owner: 'frank', title: 'Given later' });
    await waitFor(() => second.of('inbox').length === 2, 'a fresh snapshot');
    assert.deepEqual(second.listed(), [id]);
    second.answer({ call_id: id, tool: 'request_user_approval', result: approved(id), session_id: session });
    await done;
    second.drop();
    await waitFor(async () => (await listeners()) === 0, 'unsubscribed when no connection needs it');
  });
});
