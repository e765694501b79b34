// Many instances sharing sessions through a real redis-server: each guarantee with
// two or three agent servers in this process, and pages on real WebSockets.
import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import { createClient } from 'redis';
import { KitError } from '../../src/agent/agent-session.js';
import { RedisAgentSession } from '../../src/agent/redis/session.js';
import { RedisStore } from '../../src/agent/redis/store.js';
import type { AgentServer, AgentServerOptions } from '../../src/agent/ws-server.js';
import type { ToolResult } from '../../src/protocol/results.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { startRedis } from '../../scripts/redis-server.js';
import { WebSocket as WsSocket } from 'ws';
import { clockNow, closeAll, inputResult, instances, kitPage, rawPage, sessionUrl, statusOf, textOf, waitFor } from './fleet.js';
import { life } from '../support/entries.js';
import { approved, rawKit } from './places-clients.js';

let redis: Awaited<ReturnType<typeof startRedis>>;
const open: AgentServer[] = [];
let n = 0;
const fresh = (name: string) => `${name}-${process.pid}-${(n += 1)}`;
/** A promise the test opens when it chooses. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open: () => open() };
}
async function fleet(count: number, clock = clockNow()) {
  return { servers: await started(count, redis.url, clock), clock };
}

/** `instances` (fleet.ts), closed at the end of the file. */
async function started(...args: Parameters<typeof instances>): Promise<AgentServer[]> {
  const servers = await instances(...args);
  open.push(...servers);
  return servers;
}

/** A Redis of the test's own, stopped even when an assertion fails: a redis-server left running keeps the file from exiting. */
async function ownRedis(t: TestContext) {
  const own = await startRedis();
  t.after(() => own.stop());
  return own;
}

before(async () => {
  redis = await startRedis();
});
after(async () => {
  await closeAll(open.splice(0));
  await redis.stop();
});

/**
 * A Redis of its own with two instances: `a` calls, `b` (its clients named `fleet-b`, so that
 * its subscriber can be found in CLIENT LIST) holds the page; `admin` reaches Redis beside them.
 */
async function gapFleet(t: TestContext, options: AgentServerOptions = {}) {
  const own = await ownRedis(t);
  const [a] = await started(1, own.url, undefined, options);
  const [b] = await started(1, own.url, undefined, { ...options, redis: { url: own.url, name: 'fleet-b' } });
  const admin = createClient({ url: own.url });
  admin.on('error', () => undefined); // its Redis stops first at the end
  await admin.connect();
  t.after(() => admin.close());
  return { a: a!, b: b!, admin };
}

/**
 * Cuts off the subscriber of the instance whose clients are `name`d, so that it cannot reconnect
 * (no client slot left) while every other connection, its command client among them, keeps
 * working: the gap a Redis restart opens when one instance's subscriber comes back after its
 * command client. `CONFIG SET maxclients 10000` lets it back.
 */
async function cutSubscriber(admin: { sendCommand(args: string[]): Promise<unknown> }, name: string): Promise<void> {
  const lines = String(await admin.sendCommand(['CLIENT', 'LIST'])).trim().split('\n');
  const subscriber = lines.find((line) => line.includes(` name=${name} `) && / sub=[1-9]/.test(line));
  assert.ok(subscriber, `${name}'s subscriber in CLIENT LIST`);
  await admin.sendCommand(['CONFIG', 'SET', 'maxclients', String(lines.length - 1)]);
  await admin.sendCommand(['CLIENT', 'KILL', 'ID', /^id=(\d+)/.exec(subscriber)![1]!]);
  const subscribed = async () => ((await admin.sendCommand(['PUBSUB', 'CHANNELS', 'aik:instance:*'])) as string[]).length;
  await waitFor(async () => (await subscribed()) === 1, `${name}'s subscriber to go`);
}

