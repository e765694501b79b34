// Answer links on a fleet sharing a real redis-server (docs/protocol.md#134-many-instances): a link
// minted on one instance is checked, shown and answered through another, from the call's stored
// frame and the fleet's first-result-wins step; every socket of the link, on any instance, hears
// how the call settled (the chat page, an inbox, another link, the runtime), and a link opened
// after shows the receipt. The refusals are the one-process ones.
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { createClient } from 'redis';
import { startRedis } from '../../scripts/redis-server.js';
import type { AuditRecord } from '../../src/agent/audit.js';
import { mintAnswerToken } from '../../src/agent/links/answer-token.js';
import type { AgentServer, AgentServerOptions } from '../../src/agent/ws-server.js';
import { openSocket, verdict } from '../support/upgrade-client.js';
import { clockNow, closeAll, fileRedis, inputResult, instances, textOf, waitFor } from './fleet.js';
import { actorFromQuery, approved, chatUrl, inboxOf, ORIGIN, rawKit, rejected, type RawKit } from './places-clients.js';

const SECRET = 'a-fleet-secret-of-at-least-32-bytes-long';
const redis = fileRedis();
let n = 0;
const fresh = (name: string) => `${name}-${process.pid}-${(n += 1)}`;

async function fleet(count: number, options: AgentServerOptions = {}) {
  const records: AuditRecord[] = [];
  const clock = clockNow();
  const servers = await instances(count, redis.url, clock, {
    authorize: actorFromQuery,
    links: { secret: SECRET, baseUrl: 'http://127.0.0.1:8080' },
    audit: (record) => void records.push(record),
    ...options,
  });
  redis.open.push(...servers);
  return { servers, records, clock };
}

/** Asks an approval on `server` and waits until Redis holds it; its link's token, minted there. */
async function ask(server: AgentServer, session: string, id: string, owner?: string, args: Record<string, unknown> = { message: 'Deploy web-app to production?' }, signal?: AbortSignal) {
  const agent = server.session(session, owner ? { owner } : undefined);
  const done = agent.callTool('request_user_approval', args, { callId: id, signal });
  done.catch(() => undefined); // a call left waiting ends with the server
  await waitFor(async () => (await redis.admin.hGet(`aik:call:${id}`, 'frame')) !== null, `${id} stored`);
  const link = agent.linkFor(id);
  assert.ok(link, 'the call has a link');
  return { done, token: link.split('/').at(-1)! };
}

const pageUrl = (server: AgentServer, token: string, actor?: string) =>
  `http://127.0.0.1:${server.port}/agent/answer/${token}${actor ? `?as=${encodeURIComponent(actor)}` : ''}`;
const socketUrl = (server: AgentServer, token: string, actor?: string) => pageUrl(server, token, actor).replace(/^http/, 'ws');
const auditOf = async (id: string) => ((await redis.admin.xRange('aik:audit', '-', '+')) ?? []).filter((entry) => entry.message.call_id === id).map((entry) => entry.message);

/** A link's socket once its card is shown. */
async function linkPage(server: AgentServer, token: string, actor?: string): Promise<RawKit> {
  const page = await rawKit(socketUrl(server, token, actor));
  await waitFor(() => page.of('tool_call').length === 1, 'the link’s card');
  return page;
}

const settledOf = async (page: RawKit, what: string) => (await waitFor(() => page.of('settled').length > 0 && page.of('settled'), what))[0]!;

