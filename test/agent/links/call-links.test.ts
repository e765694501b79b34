// The `links` option: who gets a link (a pending call that waits for a person), what its token
// says (the call's session, arguments, deadline and owner), and the rule that a link anyone may
// use never approves a high-risk action.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { verifyAnswerToken } from '../../../src/agent/links/answer-token.js';
import { createAgentServer, type AgentServer, type AgentServerOptions } from '../../../src/agent/ws-server.js';
import { FakeClock } from '../../support/fake-clock.js';

const SECRET = 'k'.repeat(32);
const open: AgentServer[] = [];
after(() => Promise.all(open.map((s) => s.close())));

async function serve(options: AgentServerOptions = {}) {
  const server = await createAgentServer({ noServer: true, log: () => undefined, clock: new FakeClock(), links: { secret: SECRET, baseUrl: 'https://agents.example.com/' }, ...options });
  open.push(server);
  return server;
}

const tokenOf = (link: string, prefix = 'https://agents.example.com/agent/answer/') => {
  assert.ok(link.startsWith(prefix), `${link} starts with ${prefix}`);
  return link.slice(prefix.length);
};

describe('links: minting a pending call\'s answer link', () => {
  it('mints <baseUrl><path>/<token>, signed for the call\'s session, arguments and deadline, its audience the owner', async () => {
    const server = await serve();
    const session = server.session('s1', { owner: 'alice' });
    const args = { message: 'Deploy?', severity: 'medium' };
    void session.callTool('request_user_approval', args, { callId: 'c1' }).catch(() => undefined);
    const token = tokenOf(session.linkFor('c1')!);
    const call = session.waiting.get('c1')!;
    const now = new Date(Date.parse(call.deadline) - 1000);
    const checked = verifyAnswerToken(token, { secret: SECRET, now, callId: 'c1', arguments: call.args, actor: 'alice' });
    assert.ok(checked.ok, JSON.stringify(checked));
    assert.deepEqual({ ...checked.claims, arguments_sha256: undefined }, { v: 1, call_id: 'c1', session_id: 's1', arguments_sha256: undefined, exp: Math.ceil(Date.parse(call.deadline) / 1000), aud: 'alice' });
    assert.deepEqual(verifyAnswerToken(token, { secret: SECRET, now, actor: 'bob' }), { ok: false, reason: 'audience' });
    assert.deepEqual(verifyAnswerToken(token, { secret: SECRET, now, arguments: { ...args, message: 'Delete?' }, actor: 'alice' }), { ok: false, reason: 'arguments' });
    assert.deepEqual(verifyAnswerToken(token, { secret: 'x'.repeat(32), now }), { ok: false, reason: 'bad_signature' });
  });

  it('a session without an owner: a bearer link (aud null); its own path; undefined once the call settles or for an unknown call', async () => {
    const server = await serve({ links: { secret: SECRET, baseUrl: 'https://example.com/app', path: '/answer/' } });
    const session = server.session('s2');
    const asked = session.callTool('request_user_input', { question: 'Which branch?' }, { callId: 'c2' });
    const link = session.linkFor('c2')!;
    const claims = verifyAnswerToken(tokenOf(link, 'https://example.com/app/answer/'), { secret: SECRET, now: new Date(0) });
    assert.ok(claims.ok);
    assert.equal(claims.claims.aud, null);
    assert.equal(session.linkFor('nope'), undefined);
    session.close();
    await assert.rejects(asked);
    assert.equal(session.linkFor('c2'), undefined, 'a call no longer pending has no link');
  });

  it('a high-risk approval gets a link only in a session with an owner (then only the owner may use it)', async () => {
    const server = await serve();
    const high = { message: 'Drop the table?', severity: 'HIGH' };
    const owned = server.session('owned', { owner: 'alice' });
    void owned.callTool('request_user_approval', high, { callId: 'h1' }).catch(() => undefined);
    const link = owned.linkFor('h1');
    assert.ok(link);
    const claims = verifyAnswerToken(tokenOf(link), { secret: SECRET, now: new Date(0), actor: 'alice' });
    assert.ok(claims.ok, JSON.stringify(claims));
    assert.equal(claims.claims.aud, 'alice');
    const bearer = server.session('unowned');
    void bearer.callTool('request_user_approval', high, { callId: 'h2' }).catch(() => undefined);
    assert.equal(bearer.linkFor('h2'), undefined, 'no bearer link for a high-risk approval');
    void bearer.callTool('request_user_approval', { ...high, severity: 'low' }, { callId: 'l2' }).catch(() => undefined);
    assert.ok(bearer.linkFor('l2'), 'a low-risk approval in the same session has one');
  });

  it('publish_artifacts has no link (nobody answers it); a server without links mints none', async () => {
    const server = await serve();
    const session = server.session('s3', { owner: 'alice' });
    void session.callTool('publish_artifacts', { artifacts: [{ type: 'markdown', title: 'Notes', content: '# Hi' }] }, { callId: 'a1' }).catch(() => undefined);
    assert.equal(session.linkFor('a1'), undefined);
    const plain = await serve({ links: undefined });
    const other = plain.session('s4', { owner: 'alice' });
    void other.callTool('request_user_approval', { message: 'Deploy?' }, { callId: 'c4' }).catch(() => undefined);
    assert.equal(other.linkFor('c4'), undefined);
  });

  it('refuses a short secret, a base URL that is not http(s) and a path that is not a path, by name, at start', async () => {
    const bad: [AgentServerOptions['links'], RegExp][] = [
      [{ secret: 'short', baseUrl: 'https://example.com' }, /links\.secret .*32 bytes/],
      [{ secret: 'k'.repeat(31), baseUrl: 'https://example.com' }, /links\.secret/],
      [{ secret: SECRET, baseUrl: 'example.com' }, /links\.baseUrl/],
      [{ secret: SECRET, baseUrl: 'javascript:alert(1)' }, /links\.baseUrl/],
      [{ secret: SECRET, baseUrl: 'https://example.com/?q=1' }, /links\.baseUrl/],
      [{ secret: SECRET, baseUrl: 'https://example.com', path: 'answer' }, /links\.path/],
    ];
    for (const [links, message] of bad) await assert.rejects(createAgentServer({ noServer: true, log: () => undefined, links }), message);
    // 32 bytes in UTF-8 (eleven 3-byte characters) is long enough.
    const ok = await serve({ links: { secret: '鍵'.repeat(11), baseUrl: 'https://example.com' } });
    assert.ok(ok);
  });
});