describe('many instances: calls reach the page wherever it is', () => {
  it('callTool on one instance reaches a page connected to another, and resolves on the caller', async () => {
    const { servers: [a, b] } = await fleet(2);
    const s = fresh('reach');
    const page = kitPage(b!, s);
    const promise = a!.session(s).callTool('request_user_input', { message: 'Name?' }, { callId: `${s}-c` });
    await waitFor(() => page.entry(`${s}-c`), 'the card on the page');
    page.answer(`${s}-c`, { text: 'from b' });
    assert.equal(textOf(await promise), 'from b');
    await waitFor(() => life(page.entry(`${s}-c`)).unacked === false, 'the ack');
    page.close();
  });

  // The test holds the read, and the live copy, until the other copy has reached the page.
  for (const first of ['live', 'read'] as const) {
    it(`a call published while the page's ready read is on its way is in the read too; the page gets one copy (the ${first} one first)`, async (t) => {
      const { servers: [a, b] } = await fleet(2);
      const s = fresh(`crossing-${first}`);
      const id = `${s}-1`;
      const readMayGo = gate();
      const liveMayGo = gate();
      const read = RedisStore.prototype.pendingFrames;
      const held = t.mock.method(RedisStore.prototype, 'pendingFrames', async function (this: RedisStore, session: string) {
        if (session === s) await readMayGo.opened;
        return read.call(this, session);
      });
      const reads = () => held.mock.calls.filter((call) => call.arguments[0] === s);
      const deliver = RedisAgentSession.prototype.deliverFrame;
      const lives: Promise<void>[] = [];
      t.mock.method(RedisAgentSession.prototype, 'deliverFrame', function (this: RedisAgentSession, frame: Record<string, unknown>) {
        if (frame.call_id !== id) return deliver.call(this, frame);
        lives.push(liveMayGo.opened.then(() => deliver.call(this, frame)));
      });
      const page = await rawPage(b!, s);
      await waitFor(() => reads().length === 1, "the read after the page's ready");
      const asking = a!.session(s).callTool('request_user_approval', { message: 'Go?' }, { callId: id });
      if (first === 'live') {
        liveMayGo.open();
        await waitFor(() => page.of('tool_call', id).length === 1, 'the call, live');
        readMayGo.open();
      } else {
        await waitFor(() => lives.length === 1, 'the live copy, held');
        readMayGo.open();
        await waitFor(() => page.of('tool_call', id).length === 1, 'the call, from the read');
        liveMayGo.open();
      }
      await reads()[0]!.result;
      await Promise.all(lives);
      // Whatever was sent goes before the ack on the same socket.
      page.send({ type: 'tool_result', call_id: id, tool: 'request_user_approval', result: approved(id) });
      await waitFor(() => page.of('ack', id).length === 1, 'the ack');
      assert.equal(page.of('tool_call', id).length, 1, 'a second copy of the call');
      assert.equal(statusOf(await asking), 'completed');
      page.close();
    });
  }
});

describe('many instances: reconnecting to another instance', () => {
  it('gets every unanswered call re-sent after ready, with its original deadline', async () => {
    const { servers: [a, b, c], clock } = await fleet(3);
    const s = fresh('move');
    const storage = new MemoryStorage();
    const first = kitPage(a!, s, { storage, clock });
    const one = b!.session(s).callTool('request_user_approval', { message: 'A?', timeout_seconds: 100 }, { callId: `${s}-1` });
    const two = c!.session(s).callTool('request_user_input', { message: 'B?', timeout_seconds: 300 }, { callId: `${s}-2` });
    await waitFor(() => first.entry(`${s}-1`) && first.entry(`${s}-2`), 'both cards');
    const deadlines = [life(first.entry(`${s}-1`)!).deadline, life(first.entry(`${s}-2`)!).deadline];
    first.close();
    clock.advance(40_000);
    const raw = await rawPage(c!, s); // the page's next connection lands on another instance
    // Each call, with its deadline; a frame may also come live from the instance that asked it,
    // before or after the re-sent ones (the kit takes a call id once), so neither order nor count is the claim.
    const resent = () => new Map(raw.of('tool_call').map((f) => [f.call_id, Date.parse(String(f.deadline))]));
    await waitFor(() => resent().size >= 2, 'the re-sent calls');
    assert.deepEqual([...resent()].sort(), [
      [`${s}-1`, deadlines[0]],
      [`${s}-2`, deadlines[1]],
    ]);
    for (const frame of raw.of('tool_call')) assert.equal(Date.parse(String(frame.deadline)), resent().get(String(frame.call_id)), 'every copy keeps the original deadline');
    raw.close();
    const reloaded = kitPage(b!, s, { storage, clock }); // and a reload of the page, on a third
    await waitFor(() => reloaded.entry(`${s}-1`) && reloaded.entry(`${s}-2`), 'the cards after the reload');
    assert.equal(life(reloaded.entry(`${s}-1`)!).deadline, deadlines[0], 'the remaining time carries over');
    reloaded.answer(`${s}-1`, { approve: true }, clock.now());
    reloaded.answer(`${s}-2`, { text: 'later' }, clock.now());
    assert.equal(statusOf(await one), 'completed');
    assert.equal(textOf(await two), 'later');
    reloaded.close();
  });
});

