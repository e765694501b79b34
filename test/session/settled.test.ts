// `settled` in the kit's session (docs/protocol.md §12.1): a call decided in another place becomes
// a receipt of where, who and when, its result leaves the outbox, and nothing more is sent for it.
// First against the real runtime over real WebSockets (an inbox wins while the chat page waits),
// then the cases a runtime produces in a race or a fault, sent as the runtime would send them.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { WebSocket as NodeWebSocket } from 'ws';
import type { AuditRecord } from '../../src/agent/audit.js';
import { createAgentServer, type AgentServer } from '../../src/agent/ws-server.js';
import { answerApproval } from '../../src/rules/responses.js';
import { InteractionSession } from '../../src/session/session.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { WebSocketTransport } from '../../src/transport/websocket-transport.js';
import { actorFromQuery, approved, inboxOf, ORIGIN } from '../agent/places-clients.js';
import { waitFor } from '../agent/fleet.js';
import { requestEntry } from '../support/entries.js';
import { flush, harness, type Harness } from './harness.js';

const open: AgentServer[] = [];
const pages: InteractionSession[] = [];
after(async () => {
  for (const page of pages) page.stop();
  await Promise.all(open.map((s) => s.close()));
});

/** The WebSocket a browser page opens: from the page's origin. */
class PageSocket extends NodeWebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols, { origin: ORIGIN });
  }
}

const entryOf = (kit: InteractionSession, id: string) => requestEntry(kit.list().find((e) => e.id === id));
const settled = (entry: ReturnType<typeof entryOf>) => (entry.phase === 'settled' ? entry : assert.fail(`settled, not ${entry.phase}`));

describe('settled from the real runtime: an inbox answers first', () => {
  it('the chat page shows where, who and when, the agent has the inbox’s answer, and the page sends nothing for it', async () => {
    const records: AuditRecord[] = [];
    const server = await createAgentServer({ log: () => undefined, authorize: actorFromQuery, inbox: {}, audit: (r) => void records.push(r) });
    open.push(server);
    const storage = new MemoryStorage();
    const url = `ws://127.0.0.1:${server.port}/agent/sessions/s-1?as=alice`;
    const kit = new InteractionSession({ transport: new WebSocketTransport(url, { WebSocket: PageSocket as unknown as typeof WebSocket }), storage });
    pages.push(kit);
    const sent: unknown[] = [];
    kit.subscribe((event) => event.type === 'result' && sent.push(event.message));
    kit.start();
    await waitFor(() => server.session('s-1').owner === 'alice', 'the chat page owns the session');
    const asked = server.session('s-1').callTool('request_user_approval', { message: 'Deploy?', severity: 'high' }, { callId: 'c-1' });
    await waitFor(() => kit.list().length === 1, 'the card on the chat page');

    const inbox = await inboxOf(server, 'alice');
    inbox.answer({ type: 'tool_result', call_id: 'c-1', tool: 'request_user_approval', result: approved('c-1'), session_id: 's-1' });
    assert.equal((await asked).interaction_response.approved, true, "the agent has the inbox's answer");
    await waitFor(() => entryOf(kit, 'c-1').phase === 'settled', 'the chat card settles');

    const entry = settled(entryOf(kit, 'c-1'));
    assert.deepEqual(entry.elsewhere, { where: 'inbox', actor: 'alice' });
    assert.equal(entry.response.status, 'completed');
    assert.equal(entry.response.approved, true);
    assert.equal(entry.response.resolved_at, records[0]!.decided_at, 'the receipt’s time is when the inbox decided');
    assert.equal(entry.late, false);
    assert.equal(kit.answer('c-1', answerApproval(entry.request, false, '', new Date().toISOString())), false, 'the settled card takes no answer');
    assert.deepEqual(sent, [], 'the chat page sent no result for it');
    assert.deepEqual(records.map((r) => [r.decision, r.where, r.actor]), [['approved', 'inbox', 'alice']], 'one audit record, from the inbox');
  });
});

