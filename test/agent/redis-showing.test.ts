// A chat page away while its call was settled elsewhere, on a fleet sharing a real redis-server
// (docs/protocol.md §3, `ready`'s `showing`): it reconnects to another instance than the one it
// left, lists the cards it still shows, and is sent `settled` for each one whose stored result
// says how it settled, after the pending calls; nothing for another session's call or an unknown id.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AgentServer } from '../../src/agent/ws-server.js';
import { clockNow, fileRedis, instances, waitFor } from './fleet.js';
import { actorFromQuery, approved, chatUrl, inboxOf, rawKit, rejected } from './places-clients.js';

const redis = fileRedis();
let n = 0;
const fresh = (name: string) => `${name}-${process.pid}-${(n += 1)}`;

async function fleet(count: number) {
  const servers = await instances(count, redis.url, clockNow(), { authorize: actorFromQuery, inbox: {}, audit: 'redis' });
  redis.open.push(...servers);
  return servers;
}

/** Asks an approval on `server` in `session`, and waits until Redis holds it. */
async function ask(server: AgentServer, session: string, id: string) {
  const done = server.session(session).callTool('request_user_approval', { message: `Go ${id}?` }, { callId: id });
  await waitFor(async () => (await redis.admin.zScore(`aik:session:${session}:pending`, id)) !== null, `${id} asked`);
  return { done };
}

describe("ready's showing on a fleet", () => {
  it('the page on A loses its connection, the inbox on B answers, the page reconnects on C: settled after the pending calls', async () => {
    const [a, b, c] = await fleet(3);
    const session = fresh('away'), elsewhere = fresh('other');
    a!.session(session, { owner: 'alice', title: 'Away' });
    a!.session(elsewhere, { owner: 'alice', title: 'Another session' });
    const [id, waiting, theirs] = [`${session}-1`, `${session}-2`, `${elsewhere}-1`];
    const { done } = await ask(a!, session, id);
    void (await ask(a!, session, waiting)).done.catch(() => undefined);
    void (await ask(a!, elsewhere, theirs)).done.catch(() => undefined);
    const page = await rawKit(chatUrl(a!, session, 'alice'));
    await waitFor(() => page.of('tool_call', id).length === 1 && page.of('tool_call', waiting).length === 1, 'both on the page');
    page.drop();
    await waitFor(async () => (await redis.admin.get(`aik:session:${session}:owner`)) === null, "A's connection released");
    const inbox = await inboxOf(b!, 'alice');
    inbox.answer({ call_id: id, tool: 'request_user_approval', result: rejected(id), session_id: session });
    await done;
    await waitFor(() => inbox.of('ack', id).length === 1, 'the inbox acked');
    const other = await inboxOf(b!, 'alice');
    other.answer({ call_id: theirs, tool: 'request_user_approval', result: approved(theirs), session_id: elsewhere });
    await waitFor(() => other.of('ack', theirs).length === 1, "the other session's call answered");

    // An older kit, on C: the pending call again, and no word of the settled one.
    const older = await rawKit(chatUrl(c!, session, 'alice'));
    await waitFor(() => older.of('tool_call', waiting).length === 1, 'the pending call on C');
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(older.of('settled').length, 0, 'a ready without showing: as before');
    older.drop();
    await waitFor(async () => (await redis.admin.get(`aik:session:${session}:owner`)) === null, 'released');

    const back = await rawKit(chatUrl(c!, session, 'alice'), [id, waiting, theirs, 'never-asked']);
    await waitFor(() => back.of('settled').length > 0, 'told how the card settled');
    const settled = back.of('settled')[0]!;
    const stored = JSON.parse(String(await redis.admin.get(`aik:result:${id}`))) as { settled: { at: string } };
    assert.deepEqual(settled, { v: 1, type: 'settled', call_id: id, session_id: session, decision: 'rejected', where: 'inbox', actor: 'alice', at: stored.settled.at });
    const last = back.frames.findLastIndex((f) => f.type === 'tool_call' && f.call_id === waiting);
    assert.ok(last >= 0 && back.frames.indexOf(settled) > last, 'after the pending calls');
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(back.of('settled').length, 1, "nothing for the pending call, another session's call or an unknown id");
    assert.equal(back.of('tool_call', id).length, 0, 'the settled call is not sent again');
    for (const kit of [older, back]) assert.equal(kit.of('error').length + kit.of('cancel').length, 0);
  });
});