describe('many instances: the first valid result wins', () => {
  it('stores the first result per call id (SET NX), acks every copy, and keeps a result whose caller is gone', async () => {
    const { servers: [a, b, c] } = await fleet(3);
    const s = fresh('first');
    const id = `${s}-c`;
    const args = { message: 'Name?' };
    const onB = await rawPage(b!, s);
    const promise = a!.session(s).callTool('request_user_input', args, { callId: id });
    await waitFor(() => onB.of('tool_call', id).length === 1, 'the call on b');
    const ended = promise.catch((error: unknown) => error);
    await a!.close(); // the caller goes away before anyone answers: its call ends unanswered
    assert.equal(((await ended) as KitError).code, 'unavailable');
    onB.send({ type: 'tool_result', call_id: id, tool: 'request_user_input', result: inputResult(id, args, 'first') });
    await waitFor(() => onB.of('ack', id).length === 1, 'the ack on b');
    onB.close();
    const onC = await rawPage(c!, s);
    onC.send({ type: 'tool_result', call_id: id, tool: 'request_user_input', result: inputResult(id, args, 'second') });
    await waitFor(() => onC.of('ack', id).length === 1, 'the copy is acked too');
    // The result stayed stored: asked again on any instance, it is the first one.
    assert.equal(textOf(await b!.session(s).callTool('request_user_input', args, { callId: id })), 'first');
    assert.equal(textOf(await c!.session(s).callTool('request_user_input', args, { callId: id })), 'first');
    assert.equal(onC.of('tool_call', id).length, 0, 'a resolved call is never sent again');
    onC.close();
  });

  it('a result for another tool than the call is neither stored nor acked', async () => {
    const { servers: [a, b] } = await fleet(2);
    const s = fresh('tool');
    const id = `${s}-c`;
    const onB = await rawPage(b!, s);
    const promise = a!.session(s).callTool('request_user_approval', { message: 'Go?' }, { callId: id });
    await waitFor(() => onB.of('tool_call', id).length === 1, 'the call');
    onB.send({ type: 'tool_result', call_id: id, tool: 'request_user_input', result: inputResult(id, { message: 'Go?' }, 'x') });
    onB.send({ type: 'tool_result', call_id: 'nobody', tool: 'request_user_input', result: inputResult('nobody', { message: 'Go?' }, 'x') });
    await waitFor(() => onB.of('ack', 'nobody').length === 1, 'the unknown id acked');
    assert.equal(onB.of('ack', id).length, 0);
    assert.deepEqual(a!.session(s).pendingIds, [id]);
    onB.close();
    void promise.catch(() => undefined);
  });
});