describe('answer links on a fleet (docs/protocol.md#134-many-instances)', () => {
  it('minted on A, answered through B: the card from the stored frame, the result stored through the fleet, A’s agent gets it, one record where: link', async () => {
    const { servers: [a, b], records } = await fleet(2);
    const session = fresh('deploy');
    const id = `${session}-call`;
    const { done, token } = await ask(a!, session, id, 'li.lei');
    assert.equal(a!.session(session).pendingIds.includes(id), true);
    assert.equal((await fetch(pageUrl(b!, token, 'li.lei'))).status, 200, 'B serves the page of A’s call');
    const chat = await rawKit(chatUrl(a!, session, 'li.lei'));
    await waitFor(() => chat.of('tool_call', id).length === 1, 'the chat card on A');
    const page = await linkPage(b!, token, 'li.lei');
    assert.deepEqual(page.of('hello'), [{ v: 1, type: 'hello', session_id: session, context: { channel: 'desktop' }, link: true }]);
    const [call] = page.of('tool_call');
    assert.deepEqual([call!.v, call!.call_id, call!.tool, call!.arguments, 'grant' in call!], [1, id, 'request_user_approval', { message: 'Deploy web-app to production?' }, false]);
    const no = rejected(id);
    page.answer({ call_id: id, tool: 'request_user_approval', result: no });
    assert.deepEqual(await done, no, 'A’s callTool resolves with the link’s answer');
    await waitFor(() => page.of('ack', id).length === 1, 'the ack on B');
    const settled = await settledOf(chat, 'settled on A’s chat page');
    assert.deepEqual([settled.where, settled.actor, settled.decision], ['link', 'li.lei', 'rejected']);
    await waitFor(() => records.length > 0, 'the audit record');
    await new Promise((resolve) => setTimeout(resolve, 100)); // a second record, if one were written, would be here by now
    assert.equal(records.length, 1, 'one audit record across the fleet');
    assert.deepEqual([records[0]!.call_id, records[0]!.where, records[0]!.actor, records[0]!.decision, records[0]!.instance], [id, 'link', 'li.lei', 'rejected', b!.instance]);
    assert.equal(page.of('settled').length, 0, 'the place that won is told nothing more');
    assert.equal(page.of('error').length + chat.of('error').length, 0);
  });

  it('the chat page on A loses its connection while the link on B answers, and the runtime times out another call: back on C, its ready’s showing gets settled for both', async () => {
    const { servers: [a, b, c], clock } = await fleet(3, { graceMs: 1000 });
    const session = fresh('away');
    const [id, timedId] = [`${session}-link`, `${session}-timed`];
    const { done, token } = await ask(a!, session, id, 'li.lei');
    const timed = await ask(a!, session, timedId, 'li.lei', { message: 'Restart?', timeout_seconds: 30 });
    const chat = await rawKit(chatUrl(a!, session, 'li.lei'));
    await waitFor(() => chat.of('tool_call', id).length === 1 && chat.of('tool_call', timedId).length === 1, 'the chat cards on A');
    chat.drop();
    await waitFor(async () => (await redis.admin.get(`aik:session:${session}:owner`)) === null, 'A’s connection released');
    const page = await linkPage(b!, token, 'li.lei');
    page.answer({ call_id: id, tool: 'request_user_approval', result: approved(id) });
    await done;
    clock.advance(31_001);
    await timed.done;
    const back = await rawKit(chatUrl(c!, session, 'li.lei'), [id, timedId]);
    await waitFor(() => back.of('settled').length === 2, 'told how both cards settled');
    const told = Object.fromEntries(back.of('settled').map((f) => [f.call_id, [f.session_id, f.decision, f.where, f.actor]]));
    assert.deepEqual(told, { [id]: [session, 'approved', 'link', 'li.lei'], [timedId]: [session, 'timeout', 'runtime', null] });
    assert.equal(back.of('tool_call').length + back.of('error').length, 0, 'nothing pending is sent again, and no error');
  });

  it('settled elsewhere (the chat page on A): the link’s sockets on A and B hear it; a link opened after on B shows the card and the receipt', async () => {
    const { servers: [a, b] } = await fleet(2);
    const session = fresh('late');
    const id = `${session}-call`;
    const { done, token } = await ask(a!, session, id);
    const [onA, onB] = [await linkPage(a!, token), await linkPage(b!, token)];
    const chat = await rawKit(chatUrl(a!, session, 'han.meimei'));
    await waitFor(() => chat.of('tool_call', id).length === 1, 'the chat card');
    chat.answer({ call_id: id, tool: 'request_user_approval', result: approved(id) });
    await done;
    for (const page of [onA, onB]) {
      const settled = await settledOf(page, 'settled on a link');
      assert.deepEqual([settled.call_id, settled.session_id, settled.decision, settled.where, settled.actor, typeof settled.at], [id, session, 'approved', 'chat', 'han.meimei', 'string']);
    }
    const later = await rawKit(socketUrl(b!, token));
    await waitFor(() => later.of('settled').length === 1, 'the receipt');
    assert.deepEqual(later.frames.map((f) => f.type), ['hello', 'tool_call', 'settled'], 'the card, then settled right after it');
    assert.equal(later.of('settled')[0]!.actor, 'han.meimei');
    later.answer({ call_id: id, tool: 'request_user_approval', result: rejected(id) });
    await waitFor(() => later.of('ack', id).length === 1 && later.of('settled').length === 2, 'a late answer: ack and settled, never an error');
    assert.equal(later.of('error').length, 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const page of [onA, onB]) assert.equal(page.of('settled').length, 1, 'each socket is told once');
    assert.equal((await auditOf(id)).length, 0, 'audit by function here: nothing in the stream');
  });

  it('settled by an inbox on B: the link’s socket on A hears where: inbox and who', async () => {
    const { servers: [a, b] } = await fleet(2, { inbox: {} });
    const session = fresh('inbox');
    const id = `${session}-call`;
    a!.session(session, { owner: 'li.lei' });
    await waitFor(async () => (await redis.admin.hGet(`aik:session:${session}:about`, 'owner')) === 'li.lei', 'the owner in Redis');
    const { done, token } = await ask(a!, session, id);
    const page = await linkPage(a!, token, 'li.lei');
    const inbox = await inboxOf(b!, 'li.lei');
    assert.deepEqual(inbox.listed(), [id]);
    inbox.answer({ call_id: id, session_id: session, tool: 'request_user_approval', result: approved(id) });
    await done;
    const settled = await settledOf(page, 'settled on the link');
    assert.deepEqual([settled.where, settled.actor, settled.decision], ['inbox', 'li.lei', 'approved']);
  });

  it('two phones, on A and on B, answering one link at once: one result wins, one record in Redis, both end on the same decision', async () => {
    const { servers: [a, b, c] } = await fleet(3, { audit: 'redis' });
    const session = fresh('race');
    const id = `${session}-call`;
    const { done, token } = await ask(c!, session, id);
    const [first, second] = await Promise.all([linkPage(a!, token, 'a'), linkPage(b!, token, 'b')]);
    const [yes, no] = [approved(id), rejected(id)];
    first.answer({ call_id: id, tool: 'request_user_approval', result: yes });
    second.answer({ call_id: id, tool: 'request_user_approval', result: no });
    const decided = await done;
    await waitFor(() => first.of('ack', id).length === 1 && second.of('ack', id).length === 1, 'both acked');
    const audit = await waitFor(async () => { const found = await auditOf(id); return found.length > 0 && found; }, 'the record');
    assert.equal(audit.length, 1, 'one audit record');
    const winnerActor = audit[0]!.actor;
    assert.deepEqual([audit[0]!.where, decided], ['link', winnerActor === 'a' ? yes : no], 'C’s agent gets the winner’s answer');
    const [winner, loser] = winnerActor === 'a' ? [first, second] : [second, first];
    const settled = await settledOf(loser, 'the loser hears who won');
    assert.deepEqual([settled.where, settled.actor, settled.decision], ['link', winnerActor, audit[0]!.decision]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(winner.of('settled').length, 0, 'the winner’s ack says enough');
    assert.equal(loser.of('settled').length, 1, 'the loser told once, though its ack and the channel both say it');
    assert.equal(first.of('error').length + second.of('error').length, 0);
  });

  it('the runtime’s timeout and a withdrawal reach the link’s socket on B as settled; past the deadline the link is 410 on B', async () => {
    const { servers: [a, b], clock } = await fleet(2, { graceMs: 1000 });
    const session = fresh('time');
    const timed = await ask(a!, session, `${session}-timed`, undefined, { message: 'Deploy?', timeout_seconds: 30 });
    const abort = new AbortController();
    const withdrawn = await ask(a!, session, `${session}-withdrawn`, undefined, { message: 'Restart?', timeout_seconds: 600 }, abort.signal);
    const [timedPage, withdrawnPage] = [await linkPage(b!, timed.token), await linkPage(b!, withdrawn.token)];
    abort.abort();
    const cancelled = await settledOf(withdrawnPage, 'the withdrawal');
    assert.deepEqual([cancelled.decision, cancelled.where, cancelled.actor], ['cancelled', 'runtime', null]);
    clock.advance(31_001);
    await timed.done;
    const timeout = await settledOf(timedPage, 'the timeout');
    assert.deepEqual([timeout.decision, timeout.where, timeout.actor], ['timeout', 'runtime', null]);
    assert.equal((await fetch(pageUrl(b!, timed.token))).status, 410);
    assert.equal(verdict(await openSocket(socketUrl(b!, timed.token), { origin: ORIGIN })), 'HTTP 410');
  });

  it('refusals on B as on one instance: tampered (404), another session’s or other arguments’ token for the stored call (404), expired (410), an audience without its actor (403), a foreign origin (403)', async () => {
    const { servers: [a, b] } = await fleet(2);
    const session = fresh('gate');
    const id = `${session}-call`;
    const { token } = await ask(a!, session, id, 'li.lei');
    const deadline = new Date(Date.now() + 60_000);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherArgs = mintAnswerToken({ secret: SECRET, callId: id, sessionId: session, arguments: { message: 'Drop the database?' }, deadline, aud: 'li.lei' });
    const otherSession = mintAnswerToken({ secret: SECRET, callId: id, sessionId: `${session}-x`, arguments: { message: 'Deploy web-app to production?' }, deadline, aud: 'li.lei' });
    const expired = mintAnswerToken({ secret: SECRET, callId: id, sessionId: session, arguments: { message: 'Deploy web-app to production?' }, deadline: new Date(Date.now() - 1000), aud: 'li.lei' });
    for (const [bad, status] of [[tampered, 404], [otherArgs, 404], [otherSession, 404], [expired, 410]] as const) {
      const response = await fetch(pageUrl(b!, bad, 'li.lei'));
      assert.equal(response.status, status, `the page: ${status}`);
      const body = await response.text();
      assert.ok(!body.includes(id) && !body.includes('Deploy'), 'a refusal tells nothing of the call');
      assert.equal(verdict(await openSocket(socketUrl(b!, bad, 'li.lei'), { origin: ORIGIN })), `HTTP ${status}`, `the socket: ${status}`);
    }
    assert.equal((await fetch(pageUrl(b!, token, 'han.meimei'))).status, 403);
    assert.equal(verdict(await openSocket(socketUrl(b!, token), { origin: ORIGIN })), 'HTTP 403');
    assert.equal(verdict(await openSocket(socketUrl(b!, token, 'li.lei'), { origin: 'https://evil.example' })), 'HTTP 403');
    assert.equal(verdict(await openSocket(socketUrl(b!, token, 'li.lei'), { origin: ORIGIN })), 'opened');
  });

  it('while Redis is unreachable a link is refused with 503 (the page and the socket); once it is back, the call asked again is answered through it', async (t: TestContext) => {
    const own = await startRedis();
    const servers = await instances(2, own.url, clockNow(), { authorize: actorFromQuery, links: { secret: SECRET, baseUrl: 'http://127.0.0.1:8080' } });
    // The servers close while their Redis still runs, then it stops: a client left reconnecting would keep the file from exiting.
    t.after(async () => {
      await closeAll(servers);
      await own.stop();
    });
    const [a, b] = servers;
    const session = fresh('down');
    const id = `${session}-call`;
    const done = a!.session(session).callTool('request_user_input', { message: 'Name?' }, { callId: id });
    done.catch(() => undefined); // awaited below; a failure here ends with the server
    const admin = createClient({ url: own.url });
    admin.on('error', () => undefined); // its Redis stops under it
    await admin.connect();
    await waitFor(async () => (await admin.hGet(`aik:call:${id}`, 'frame')) !== null, 'the call stored');
    admin.destroy();
    const token = a!.session(session).linkFor(id)!.split('/').at(-1)!;
    await own.stop({ kill: true });
    await new Promise((resolve) => setTimeout(resolve, 100)); // the clients see their sockets close
    assert.equal((await fetch(pageUrl(b!, token))).status, 503);
    assert.equal(verdict(await openSocket(socketUrl(b!, token), { origin: ORIGIN })), 'HTTP 503');
    await own.start(); // empty: the caller asks its pending call again
    const page = await waitFor(async () => {
      const opened = await rawKit(socketUrl(b!, token)).catch(() => undefined); // 503 until both clients are back
      if (!opened) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (opened.of('tool_call').length === 1) return opened;
      opened.drop();
      return undefined;
    }, 'the card again', 10_000);
    page.answer({ call_id: id, tool: 'request_user_input', result: inputResult(id, { message: 'Name?' }, 'after the gap') });
    assert.equal(textOf(await done), 'after the gap');
  });
});
