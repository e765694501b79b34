// `notify` in one process: once per call that waits for a person, with its link, after
// `notifyAfter` seconds in which the chat page could answer; never for a granted call or for
// publish_artifacts; a failing `notify` is logged once and tried again (1 s, then 4 s) while the
// call goes on waiting and is answered from the chat page. The clock is injected: nothing waits.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { AgentConnection } from '../../../src/agent/call.js';
import type { NotifyInput } from '../../../src/agent/links/notify.js';
import { createAgentServer, type AgentServer, type AgentServerOptions } from '../../../src/agent/ws-server.js';
import { FakeClock } from '../../support/fake-clock.js';
import { approved } from '../places-clients.js';

const SECRET = 's'.repeat(40);
const LINKS = { secret: SECRET, baseUrl: 'https://agents.example.com' };
const open: AgentServer[] = [];
after(() => Promise.all(open.map((s) => s.close())));

/** Lets the promises of a try settle (a rejected notify, its logging) before the clock moves on. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

async function serve(notify: (input: NotifyInput) => unknown, options: AgentServerOptions = {}) {
  const clock = new FakeClock();
  const logged: string[] = [];
  const server = await createAgentServer({ noServer: true, clock, log: (m) => void logged.push(m), links: LINKS, notify, ...options });
  open.push(server);
  logged.length = 0; // the start-up warning about allowedOrigins
  return { server, clock, logged };
}

/** The session's chat page, ready: its answers go through the session as a WebSocket's do. */
function chatPage(server: AgentServer, sessionId: string) {
  const session = server.session(sessionId);
  const connection: AgentConnection = { send: () => undefined, close: () => undefined, actor: 'alice' };
  session.attach(connection);
  session.receive(connection, { v: 1, type: 'ready', kit_version: '0.1.0', capabilities: { tools: [], grants: true }, resume: [] });
  return {
    approve: (id: string, grant = false) =>
      session.receive(connection, { v: 1, type: 'tool_result', call_id: id, tool: 'request_user_approval', result: approved(id), ...(grant ? { grant: 'session' } : {}) }),
  };
}