describe('many instances: re-asking a call by its callId', () => {
  it('after a restart of its caller, an answered call resolves at once with the stored result; nothing is shown again', async () => {
    const { servers: [a, b] } = await fleet(2);
    const s = fresh('resume');
    const id = `${s}-c`;
    const page = kitPage(b!, s);
    const promise = a!.session(s).callTool('request_user_approval', { message: 'Deploy?' }, { callId: id });
    await waitFor(() => page.entry(id), 'the card');
    page.answer(id, { approve: false, note: 'not today' });
    const result = await promise;
    await a!.close();
    const { servers: [restarted] } = await fleet(1); // the agent resumed from its checkpoint
    const shown = page.shown().length;
    assert.deepEqual(await restarted!.session(s).callTool('request_user_approval', { message: 'Deploy?' }, { callId: id }), result);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(page.shown().length, shown, 'nothing shown again');
    assert.deepEqual(restarted!.session(s).pendingIds, []);
    page.close();
  });

  it('an unanswered call keeps its stored original deadline; the new caller\'s timer runs to it; the page keeps its card', async () => {
    const { servers: [a, b], clock } = await fleet(2);
    const s = fresh('keep');
    const id = `${s}-c`;
    const onB = await rawPage(b!, s);
    void a!.session(s).callTool('request_user_approval', { message: 'Deploy?', timeout_seconds: 100 }, { callId: id }).catch(() => undefined);
    await waitFor(() => onB.of('tool_call', id).length === 1, 'the call');
    await a!.close();
    clock.advance(40_000);
    const { servers: [restarted] } = await fleet(1, clock);
    const again = restarted!.session(s).callTool('request_user_approval', { message: 'Deploy?' }, { callId: id, timeoutSeconds: 300 });
    await waitFor(() => restarted!.session(s).pendingIds.length === 1 && clock.pending > 0, 'the timer armed');
    // A call asked after the re-ask, from the same instance, reaches the page after anything the re-ask sent.
    void restarted!.session(s).callTool('request_user_input', { message: 'Next?' }, { callId: `${s}-d` }).catch(() => undefined);
    await waitFor(() => onB.of('tool_call', `${s}-d`).length === 1, 'the next call');
    assert.equal(onB.of('tool_call', id).length, 1, 'the page has the card: not sent again, as on one instance');
    onB.close();
    clock.advance(60_000 + 10_000); // the original deadline + grace, not the re-ask's
    assert.equal(statusOf(await again), 'timeout');
  });

  it("when the calling instance died, the page's own timer answers at the deadline, and the re-ask gets that result", async () => {
    const { servers: [a, b], clock } = await fleet(2);
    const s = fresh('died');
    const id = `${s}-c`;
    const page = kitPage(b!, s, { clock });
    const args = { message: 'Plan?', questions: [{ id: 'q', question: 'Which?', options: ['keep', 'redo'] }], timeout_seconds: 30 };
    void a!.session(s).callTool('request_user_input', args, { callId: id }).catch(() => undefined);
    await waitFor(() => page.entry(id), 'the card');
    await a!.close();
    clock.advance(30_000); // the kit's timer: auto-select, sent to b, stored
    await waitFor(() => life(page.entry(id)).unacked === false, 'the timeout result acked');
    const { servers: [restarted] } = await fleet(1, clock);
    const result = await restarted!.session(s).callTool('request_user_input', args, { callId: id });
    assert.equal(statusOf(result), 'auto_selected');
    assert.deepEqual('answers' in result && result.answers, { q: { selected_options: ['keep'], text: '', raw_value: 'keep' } });
    page.close();
  });
});

describe('many instances: one live connection per session', () => {
  it('a newer connection on one instance closes the older on another with 4000; calls go to the newer', async () => {
    const { servers: [a, b, c] } = await fleet(3);
    const s = fresh('one');
    const older = await rawPage(a!, s);
    const newer = await rawPage(b!, s);
    await waitFor(() => older.closeCode, 'the older closed');
    assert.equal(older.closeCode, 4000);
    const promise = c!.session(s).callTool('request_user_input', { message: 'Here?' }, { callId: `${s}-c` });
    await waitFor(() => newer.of('tool_call').length === 1, 'the call on the newer');
    assert.equal(newer.closeCode, undefined);
    assert.equal(older.of('tool_call').length, 0);
    newer.send({ type: 'tool_result', call_id: `${s}-c`, tool: 'request_user_input', result: inputResult(`${s}-c`, { message: 'Here?' }, 'b') });
    assert.equal(textOf(await promise), 'b');
    newer.close();
  });
});