describe('settled as the runtime sends it in a race or a fault', () => {
  const settledFrame = (id: string, fields: Record<string, unknown> = {}) => ({ v: 1, type: 'settled', call_id: id, decision: 'rejected', where: 'link', actor: 'li.lei', at: '2026-12-06T14:02:00.000Z', session_id: 's-1', ...fields });
  const ask = async (h: Harness, id: string, args: Record<string, unknown> = { message: 'Deploy?' }) => {
    h.runtimeEnd.send({ v: 1, type: 'tool_call', call_id: id, tool: 'request_user_approval', arguments: args });
    await flush();
  };

  it('an answer the page sent that lost: its ack and settled drop it from the outbox; a reload sends nothing again', async () => {
    const h = await harness();
    await ask(h, 'lost');
    const entry = entryOf(h.kit, 'lost');
    assert.equal(h.kit.answer('lost', answerApproval(entry.request, true, '', new Date(h.clock.now()).toISOString())), true);
    await flush();
    assert.equal(h.sent.filter((m) => m.type === 'tool_result').length, 1);
    h.runtimeEnd.send({ v: 1, type: 'ack', id: 'lost' });
    h.runtimeEnd.send(settledFrame('lost'));
    await flush();
    const shown = settled(entryOf(h.kit, 'lost'));
    assert.deepEqual(shown.elsewhere, { where: 'link', actor: 'li.lei' }, 'the receipt names who won, not the page’s own answer');
    assert.equal(shown.response.approved, false);
    assert.equal(shown.response.resolved_at, '2026-12-06T14:02:00.000Z');
    h.sent.length = 0;
    await h.reload();
    assert.deepEqual(h.sent.filter((m) => m.type === 'tool_result'), [], 'nothing re-sent after a reload');
    assert.deepEqual((h.sent.find((m) => m.type === 'ready') as { resume: string[] }).resume, []);
  });

  it('an answer still unacked when settled arrives leaves the outbox too', async () => {
    const h = await harness();
    await ask(h, 'unacked');
    h.kit.answer('unacked', answerApproval(entryOf(h.kit, 'unacked').request, true, '', new Date(h.clock.now()).toISOString()));
    h.runtimeEnd.send(settledFrame('unacked', { decision: 'approved', where: 'inbox' }));
    await flush();
    assert.equal(settled(entryOf(h.kit, 'unacked')).elsewhere?.where, 'inbox');
    h.sent.length = 0;
    await h.reload();
    assert.deepEqual(h.sent.filter((m) => m.type === 'tool_result'), []);
  });

  it('a pending card with a deadline: its timer stops, so the page never sends a timeout of its own', async () => {
    const h = await harness();
    await ask(h, 'timed', { message: 'Deploy?', timeout_seconds: 60 });
    h.runtimeEnd.send(settledFrame('timed', { decision: 'approved', where: 'inbox', actor: null }));
    await flush();
    h.clock.advance(120_000);
    await flush();
    assert.deepEqual(h.sent.filter((m) => m.type === 'tool_result'), []);
    assert.deepEqual(settled(entryOf(h.kit, 'timed')).elsewhere, { where: 'inbox', actor: null });
  });

  it('each decision reads as its receipt: timeout and cancel as such, an answer as answered', async () => {
    const h = await harness();
    const cases = [['timeout', 'timeout'], ['cancelled', 'cancelled'], ['auto_selected', 'auto_selected'], ['answered', 'completed'], ['granted', 'completed']] as const;
    for (const [decision] of cases) {
      await ask(h, decision);
      h.runtimeEnd.send(settledFrame(decision, { decision, where: 'runtime', actor: null }));
    }
    await flush();
    for (const [decision, status] of cases) assert.equal(settled(entryOf(h.kit, decision)).response.status, status, decision);
  });

  it('settled for a call the page does not show, or for files, changes nothing and sends nothing', async () => {
    const h = await harness();
    h.runtimeEnd.send({ v: 1, type: 'tool_call', call_id: 'files', tool: 'publish_artifacts', arguments: { artifacts: [{ path: '/tmp/a.txt' }] } });
    await flush();
    const before = h.kit.list();
    h.sent.length = 0;
    h.runtimeEnd.send(settledFrame('nobody'));
    h.runtimeEnd.send(settledFrame('files'));
    await flush();
    assert.deepEqual(h.kit.list(), before);
    assert.deepEqual(h.sent, []);
  });

  it('a malformed settled is refused naming its field, and the card stays as it was', async () => {
    const h = await harness();
    await ask(h, 'kept');
    h.sent.length = 0;
    h.runtimeEnd.send(settledFrame('kept', { where: 'the moon' }));
    await flush();
    const [error] = h.sent as { type: string; code: string; message: string }[];
    assert.equal(error?.type, 'error');
    assert.equal(error.code, 'invalid_message');
    assert.match(error.message, /where/);
    assert.equal(entryOf(h.kit, 'kept').phase, 'pending');
  });
});