describe('notify: when, how often, with what', () => {
  it('after notifyAfter seconds, once, with the call, its link, its context and the owner', async () => {
    const notices: NotifyInput[] = [];
    const { server, clock } = await serve((input) => void notices.push(input), { notifyAfter: 30, contextFor: () => ({ channel: 'desktop' }) });
    const session = server.session('s1', { owner: 'alice' });
    const asked = session.callTool('request_user_approval', { message: 'Deploy?' }, { callId: 'c1' });
    clock.advance(29_999);
    await settle();
    assert.equal(notices.length, 0, 'not before notifyAfter');
    clock.advance(1);
    await settle();
    assert.equal(notices.length, 1);
    const call = session.waiting.get('c1')!;
    assert.deepEqual(notices[0], {
      sessionId: 's1',
      call: { id: 'c1', tool: 'request_user_approval', arguments: call.args, deadline: call.deadline },
      link: session.linkFor('c1'),
      context: { channel: 'desktop' },
      actor: 'alice',
    });
    assert.match(notices[0]!.link, /^https:\/\/agents\.example\.com\/agent\/answer\/[\w-]+\.[\w-]+$/);
    clock.advance(60_000);
    await settle();
    assert.equal(notices.length, 1, 'once per call');
    chatPage(server, 's1').approve('c1');
    assert.equal((await asked).interaction_response.approved, true);
  });

  it('a call answered in the chat within notifyAfter notifies nobody; an input call is notified too', async () => {
    const notices: NotifyInput[] = [];
    const { server, clock } = await serve((input) => void notices.push(input), { notifyAfter: 30 });
    const page = chatPage(server, 's2');
    const session = server.session('s2');
    const answered = session.callTool('request_user_approval', { message: 'Deploy?' }, { callId: 'quick' });
    clock.advance(20_000);
    page.approve('quick');
    await answered;
    void session.callTool('request_user_input', { question: 'Which branch?' }, { callId: 'slow' }).catch(() => undefined);
    clock.advance(120_000);
    await settle();
    assert.deepEqual(notices.map((n) => n.call.id), ['slow']);
  });

  it('never for a call a session grant answered, never for publish_artifacts; at once with the default notifyAfter 0', async () => {
    const notices: NotifyInput[] = [];
    const { server, clock } = await serve((input) => void notices.push(input));
    const page = chatPage(server, 's3');
    const session = server.session('s3');
    const grant = { key: 'shell:ls', label: 'ls' };
    const first = session.callTool('request_user_approval', { message: 'ls?', severity: 'low' }, { callId: 'g1', grant });
    page.approve('g1', true);
    await first;
    clock.advance(0);
    await settle();
    assert.deepEqual(notices.map((n) => n.call.id), [], 'answered before its notice was due');
    const granted = await session.callTool('request_user_approval', { message: 'ls again?', severity: 'low' }, { callId: 'g2', grant });
    assert.equal(granted.interaction_response.approved, true);
    void session.callTool('publish_artifacts', { artifacts: [{ type: 'markdown', title: 'Notes', content: '# Hi' }] }, { callId: 'a1' }).catch(() => undefined);
    void session.callTool('request_user_approval', { message: 'Deploy?' }, { callId: 'c3' }).catch(() => undefined);
    clock.advance(0);
    await settle();
    assert.deepEqual(notices.map((n) => n.call.id), ['c3']);
  });

  it('a sender failing twice then succeeding: three tries, 1 s then 4 s apart, logged once naming the call and the error', async () => {
    const tries: number[] = [];
    const { server, clock, logged } = await serve(async () => {
      tries.push(clock.now());
      if (tries.length <= 2) throw new Error('Slack said 503');
    });
    const session = server.session('s4');
    const asked = session.callTool('request_user_approval', { message: 'Deploy?' }, { callId: 'c4' });
    const start = clock.now();
    clock.advance(0);
    await settle();
    clock.advance(999);
    await settle();
    assert.equal(tries.length, 1, 'the second try waits 1 s');
    clock.advance(1);
    await settle();
    clock.advance(4000);
    await settle();
    clock.advance(60_000);
    await settle();
    assert.deepEqual(tries.map((t) => t - start), [0, 1000, 5000]);
    assert.equal(logged.length, 1);
    assert.match(logged[0]!, /c4/);
    assert.match(logged[0]!, /Slack said 503/);
    chatPage(server, 's4').approve('c4');
    assert.equal((await asked).interaction_response.approved, true);
  });

  it('a sender failing always (or throwing at once): tried three times, logged once, and the call is still answered from the chat page', async () => {
    let tries = 0;
    const { server, clock, logged } = await serve(() => {
      tries += 1;
      throw new TypeError('bad credentials');
    });
    const session = server.session('s5');
    const asked = session.callTool('request_user_approval', { message: 'Deploy?' }, { callId: 'c5' });
    for (let i = 0; i < 10; i += 1) {
      clock.advance(5000);
      await settle();
    }
    assert.equal(tries, 3, 'a bounded number of tries');
    assert.equal(logged.length, 1);
    assert.match(logged[0]!, /c5.*TypeError: bad credentials/);
    assert.deepEqual(session.pendingIds, ['c5'], 'the call goes on waiting');
    chatPage(server, 's5').approve('c5');
    assert.equal((await asked).interaction_response.approved, true);
  });

  it('stops trying once the call settles, and a notify that never returns delays nothing', async () => {
    let tries = 0;
    const { server, clock } = await serve(() => {
      tries += 1;
      return tries === 1 ? Promise.reject(new Error('timeout')) : new Promise(() => undefined);
    });
    const page = chatPage(server, 's6');
    const session = server.session('s6');
    const first = session.callTool('request_user_approval', { message: 'Deploy?' }, { callId: 'c6' });
    clock.advance(0);
    await settle();
    page.approve('c6');
    await first;
    clock.advance(10_000);
    await settle();
    assert.equal(tries, 1, 'no try after the call settled');
    const second = session.callTool('request_user_approval', { message: 'Deploy again?' }, { callId: 'c7' });
    clock.advance(0);
    await settle();
    assert.equal(tries, 2);
    page.approve('c7');
    assert.equal((await second).interaction_response.approved, true, 'answered while its notice hangs');
  });

  it('a high-risk approval in a session without an owner has no link: nobody is notified, and the log says why', async () => {
    const notices: NotifyInput[] = [];
    const { server, clock, logged } = await serve((input) => void notices.push(input));
    void server.session('s8').callTool('request_user_approval', { message: 'Drop?', severity: 'high' }, { callId: 'h8' }).catch(() => undefined);
    clock.advance(0);
    await settle();
    assert.equal(notices.length, 0);
    assert.match(logged.join('\n'), /h8 has no answer link/);
  });

  it('refuses notify without links, a notify that is not a function and a negative notifyAfter, by name, at start', async () => {
    const base = { noServer: true, log: () => undefined };
    await assert.rejects(createAgentServer({ ...base, notify: () => undefined }), /notify needs links/);
    await assert.rejects(createAgentServer({ ...base, links: LINKS, notify: 'slack' as unknown as () => void }), /notify must be a function/);
    await assert.rejects(createAgentServer({ ...base, links: LINKS, notify: () => undefined, notifyAfter: -1 }), /notifyAfter must be/);
  });
});