describe('many instances: cancel and time, as on one instance', () => {
  it('aborting on the calling instance cancels the card on a page connected elsewhere, and it is not re-sent', async () => {
    const { servers: [a, b, c] } = await fleet(3);
    const s = fresh('cancel');
    const id = `${s}-c`;
    const page = kitPage(b!, s);
    const controller = new AbortController();
    const promise = a!.session(s).callTool('request_user_input', { message: 'Name?' }, { callId: id, signal: controller.signal });
    await waitFor(() => page.entry(id), 'the card');
    controller.abort();
    await assert.rejects(promise, (error: Error) => error.name === 'AbortError');
    await waitFor(() => life(page.entry(id)).response?.status === 'cancelled', 'the cancelled receipt');
    page.close();
    const raw = await rawPage(c!, s);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(raw.of('tool_call', id).length, 0);
    raw.close();
  });

  it("at deadline + grace the calling instance resolves itself, tells the kit, and answers a late result with cancel expired", async () => {
    const { servers: [a, b, c], clock } = await fleet(3);
    const s = fresh('grace');
    const id = `${s}-c`;
    const first = await rawPage(b!, s);
    const promise = a!.session(s).callTool('request_user_approval', { message: 'Deploy?', timeout_seconds: 60 }, { callId: id });
    await waitFor(() => first.of('tool_call', id).length === 1, 'the call');
    clock.advance(60_000 + 9_999);
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.deepEqual(a!.session(s).pendingIds, [id], 'still waiting within the grace');
    clock.advance(1);
    assert.equal(statusOf(await promise), 'timeout');
    await waitFor(() => first.of('cancel', id).length === 1, 'cancel on the page');
    assert.equal(first.of('cancel', id)[0]!.reason, 'expired');
    first.close();
    const late = await rawPage(c!, s);
    late.send({ type: 'tool_result', call_id: id, tool: 'request_user_approval', result: { ...(await promise) } });
    await waitFor(() => late.of('cancel', id).length === 1, 'the late answer told it expired');
    assert.equal(late.of('ack', id).length, 0);
    assert.equal(statusOf(await c!.session(s).callTool('request_user_approval', { message: 'Deploy?' }, { callId: id })), 'timeout');
    late.close();
  });

  it("the kit's error for a call reaches its caller on another instance", async () => {
    const { servers: [a, b] } = await fleet(2);
    const s = fresh('error');
    const page = kitPage(b!, s);
    await waitFor(() => page.transport.state === 'open', 'the page connected');
    await assert.rejects(a!.session(s).callTool('request_user_input', { message: 'm', questions: 'q1' }), (error: unknown) => {
      assert.ok(error instanceof KitError);
      assert.equal(error.code, 'invalid_arguments');
      return true;
    });
    page.close();
  });
});

describe('many instances: every key expires', () => {
  it("a call's keys a day after its deadline, the session's owner and pending keys a day after its last activity", async () => {
    const { servers: [a, b] } = await fleet(2);
    const s = fresh('ttl');
    const id = `${s}-c`;
    const client = createClient({ url: redis.url });
    await client.connect();
    const day = 86_400_000;
    const page = kitPage(b!, s);
    const promise = a!.session(s).callTool('request_user_input', { message: 'Name?', timeout_seconds: 600 }, { callId: id });
    await waitFor(() => page.entry(id), 'the card');
    const near = (ttl: number, expected: number) => assert.ok(Math.abs(ttl - expected) < 5_000, `ttl ${ttl} ≈ ${expected}`);
    near(await client.pTTL(`aik:call:${id}`), 600_000 + day);
    near(await client.pTTL(`aik:session:${s}:pending`), 600_000 + day);
    near(await client.pTTL(`aik:session:${s}:owner`), day);
    page.answer(id, { text: 'x' });
    await promise;
    near(await client.pTTL(`aik:result:${id}`), 600_000 + day);
    const keys = await client.keys(`aik:*${s}*`);
    for (const key of keys) assert.ok((await client.pTTL(key)) > 0, `${key} expires`);
    assert.ok(keys.length >= 3);
    await client.close();
    page.close();
  });
});

