// The inbox's Redis layout on a fleet sharing a real redis-server (docs/protocol.md §12.3): who owns
// a session and its title (`aik:session:<id>:about`), each owner's waiting calls
// (`aik:inbox:<owner>:calls`, scored by deadline) and the owner's channel (`aik:inbox:<owner>`),
// kept by the same steps that ask, settle and withdraw a call, wherever they run.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createClient } from 'redis';
import type { AgentServer } from '../../src/agent/ws-server.js';
import { startRedis } from '../../scripts/redis-server.js';
import { clockNow, closeAll, instances, waitFor } from './fleet.js';
import { actorFromQuery, approved, chatUrl, rawKit } from './places-clients.js';

let redis: Awaited<ReturnType<typeof startRedis>>;
let admin: ReturnType<typeof createClient>;
let listener: ReturnType<typeof createClient>;
const open: AgentServer[] = [];
const heard: Record<string, unknown>[] = [];
let n = 0;
const fresh = (name: string) => `${name}-${process.pid}-${(n += 1)}`;

async function fleet(count: number, clock = clockNow()) {
  const servers = await instances(count, redis.url, clock, { authorize: actorFromQuery });
  open.push(...servers);
  return servers;
}

/** What was published on `aik:inbox:<owner>` about `session` (only the `op` given, when given). */
const published = (owner: string, session: string, op?: string) =>
  heard.filter(
    (m) => m.owner === owner && (op === undefined || m.op === op) && (m.session_id === session || (typeof m.call === 'string' && JSON.parse(m.call).session_id === session)),
  );

before(async () => {
  redis = await startRedis();
  admin = createClient({ url: redis.url });
  await admin.connect();
  listener = admin.duplicate();
  await listener.connect();
  await listener.pSubscribe('aik:inbox:*', (text, channel) => {
    if (!channel.endsWith(':calls')) heard.push({ owner: channel.slice('aik:inbox:'.length), ...(JSON.parse(text) as Record<string, unknown>) });
  });
});
after(async () => {
  await closeAll(open.splice(0));
  await listener.close();
  await admin.close();
  await redis.stop();
});

