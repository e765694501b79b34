// The inbox endpoint in one process (docs/protocol.md §12.2), over real WebSockets: who may open
// it, what each person sees (their own sessions, a team through inboxFor, never another's), the
// exchange (`hello {inbox}`, the snapshot, `inbox_add`, `inbox_remove`) and answers from it.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import type { AuditRecord } from '../../src/agent/audit.js';
import { createAgentServer, type AgentServer, type AgentServerOptions } from '../../src/agent/ws-server.js';
import { FakeClock } from '../support/fake-clock.js';
import { openSocket, verdict } from '../support/upgrade-client.js';
import { waitFor } from './fleet.js';
import { actorFromQuery, approved, inboxOf, inboxUrl, ORIGIN, rawKit, type Frame } from './places-clients.js';

const open: AgentServer[] = [];
const servers: Server[] = [];
after(async () => {
  await Promise.all(open.map((s) => s.close()));
  for (const server of servers) server.close();
});

async function serve(options: AgentServerOptions = {}) {
  const records: AuditRecord[] = [];
  const server = await createAgentServer({ log: () => undefined, authorize: actorFromQuery, inbox: {}, audit: (r) => void records.push(r), ...options });
  open.push(server);
  return { server, records };
}

const ask = (server: AgentServer, session: string, id: string, message = 'Deploy?') =>
  server.session(session).callTool('request_user_approval', { message }, { callId: id });