describe('many instances: when Redis is down', () => {
  it('calls fail fast with KitError unavailable, a result arriving meanwhile is not acked, and all works again once Redis is back', async (t) => {
    const own = await ownRedis(t);
    const servers = await started(2, own.url);
    const [a, b] = servers;
    const s = fresh('down');
    const page = kitPage(b!, s);
    t.after(() => page.close()); // nor a page still reconnecting
    const before = a!.session(s).callTool('request_user_input', { message: 'Name?' }, { callId: `${s}-1` });
    await waitFor(() => page.entry(`${s}-1`), 'the card');
    await own.stop({ kill: true });
    await new Promise((resolve) => setTimeout(resolve, 100)); // the clients see their sockets close
    await assert.rejects(a!.session(s).callTool('request_user_input', { message: 'Now?' }, { callId: `${s}-2` }), (error: unknown) => {
      assert.ok(error instanceof KitError);
      assert.equal(error.code, 'unavailable');
      return true;
    });
    assert.deepEqual(a!.session(s).pendingIds, [`${s}-1`], 'the refused call is not kept');
    page.answer(`${s}-1`, { text: 'while down' });
    await waitFor(() => page.transport.state !== 'open', 'the page told to come back later');
    assert.equal(life(page.entry(`${s}-1`)).unacked, true, 'the answer waits in the outbox, not acked');
    await own.start(); // empty: nothing was persisted
    // The caller asks its pending call again, the page re-sends its answer: it reaches the caller.
    assert.equal(textOf(await before), 'while down');
    await waitFor(() => life(page.entry(`${s}-1`)).unacked === false, 'acked after Redis came back');
    const after = a!.session(s).callTool('request_user_input', { message: 'Again?' }, { callId: `${s}-3` });
    await waitFor(() => page.entry(`${s}-3`), 'a new card');
    page.answer(`${s}-3`, { text: 'back' });
    assert.equal(textOf(await after), 'back');
    page.close();
    await closeAll(servers);
    await own.stop();
  });

  it("a frame published while the page's instance is re-subscribing still reaches the page once its subscriber is back", async (t) => {
    const { a, b, admin } = await gapFleet(t);
    const s = fresh('gap');
    const page = kitPage(b!, s);
    t.after(() => page.close());
    const first = a!.session(s).callTool('request_user_input', { message: 'One?' }, { callId: `${s}-1` });
    await waitFor(() => page.entry(`${s}-1`), 'the card');
    page.answer(`${s}-1`, { text: 'one' });
    assert.equal(textOf(await first), 'one');
    await cutSubscriber(admin, 'fleet-b');
    const second = a!.session(s).callTool('request_user_input', { message: 'Two?' }, { callId: `${s}-2` });
    // The ask is one script: once the id is pending, its frame was published, to nobody.
    await waitFor(async () => (await admin.zScore(`aik:session:${s}:pending`, `${s}-2`)) !== null, 'the call to be asked');
    assert.equal(page.entry(`${s}-2`), undefined);
    await admin.sendCommand(['CONFIG', 'SET', 'maxclients', '10000']);
    await waitFor(() => page.entry(`${s}-2`), 'the card published while the subscriber was away');
    page.answer(`${s}-2`, { text: 'two' });
    assert.equal(textOf(await second), 'two');
    assert.equal(page.shown().filter((id) => id === `${s}-2`).length, 1, 'shown once');
  });

  it("a cancel published while the page's instance is re-subscribing still reaches the page once its subscriber is back", async (t) => {
    const { a, b, admin } = await gapFleet(t);
    const s = fresh('gap-cancel');
    const page = kitPage(b!, s);
    t.after(() => page.close());
    const abort = new AbortController();
    const withdrawn = a!.session(s).callTool('request_user_input', { message: 'Still needed?' }, { callId: `${s}-1`, signal: abort.signal });
    const kept = a!.session(s).callTool('request_user_input', { message: 'And this?' }, { callId: `${s}-2` });
    await waitFor(() => page.entry(`${s}-1`) && page.entry(`${s}-2`), 'the cards');
    await cutSubscriber(admin, 'fleet-b');
    abort.abort();
    await assert.rejects(withdrawn, { name: 'AbortError' });
    // The withdrawal is one script: once the id left the pending set, its cancel was published, to nobody.
    await waitFor(async () => (await admin.zScore(`aik:session:${s}:pending`, `${s}-1`)) === null, 'the call to be withdrawn');
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(life(page.entry(`${s}-1`)).response, undefined, 'still pending on the page while b heard nothing');
    await admin.sendCommand(['CONFIG', 'SET', 'maxclients', '10000']);
    await waitFor(() => life(page.entry(`${s}-1`)).response, 'the withdrawn card was never cancelled');
    assert.equal(life(page.entry(`${s}-1`)!).response!.status, 'cancelled');
    // The call still pending stays as it was, and is answered as usual.
    assert.equal(life(page.entry(`${s}-2`)).response, undefined);
    page.answer(`${s}-2`, { text: 'yes' });
    assert.equal(textOf(await kept), 'yes');
  });

  it("a card an answer link decided while the page's instance was re-subscribing becomes its receipt once the subscriber is back (settled, where: link)", async (t) => {
    const { a, b, admin } = await gapFleet(t, { links: { secret: 'a-fleet-secret-of-at-least-32-bytes-long', baseUrl: 'http://127.0.0.1:8080' } });
    const s = fresh('gap-link');
    const id = `${s}-1`;
    const page = await rawPage(b!, s);
    t.after(() => page.close());
    const done = a!.session(s).callTool('request_user_approval', { message: 'Deploy?' }, { callId: id });
    await waitFor(() => page.of('tool_call', id).length === 1, 'the card');
    await cutSubscriber(admin, 'fleet-b');
    const token = a!.session(s).linkFor(id)!.split('/').at(-1)!;
    const phone = await rawKit(`ws://127.0.0.1:${a!.port}/agent/answer/${token}`);
    t.after(() => phone.drop());
    await waitFor(() => phone.of('tool_call').length === 1, 'the link’s card');
    phone.answer({ call_id: id, tool: 'request_user_approval', result: approved(id) });
    await done;
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(page.of('settled', id).length, 0, 'b heard nothing while its subscriber was away');
    await admin.sendCommand(['CONFIG', 'SET', 'maxclients', '10000']);
    const [settled] = await waitFor(() => page.of('settled', id).length > 0 && page.of('settled', id), 'settled once the subscriber is back');
    assert.deepEqual([settled!.decision, settled!.where], ['approved', 'link']);
    assert.equal(page.of('cancel', id).length, 0, 'answered elsewhere: not cancelled');
  });

  it("the page's own answer given while its instance was re-subscribing is acked, and told neither settled nor cancel once the subscriber is back", async (t) => {
    const { a, b, admin } = await gapFleet(t);
    const s = fresh('gap-own');
    const id = `${s}-1`;
    const page = await rawPage(b!, s);
    t.after(() => page.close());
    const done = a!.session(s).callTool('request_user_input', { message: 'Name?' }, { callId: id });
    await waitFor(() => page.of('tool_call', id).length === 1, 'the card');
    await cutSubscriber(admin, 'fleet-b');
    page.send({ type: 'tool_result', call_id: id, tool: 'request_user_input', result: inputResult(id, { message: 'Name?' }, 'mine') });
    assert.equal(textOf(await done), 'mine');
    await waitFor(() => page.of('ack', id).length === 1, 'the ack');
    await admin.sendCommand(['CONFIG', 'SET', 'maxclients', '10000']);
    await waitFor(async () => ((await admin.sendCommand(['PUBSUB', 'CHANNELS', 'aik:instance:*'])) as string[]).length === 2, "b's subscriber back");
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual([page.of('settled', id).length, page.of('cancel', id).length], [0, 0]);
  });

  it('a page left connected while Redis restarts empty gets the calls asked after it', async (t) => {
    const own = await ownRedis(t);
    const servers = await started(2, own.url);
    const [a, b] = servers;
    const s = fresh('idle');
    const page = kitPage(b!, s);
    t.after(() => page.close());
    await waitFor(() => page.transport.state === 'open', 'the page connected');
    await new Promise((resolve) => setTimeout(resolve, 50)); // its owner key is set
    await own.stop({ kill: true });
    await own.start(); // empty: the session's owner key is gone
    // Asked again until the caller's clients are back (until then it is refused at once).
    let call: Promise<ToolResult> | undefined;
    for (const end = Date.now() + 10_000; !call; await new Promise((resolve) => setTimeout(resolve, 20))) {
      const attempt = a!.session(s).callTool('request_user_input', { message: 'Still there?' }, { callId: `${s}-1` });
      const refused = await Promise.race([
        attempt.then(() => false, (error: unknown) => error instanceof KitError && error.code === 'unavailable'),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 100)),
      ]);
      if (!refused) call = attempt;
      else if (Date.now() > end) throw new Error('Redis did not come back');
    }
    await waitFor(() => page.entry(`${s}-1`), 'the card after the restart');
    assert.equal(page.transport.state, 'open', 'the page stayed connected');
    page.answer(`${s}-1`, { text: 'yes' });
    assert.equal(textOf(await call), 'yes');
  });

  it('createAgentServer rejects with unavailable when Redis cannot be reached at start', async () => {
    const { freePort } = await import('../../scripts/redis-server.js');
    await assert.rejects(instances(1, `redis://127.0.0.1:${await freePort()}`), (error: unknown) => error instanceof KitError && error.code === 'unavailable');
  });
});