describe('the inbox’s Redis layout (docs/protocol.md §12.3)', () => {
  it('a call asked on one instance joins its owner’s list and is published; answered on another, it leaves and says how', async () => {
    const [a, b] = await fleet(2);
    const session = fresh('own');
    a!.session(session, { owner: 'alice', title: 'Nightly deploy' });
    await waitFor(async () => (await admin.hGet(`aik:session:${session}:about`, 'owner')) === 'alice', 'the owner in Redis');
    assert.equal(await admin.hGet(`aik:session:${session}:about`, 'title'), 'Nightly deploy');
    const page = await rawKit(chatUrl(b!, session, 'bob'));
    const id = `${session}-1`;
    const done = a!.session(session).callTool('request_user_approval', { message: 'Deploy?' }, { callId: id });
    await waitFor(() => page.of('tool_call', id).length === 1, 'on the page');
    const deadline = Date.parse(String(page.of('tool_call', id)[0]!.deadline));
    assert.equal(await admin.zScore('aik:inbox:alice:calls', id), deadline, 'listed, scored by its deadline');
    assert.ok((await admin.pTTL('aik:inbox:alice:calls')) > 86_400_000 - 60_000, 'kept a day past the deadline');
    await waitFor(() => published('alice', session, 'add').length === 1, 'the add');
    const [add] = published('alice', session, 'add');
    const call = JSON.parse(String(add!.call)) as Record<string, unknown>;
    assert.deepEqual([add!.op, call.call_id, call.tool, call.session_id, call.session_title, typeof call.asked_at, call.deadline], ['add', id, 'request_user_approval', session, 'Nightly deploy', 'string', page.of('tool_call', id)[0]!.deadline]);
    assert.equal(await admin.hGet(`aik:session:${session}:about`, 'owner'), 'alice', 'the chat page’s actor does not take a session that has an owner');
    page.answer({ call_id: id, tool: 'request_user_approval', result: approved(id) });
    await done;
    await waitFor(() => published('alice', session, 'remove').length === 1, 'the remove');
    const removed = published('alice', session, 'remove')[0]!;
    assert.deepEqual([removed.op, removed.call_id, removed.session_id, removed.decision, removed.where, removed.actor, typeof removed.at], ['remove', id, session, 'approved', 'chat', 'bob', 'string']);
    assert.equal(await admin.zScore('aik:inbox:alice:calls', id), null);
    assert.equal(published('bob', session).length, 0, 'nothing on anyone else’s channel');
  });

  it('an abort, the runtime’s own timeout and the kit’s refusal leave the list as the runtime’s; a session without an owner is in no list', async () => {
    const clock = clockNow();
    const [a] = await fleet(1, clock);
    const session = fresh('ends');
    a!.session(session, { owner: 'carol' });
    await waitFor(async () => (await admin.hGet(`aik:session:${session}:about`, 'owner')) === 'carol', 'owned');
    const controller = new AbortController();
    const aborted = a!.session(session).callTool('request_user_approval', { message: 'Go?' }, { callId: `${session}-1`, signal: controller.signal });
    const timed = a!.session(session).callTool('request_user_approval', { message: 'Go?', timeout_seconds: 30 }, { callId: `${session}-2` });
    await waitFor(async () => (await admin.zCard('aik:inbox:carol:calls')) >= 2 && published('carol', session, 'add').length === 2, 'both listed');
    controller.abort();
    await assert.rejects(aborted, { name: 'AbortError' });
    clock.advance(41_000);
    await timed;
    await waitFor(() => published('carol', session, 'remove').length === 2, 'both removed');
    assert.deepEqual(
      published('carol', session, 'remove').map((m) => [m.call_id, m.decision, m.where, m.actor]).sort(),
      [[`${session}-1`, 'cancelled', 'runtime', null], [`${session}-2`, 'timeout', 'runtime', null]],
    );
    // The kit refuses a call (here: a page's error message): it leaves the list as withdrawn.
    const page = await rawKit(chatUrl(a!, session, 'carol'));
    const refused = a!.session(session).callTool('request_user_approval', { message: 'Go?' }, { callId: `${session}-3` });
    await waitFor(() => page.of('tool_call', `${session}-3`).length === 1, 'on the page');
    page.send({ type: 'error', id: `${session}-3`, code: 'invalid_arguments', message: 'no', issues: [{ path: 'arguments.message', expected: 'string' }] });
    await assert.rejects(refused, { code: 'invalid_arguments' });
    await waitFor(() => published('carol', session, 'remove').length === 3, 'removed');
    assert.deepEqual(published('carol', session, 'remove').map((m) => [m.call_id, m.decision, m.where]).find(([id]) => id === `${session}-3`), [`${session}-3`, 'cancelled', 'runtime']);
    assert.equal(await admin.zScore('aik:inbox:carol:calls', `${session}-3`), null);
    const nobody = fresh('nobody');
    const unowned = a!.session(nobody).callTool('request_user_approval', { message: 'Go?' }, { callId: `${nobody}-1` });
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(heard.filter((m) => JSON.stringify(m).includes(nobody)).length, 0, 'no owner: no list, nothing published');
    a!.session(nobody).close();
    await assert.rejects(unowned, { code: 'unavailable' });
  });

  it('ownership: the first chat page’s actor on any instance, or given later: the waiting calls move to the new owner’s list', async () => {
    const [a, b] = await fleet(2);
    const session = fresh('move');
    const id = `${session}-1`;
    const waiting = a!.session(session).callTool('request_user_approval', { message: 'Go?' }, { callId: id });
    await waitFor(async () => (await admin.zCard(`aik:session:${session}:pending`)) === 1, 'asked');
    await rawKit(chatUrl(b!, session, 'dave'));
    await waitFor(async () => (await admin.zScore('aik:inbox:dave:calls', id)) !== null, 'dave’s, by his chat page');
    const live = await rawKit(chatUrl(a!, session, 'erin')); // supersedes dave's page
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(await admin.hGet(`aik:session:${session}:about`, 'owner'), 'dave', 'a later page does not take it');
    a!.session(session, { owner: 'frank' });
    await waitFor(async () => (await admin.zScore('aik:inbox:frank:calls', id)) !== null, 'moved to frank');
    assert.equal(await admin.zScore('aik:inbox:dave:calls', id), null, 'and out of dave’s');
    await waitFor(() => published('dave', session, 'about').length > 0 && published('frank', session, 'about').length > 0, 'both told');
    live.answer({ call_id: id, tool: 'request_user_approval', result: approved(id) });
    await waiting;
    await waitFor(() => published('frank', session, 'remove').length === 1, 'removed from frank’s');
    assert.equal(published('frank', session, 'remove')[0]!.actor, 'erin');
  });
});