describe('the inbox endpoint: who may open it', () => {
  it('only with an actor: authorize naming none, refusing, or absent is a 403; a foreign origin too', async () => {
    const { server } = await serve();
    assert.equal(verdict(await openSocket(inboxUrl(server), { origin: ORIGIN })), 'HTTP 403', 'authorize accepted, but named no actor');
    assert.equal(verdict(await openSocket(inboxUrl(server, 'alice'), { origin: 'https://evil.example' })), 'HTTP 403', 'an origin not allowed');
    assert.equal(verdict(await openSocket(inboxUrl(server, 'alice'), { origin: ORIGIN })), 'opened');
    const refusing = (await serve({ authorize: () => false })).server;
    assert.equal(verdict(await openSocket(inboxUrl(refusing, 'alice'), { origin: ORIGIN })), 'HTTP 403');
    const without = (await serve({ authorize: undefined })).server;
    assert.equal(verdict(await openSocket(inboxUrl(without, 'alice'), { origin: ORIGIN })), 'HTTP 403', 'no authorize: nobody is named');
  });

  it('answers connect with hello {inbox: true, actor} and no session, then the snapshot after ready', async () => {
    const { server } = await serve();
    const inbox = await inboxOf(server, 'alice');
    const [hello] = inbox.of('hello');
    assert.deepEqual(hello, { v: 1, type: 'hello', inbox: true, actor: 'alice' });
    assert.deepEqual(inbox.of('inbox'), [{ v: 1, type: 'inbox', calls: [] }]);
  });

  it('its own path (inbox.path), and inside an existing server or through handleUpgrade as the sessions are', async () => {
    const http = createServer();
    servers.push(http);
    http.listen(0, '127.0.0.1');
    await once(http, 'listening');
    const port = (http.address() as AddressInfo).port;
    await serve({ server: http, inbox: { path: '/people/inbox' } });
    assert.equal(verdict(await openSocket(`ws://127.0.0.1:${port}/people/inbox?as=alice`, { origin: ORIGIN })), 'opened');
    const manual = await createAgentServer({ noServer: true, log: () => undefined, authorize: actorFromQuery, inbox: {} });
    open.push(manual);
    const routed = createServer();
    servers.push(routed);
    routed.on('upgrade', (request, socket, head) => manual.handleUpgrade(request, socket, head));
    routed.listen(0, '127.0.0.1');
    await once(routed, 'listening');
    const url = `ws://127.0.0.1:${(routed.address() as AddressInfo).port}/agent/inbox?as=bob`;
    assert.equal(verdict(await openSocket(url, { origin: ORIGIN })), 'opened');
    assert.equal(verdict(await openSocket(`ws://127.0.0.1:${(routed.address() as AddressInfo).port}/agent/inbox`, { origin: ORIGIN })), 'HTTP 403');
  });

  it('its options are checked', async () => {
    await assert.rejects(createAgentServer({ inbox: 'yes' as never }), /inbox must be an object/);
    await assert.rejects(createAgentServer({ inbox: { path: 'inbox' } }), /inbox.path must be a URL path/);
    await assert.rejects(createAgentServer({ inbox: { path: '/agent/sessions' } }), /must differ from the sessions' path/);
    await assert.rejects(createAgentServer({ inbox: { inboxFor: 'team' as never } }), /inboxFor must be a function/);
    await assert.rejects(createAgentServer({ inbox: {}, redis: 'redis://127.0.0.1:1' }), /redis is unreachable/, 'the inbox is served on a fleet too: only the unreachable Redis fails the start');
  });
});

describe('what each person sees', () => {
  it('two actors never see each other’s calls: snapshot, inbox_add and inbox_remove', async () => {
    const { server, records } = await serve();
    server.session('sa', { owner: 'alice', title: 'Alice’s agent' });
    server.session('sb', { owner: 'bob' });
    const before = ask(server, 'sa', 'a-1');
    const alice = await inboxOf(server, 'alice');
    const bob = await inboxOf(server, 'bob');
    assert.deepEqual(alice.listed(), ['a-1']);
    assert.deepEqual(bob.listed(), []);
    const call = (alice.of('inbox')[0]!.calls as Frame[])[0]!;
    assert.deepEqual(
      [call.call_id, call.tool, call.session_id, call.session_title, typeof call.asked_at, typeof call.deadline, call.type],
      ['a-1', 'request_user_approval', 'sa', 'Alice’s agent', 'string', 'string', undefined],
    );
    const b1 = ask(server, 'sb', 'b-1');
    await waitFor(() => bob.of('inbox_add', undefined).length === 1, 'bob’s call added');
    assert.equal((bob.of('inbox_add')[0]!.call as Frame).call_id, 'b-1');
    assert.equal((bob.of('inbox_add')[0]!.call as Frame).session_title, null);
    // Bob answers a call of Alice's session: refused, nothing stored, nothing settled.
    bob.answer({ call_id: 'a-1', session_id: 'sa', tool: 'request_user_approval', result: approved('a-1') });
    await waitFor(() => bob.of('error', 'a-1').length === 1, 'the refusal');
    assert.equal(bob.of('error', 'a-1')[0]!.code, 'forbidden');
    assert.deepEqual(server.session('sa').pendingIds, ['a-1'], 'still waiting');
    assert.equal(bob.of('ack', 'a-1').length, 0);
    bob.answer({ call_id: 'b-1', session_id: 'sb', tool: 'request_user_approval', result: approved('b-1') });
    await b1;
    alice.answer({ call_id: 'a-1', session_id: 'sa', tool: 'request_user_approval', result: approved('a-1') });
    await before;
    await waitFor(() => records.length === 2, 'two records');
    assert.deepEqual(records.map((r) => [r.call_id, r.actor, r.where]).sort(), [['a-1', 'alice', 'inbox'], ['b-1', 'bob', 'inbox']]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const about = (kit: typeof alice) => kit.frames.flatMap((f) => [f.call_id, f.id, (f.call as Frame | undefined)?.call_id, ...((f.calls as Frame[] | undefined) ?? []).map((c) => c.call_id)]).filter(Boolean);
    assert.ok(!about(alice).includes('b-1'), 'nothing of Bob’s session ever reached Alice');
    assert.deepEqual(about(bob).filter((id) => id === 'a-1'), ['a-1'], 'Bob heard of a-1 only in the error refusing his answer');
    assert.deepEqual(alice.of('inbox_remove'), [], 'Alice answered a-1 herself, on her only inbox: no removal for it');
  });

  it('a team through inboxFor: another owner’s sessions, or single sessions; a session without an owner in none', async () => {
    const teams: Record<string, { owners?: string[]; sessions?: string[] }> = { carol: { owners: ['alice'] }, dave: { sessions: ['s2', 'orphan'] } };
    const { server } = await serve({ inbox: { inboxFor: async (actor) => teams[actor] } });
    server.session('s1', { owner: 'alice' });
    server.session('s2', { owner: 'alice' });
    const asked = [ask(server, 's1', 'c-1'), ask(server, 's2', 'c-2'), ask(server, 'orphan', 'c-3')];
    const carol = await inboxOf(server, 'carol');
    const dave = await inboxOf(server, 'dave');
    const alice = await inboxOf(server, 'alice');
    assert.deepEqual(carol.listed().sort(), ['c-1', 'c-2']);
    assert.deepEqual(dave.listed(), ['c-2'], 'a session without an owner appears in no inbox, even when named');
    assert.deepEqual(alice.listed().sort(), ['c-1', 'c-2']);
    // Ownership given later: the session becomes visible, and every inbox gets its list afresh.
    server.session('orphan', { owner: 'alice', title: 'Found' });
    await waitFor(() => dave.listed().includes('c-3'), 'dave sees it now');
    assert.deepEqual(dave.listed().sort(), ['c-2', 'c-3']);
    await waitFor(() => alice.listed().length === 3, 'alice too');
    for (const session of ['s1', 's2', 'orphan']) server.session(session).close();
    for (const call of asked) await assert.rejects(call, { code: 'unavailable' });
    await waitFor(() => carol.of('inbox_remove').length === 3, 'closing ended them');
    assert.deepEqual(new Set(carol.of('inbox_remove').map((f) => `${f.decision} ${f.where}`)), new Set(['cancelled runtime']));
  });

  it('authorize is told it is an inbox; inboxFor failing widens nothing, and is logged', async () => {
    const seen: unknown[] = [];
    const logged: string[] = [];
    const { server } = await serve({
      log: (line) => logged.push(line),
      authorize: (request, context) => {
        seen.push(context);
        return actorFromQuery(request);
      },
      inbox: { inboxFor: () => Promise.reject(new Error('the directory is down')) },
    });
    server.session('own', { owner: 'ivy' });
    server.session('team', { owner: 'jack' });
    const asked = [ask(server, 'own', 'i-1'), ask(server, 'team', 'i-2')];
    const ivy = await inboxOf(server, 'ivy');
    assert.deepEqual(seen, [{ sessionId: undefined, inbox: true }]);
    assert.deepEqual(ivy.listed(), ['i-1'], 'her own sessions only');
    assert.equal(logged.filter((line) => /inboxFor failed for ivy/.test(line)).length, 1);
    for (const session of ['own', 'team']) server.session(session).close();
    await Promise.allSettled(asked);
  });

  it('an answer from the inbox may allow the call for the session: the grant is held, and the chat page gets the grants list', async () => {
    const { server } = await serve();
    const chat = await rawKit(`ws://127.0.0.1:${server.port}/agent/sessions/kate-s?as=kate`);
    chat.send({ type: 'ready', kit_version: '0.1.0', capabilities: { tools: [], grants: true }, resume: [] });
    const kate = await inboxOf(server, 'kate');
    const grant = { key: 'ls', label: 'ls …' };
    const args = { message: 'ls?', severity: 'low' };
    const first = server.session('kate-s').callTool('request_user_approval', args, { callId: 'k-1', grant });
    await waitFor(() => kate.of('inbox_add').length === 1, 'listed');
    assert.deepEqual((kate.of('inbox_add')[0]!.call as Frame).grant, grant, 'the inbox sees what the grant would allow');
    kate.answer({ call_id: 'k-1', session_id: 'kate-s', tool: 'request_user_approval', result: approved('k-1'), grant: 'session' });
    await first;
    assert.deepEqual((await server.session('kate-s').grants()).map((g) => g.key), ['ls']);
    await waitFor(() => chat.of('grants').length > 0, 'the chat page’s list');
    await server.session('kate-s').callTool('request_user_approval', args, { callId: 'k-2', grant });
    assert.deepEqual(kate.of('inbox_add').length, 1, 'the granted call never listed');
  });

  it('a session belongs to the actor of the chat page that opened it; a call a grant answers is never listed', async () => {
    const { server } = await serve();
    const chat = await rawKit(`ws://127.0.0.1:${server.port}/agent/sessions/mine?as=erin`);
    assert.equal(server.session('mine').owner, 'erin');
    const later = await rawKit(`ws://127.0.0.1:${server.port}/agent/sessions/mine?as=frank`);
    assert.equal(server.session('mine').owner, 'erin', 'the first page’s actor keeps it');
    const erin = await inboxOf(server, 'erin');
    const grant = { key: 'ls', label: 'ls' };
    const first = server.session('mine').callTool('request_user_approval', { message: 'ls?', severity: 'low' }, { callId: 'g-1', grant });
    await waitFor(() => erin.of('inbox_add').length === 1, 'listed');
    later.answer({ call_id: 'g-1', tool: 'request_user_approval', result: approved('g-1'), grant: 'session' });
    await first;
    await server.session('mine').callTool('request_user_approval', { message: 'ls?', severity: 'low' }, { callId: 'g-2', grant });
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(erin.of('inbox_add').map((f) => (f.call as Frame).call_id), ['g-1'], 'g-2 was granted: never listed');
    assert.deepEqual(erin.of('inbox_remove').map((f) => [f.call_id, f.where, f.actor]), [['g-1', 'chat', 'frank']]);
    assert.equal(chat.of('tool_call').length, 0, 'the superseded page got nothing more');
  });

  it('the runtime’s own timeout and an abort leave the inbox as inbox_remove (where: runtime)', async () => {
    const clock = new FakeClock(Date.now());
    const { server } = await serve({ clock });
    server.session('t', { owner: 'gina' });
    const gina = await inboxOf(server, 'gina');
    const timed = server.session('t').callTool('request_user_approval', { message: 'Go?', timeout_seconds: 30 }, { callId: 't-1' });
    const controller = new AbortController();
    const aborted = server.session('t').callTool('request_user_approval', { message: 'Go?' }, { callId: 't-2', signal: controller.signal });
    await waitFor(() => gina.of('inbox_add').length === 2, 'both listed');
    controller.abort();
    await assert.rejects(aborted, { name: 'AbortError' });
    clock.advance(41_000);
    await timed;
    await waitFor(() => gina.of('inbox_remove').length === 2, 'both removed');
    assert.deepEqual(
      gina.of('inbox_remove').map((f) => [f.call_id, f.session_id, f.decision, f.where, f.actor]),
      [['t-2', 't', 'cancelled', 'runtime', null], ['t-1', 't', 'timeout', 'runtime', null]],
    );
  });
});