describe('many instances: who may connect (§3.7) is decided on every instance', () => {
  it('a page from a foreign origin, or one authorize refuses, gets 403 on any instance and supersedes nothing', async () => {
    const authorize = (request: { url?: string }) => (request.url ?? '').includes('token=good');
    const servers = await started(2, redis.url, undefined, { allowedOrigins: ['http://127.0.0.1:8080'], authorize });
    const [a, b] = servers;
    const s = fresh('admit');
    const refusal = (url: string, origin: string) =>
      new Promise<number | 'opened'>((resolve, reject) => {
        const socket = new WsSocket(url, { origin });
        socket.once('open', () => (socket.close(), resolve('opened')));
        socket.once('unexpected-response', (_request, response) => (socket.terminate(), resolve(response.statusCode ?? 0)));
        socket.once('error', reject);
      });
    const good = new WsSocket(`${sessionUrl(a!, s)}?token=good`, { origin: 'http://127.0.0.1:8080' });
    let goodClosed: number | undefined;
    good.on('close', (code) => (goodClosed = code));
    await new Promise((resolve) => good.once('open', resolve));
    assert.equal(await refusal(`${sessionUrl(b!, s)}?token=good`, 'https://evil.example'), 403);
    assert.equal(await refusal(`${sessionUrl(b!, s)}?token=bad`, 'http://127.0.0.1:8080'), 403);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(goodClosed, undefined, 'the live connection on the other instance is untouched');
    assert.equal(await refusal(`${sessionUrl(b!, s)}?token=good`, 'http://127.0.0.1:8080'), 'opened');
    await waitFor(() => goodClosed, 'superseded by the accepted one');
    assert.equal(goodClosed, 4000);
  });
});
