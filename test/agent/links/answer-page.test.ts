// The answer link's page and socket in one process (docs/protocol.md#13-answer-links), over real
// HTTP and real WebSockets: the headers read from the responses, the refusals that tell nothing of
// the call, the one-call exchange with `"link": true`, the place `link` in the audit record, the
// receipt of a call settled elsewhere, two sockets on one link, and links with an audience.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import type { AuditRecord } from '../../../src/agent/audit.js';
import { mintAnswerToken } from '../../../src/agent/links/answer-token.js';
import { createAgentServer, type AgentServer, type AgentServerOptions } from '../../../src/agent/ws-server.js';
import { FakeClock } from '../../support/fake-clock.js';
import { openSocket, verdict } from '../../support/upgrade-client.js';
import { waitFor } from '../fleet.js';
import { actorFromQuery, approved, chatUrl, ORIGIN, rawKit, rejected } from '../places-clients.js';

const SECRET = 'a-test-secret-of-at-least-32-bytes-long!';
const open: AgentServer[] = [];
after(() => Promise.all(open.map((s) => s.close())));

async function serve(options: AgentServerOptions = {}) {
  const records: AuditRecord[] = [];
  const server = await createAgentServer({
    log: () => undefined,
    authorize: actorFromQuery,
    links: { secret: SECRET, baseUrl: 'http://127.0.0.1:8080' },
    audit: (r) => void records.push(r),
    ...options,
  });
  open.push(server);
  return { server, records };
}

/** A pending approval in `session` (owned by `owner` when given), and its link's token. */
function ask(server: AgentServer, session: string, id: string, owner?: string, args: Record<string, unknown> = { message: 'Deploy web-app to production?' }) {
  const agent = server.session(session, owner ? { owner } : undefined);
  const result = agent.callTool('request_user_approval', args, { callId: id });
  result.catch(() => undefined); // a call left waiting ends with the server
  const link = agent.linkFor(id);
  assert.ok(link, 'the call has a link');
  return { result, token: link.split('/').at(-1)!, agent };
}

const pageUrl = (server: AgentServer, token: string, actor?: string) =>
  `http://127.0.0.1:${server.port}/agent/answer/${token}${actor ? `?as=${encodeURIComponent(actor)}` : ''}`;
const socketUrl = (server: AgentServer, token: string, actor?: string) => pageUrl(server, token, actor).replace(/^http/, 'ws');

const EXPECTED_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws://127.0.0.1:8080; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function assertPageHeaders(response: Response): void {
  assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
  assert.equal(response.headers.get('cache-control'), 'no-store');
  assert.equal(response.headers.get('referrer-policy'), 'no-referrer');
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(response.headers.get('content-security-policy'), EXPECTED_CSP);
}

/** Nothing of the call in a refusal: not its id, session, tool or words. */
function assertTellsNothing(body: string, ...secrets: string[]): void {
  for (const secret of [...secrets, 'request_user_approval', 'Deploy']) assert.ok(!body.includes(secret), `the page says nothing of ${secret}`);
}

describe('GET <path>/<token>: the page and its headers', () => {
  it('200 with the answer page: lang from Accept-Language, zoom allowed, one module script, no inline script or style', async () => {
    const { server } = await serve();
    const { token } = ask(server, 's-page', 'call-page');
    const response = await fetch(pageUrl(server, token), { headers: { 'accept-language': 'en-GB,en;q=0.9,zh-CN;q=0.5' } });
    assert.equal(response.status, 200);
    assertPageHeaders(response);
    const body = await response.text();
    assert.match(body, /^<!doctype html><html lang="en" dir="ltr">/);
    assert.match(body, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
    assert.doesNotMatch(body, /user-scalable|maximum-scale/);
    assert.deepEqual([...body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]), ['<script type="module" src="/agent/answer/answer-page.js">']);
    assert.doesNotMatch(body, /<script[^>]*>[^<]+<\/script>|<style|style=/, 'no inline script or style');
    assert.match(body, /<interaction-host><\/interaction-host>/);
    assertTellsNothing(body, 'call-page', 's-page');
  });

  it('picks the page language by Accept-Language from the twelve (default zh-CN), ar and he right to left', async () => {
    const { server } = await serve();
    const { token } = ask(server, 's-lang', 'call-lang');
    const langOf = async (accept?: string) => {
      const body = await (await fetch(pageUrl(server, token), { headers: accept ? { 'accept-language': accept } : {} })).text();
      return /<html lang="([^"]+)" dir="([^"]+)">/.exec(body)?.slice(1).join(' ');
    };
    assert.equal(await langOf(), 'zh-CN ltr');
    assert.equal(await langOf('zh-Hant-HK'), 'zh-TW ltr');
    assert.equal(await langOf('pt-PT,en;q=0.5'), 'pt-BR ltr');
    assert.equal(await langOf('xx, he;q=0.8'), 'he rtl');
    assert.equal(await langOf('fr;q=0.2, ar;q=0.9'), 'ar rtl');
    assert.equal(await langOf('tlh'), 'zh-CN ltr', 'a language the kit does not speak: the default');
  });

  it('404 for a malformed or tampered token, 410 for an expired one, each under the same headers and telling nothing', async () => {
    const { server } = await serve();
    const { token } = ask(server, 's-refuse', 'call-refuse');
    const [payload, signature] = token.split('.');
    const flipped = `${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const otherSecret = mintAnswerToken({ secret: `${SECRET}-other`, callId: 'call-refuse', sessionId: 's-refuse', arguments: {}, deadline: new Date(Date.now() + 60_000) });
    const expired = mintAnswerToken({ secret: SECRET, callId: 'call-refuse', sessionId: 's-refuse', arguments: {}, deadline: new Date(Date.now() - 1000) });
    for (const [bad, status, words] of [
      ['not-a-token', 404, '此链接无效'],
      [flipped, 404, '此链接无效'],
      [`${token}x`, 404, '此链接无效'],
      [otherSecret, 404, '此链接无效'],
      [expired, 410, '此链接已过期'],
    ] as const) {
      const response = await fetch(pageUrl(server, bad));
      assert.equal(response.status, status, `${bad.slice(0, 12)}… is ${status}`);
      assertPageHeaders(response);
      const body = await response.text();
      assert.ok(body.includes(words), `it says ${words}`);
      assertTellsNothing(body, 'call-refuse', 's-refuse');
      assert.doesNotMatch(body, /<script/, 'a refusal loads no script');
    }
    const english = await (await fetch(pageUrl(server, expired), { headers: { 'accept-language': 'en' } })).text();
    assert.match(english, /This link has expired/);
  });

  it('a token signed for other arguments than the pending call’s is not this call’s link: 404', async () => {
    const { server } = await serve();
    ask(server, 's-args', 'call-args');
    const other = mintAnswerToken({ secret: SECRET, callId: 'call-args', sessionId: 's-args', arguments: { message: 'Something else' }, deadline: new Date(Date.now() + 60_000) });
    assert.equal((await fetch(pageUrl(server, other))).status, 404);
    assert.equal(verdict(await openSocket(socketUrl(server, other), { origin: ORIGIN })), 'HTTP 404');
  });

  it('403 for a link with an audience when authorize names another actor or none; 200 for that actor', async () => {
    const { server } = await serve();
    const { token } = ask(server, 's-aud', 'call-aud', 'li.lei');
    for (const actor of [undefined, 'han.meimei']) {
      const response = await fetch(pageUrl(server, token, actor));
      assert.equal(response.status, 403, `as ${actor ?? 'nobody'}`);
      assertPageHeaders(response);
      const body = await response.text();
      assert.ok(body.includes('请先登录'));
      assertTellsNothing(body, 'call-aud', 's-aud', 'li.lei');
    }
    assert.equal((await fetch(pageUrl(server, token, 'li.lei'))).status, 200);
  });

  it('only GET and HEAD; the page script is the built dist/answer-page.js, cacheable, as text/javascript', async () => {
    const { server } = await serve();
    const { token } = ask(server, 's-method', 'call-method');
    const post = await fetch(pageUrl(server, token), { method: 'POST' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD');
    const head = await fetch(pageUrl(server, token), { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('cache-control'), 'no-store');
    const script = await fetch(`http://127.0.0.1:${server.port}/agent/answer/answer-page.js`);
    assert.equal(script.status, 200);
    assert.equal(script.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.match(script.headers.get('cache-control') ?? '', /max-age=\d+/);
    assert.match(await script.text(), /interaction-host/);
    assert.equal((await fetch(`http://127.0.0.1:${server.port}/elsewhere`)).status, 426, 'the server’s other requests are as before');
  });
});

describe('the page’s languages: zh-CN and en in its script, any other its own module', () => {
  it('a ja or ar page loads its language’s module before the page’s script; zh-CN and en load none', async () => {
    const { server } = await serve();
    const { token } = ask(server, 's-modules', 'call-modules');
    const scriptsOf = async (accept: string) =>
      [...(await (await fetch(pageUrl(server, token), { headers: { 'accept-language': accept } })).text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    for (const accept of ['en', 'zh-CN', 'tlh']) assert.deepEqual(await scriptsOf(accept), ['<script type="module" src="/agent/answer/answer-page.js">'], accept);
    for (const tag of ['ja', 'ar', 'pt-BR', 'zh-TW']) {
      assert.deepEqual(await scriptsOf(tag), [`<script type="module" src="/agent/answer/answer-page-${tag}.js">`, '<script type="module" src="/agent/answer/answer-page.js">'], tag);
    }
  });

  it('serves each of the ten modules from dist/locales, cacheable, as text/javascript; no module for zh-CN, en or an unknown tag', async () => {
    const { server } = await serve();
    for (const tag of ['zh-TW', 'ja', 'ko', 'es', 'fr', 'de', 'pt-BR', 'ru', 'ar', 'he']) {
      const response = await fetch(`http://127.0.0.1:${server.port}/agent/answer/answer-page-${tag}.js`);
      assert.equal(response.status, 200, tag);
      assert.equal(response.headers.get('content-type'), 'text/javascript; charset=utf-8');
      assert.match(response.headers.get('cache-control') ?? '', /max-age=\d+/);
      assert.equal(await response.text(), readFileSync(new URL(`../../../dist/locales/${tag}.js`, import.meta.url), 'utf8'), tag);
    }
    for (const name of ['answer-page-en.js', 'answer-page-zh-CN.js', 'answer-page-xx.js', 'answer-page-..%2Fagent%2Findex.js']) {
      const response = await fetch(`http://127.0.0.1:${server.port}/agent/answer/${name}`);
      assert.equal(response.status, 404, name);
      assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8', `${name}: the page that says the link is not valid`);
    }
  });
});

describe('the link’s socket: a one-call session', () => {
  it('hello with link: true, the call’s tool_call, the result taken from the place link with its actor, then ack', async () => {
    const { server, records } = await serve({ contextFor: () => ({ locale: 'en' }) });
    const { token, result } = ask(server, 's-link', 'call-link', 'li.lei');
    const page = await rawKit(socketUrl(server, token, 'li.lei'));
    assert.deepEqual(page.of('hello'), [{ v: 1, type: 'hello', session_id: 's-link', context: { locale: 'en' }, link: true }]);
    await waitFor(() => page.of('tool_call').length === 1, 'the call');
    const [call] = page.of('tool_call');
    assert.equal(call.call_id, 'call-link');
    assert.deepEqual(call.arguments, { message: 'Deploy web-app to production?' });
    page.answer({ call_id: 'call-link', tool: 'request_user_approval', result: approved('call-link') });
    await result;
    await waitFor(() => page.of('ack', 'call-link').length === 1, 'the ack');
    assert.equal(page.of('settled').length, 0, 'the place that won is told nothing more');
    await waitFor(() => records.length > 0, 'the audit record (written once its arguments are hashed)');
    assert.equal(records.length, 1);
    assert.equal(records[0].where, 'link');
    assert.equal(records[0].actor, 'li.lei');
    assert.equal(records[0].decision, 'approved');
  });

  it('never supersedes the chat page; the chat page hears settled when the link won', async () => {
    const { server } = await serve();
    const { token, result, agent } = ask(server, 's-beside', 'call-beside');
    const chat = await rawKit(chatUrl(server, 's-beside'));
    const page = await rawKit(socketUrl(server, token, 'han.meimei'));
    await waitFor(() => page.of('tool_call').length === 1, 'the call on the link');
    assert.equal(agent.connected, true);
    assert.ok(chat.open, 'the chat page stays connected');
    page.answer({ call_id: 'call-beside', tool: 'request_user_approval', result: rejected('call-beside') });
    await result;
    const [settled] = await waitFor(() => chat.of('settled', 'call-beside').length > 0 && chat.of('settled', 'call-beside'), 'settled on the chat page');
    assert.equal(settled.where, 'link');
    assert.equal(settled.actor, 'han.meimei', 'a bearer link’s actor is whoever authorize names');
    assert.equal(settled.decision, 'rejected');
  });

  it('opened after the chat page answered: the card and settled right after it, for its receipt', async () => {
    const { server } = await serve();
    const { token, result } = ask(server, 's-late', 'call-late');
    const chat = await rawKit(chatUrl(server, 's-late', 'li.lei'));
    await waitFor(() => chat.of('tool_call').length === 1, 'the call on the chat page');
    chat.answer({ call_id: 'call-late', tool: 'request_user_approval', result: approved('call-late') });
    await result;
    const page = await rawKit(socketUrl(server, token));
    await waitFor(() => page.of('settled').length === 1, 'settled');
    const types = page.frames.map((f) => f.type);
    assert.deepEqual(types, ['hello', 'tool_call', 'settled']);
    const settled = page.of('settled')[0];
    assert.deepEqual(
      { ...settled, at: typeof settled.at },
      { v: 1, type: 'settled', call_id: 'call-late', session_id: 's-late', decision: 'approved', where: 'chat', actor: 'li.lei', at: 'string' },
    );
    page.answer({ call_id: 'call-late', tool: 'request_user_approval', result: rejected('call-late') });
    await waitFor(() => page.of('ack', 'call-late').length === 1, 'the late answer’s ack');
    await waitFor(() => page.of('settled').length === 2, 'and settled again');
    assert.equal(page.of('error').length, 0, 'never an error');
  });

  it('settled while open: every socket of the link hears it', async () => {
    const { server } = await serve();
    const { token, result } = ask(server, 's-live', 'call-live');
    const pages = await Promise.all([rawKit(socketUrl(server, token)), rawKit(socketUrl(server, token))]);
    await waitFor(() => pages.every((p) => p.of('tool_call').length === 1), 'both cards');
    const chat = await rawKit(chatUrl(server, 's-live'));
    await waitFor(() => chat.of('tool_call').length === 1, 'the chat card');
    chat.answer({ call_id: 'call-live', tool: 'request_user_approval', result: rejected('call-live') });
    await result;
    for (const page of pages) {
      const [settled] = await waitFor(() => page.of('settled').length > 0 && page.of('settled'), 'settled on a link');
      assert.equal(settled.where, 'chat');
      assert.equal(settled.decision, 'rejected');
    }
  });

  it('two phones answering one link at once: one result, one record, both end on the same decision', async () => {
    const { server, records } = await serve();
    const { token, result } = ask(server, 's-race', 'call-race');
    const [first, second] = await Promise.all([rawKit(socketUrl(server, token, 'a')), rawKit(socketUrl(server, token, 'b'))]);
    await waitFor(() => first.of('tool_call').length === 1 && second.of('tool_call').length === 1, 'both cards');
    const [yes, no] = [approved('call-race'), rejected('call-race')];
    first.answer({ call_id: 'call-race', tool: 'request_user_approval', result: yes });
    second.answer({ call_id: 'call-race', tool: 'request_user_approval', result: no });
    const decided = await result;
    await waitFor(() => first.of('ack').length === 1 && second.of('ack').length === 1, 'both acked');
    await waitFor(() => records.length > 0, 'the audit record');
    assert.equal(records.length, 1, 'one audit record');
    assert.deepEqual(decided, records[0].actor === 'a' ? yes : no, 'the model gets the winner’s answer');
    assert.equal(records[0].decision, records[0].actor === 'a' ? 'approved' : 'rejected');
    const loser = records[0].actor === 'a' ? second : first;
    const winner = loser === first ? second : first;
    await waitFor(() => loser.of('settled').length > 0, 'the loser hears who won');
    for (const settled of loser.of('settled')) {
      assert.equal(settled.actor, records[0].actor);
      assert.equal(settled.decision, records[0].decision);
      assert.equal(settled.where, 'link');
    }
    assert.equal(winner.of('settled').length, 0, 'the winner’s ack says enough');
    assert.equal(first.of('error').length + second.of('error').length, 0);
  });

  it('time stays with the runtime: past the deadline and its grace, the link’s socket hears the timeout as settled; the link then is 410', async () => {
    const clock = new FakeClock(Date.now());
    const { server } = await serve({ clock, graceMs: 1000 });
    const { token, result } = ask(server, 's-time', 'call-time', undefined, { message: 'Deploy?', timeout_seconds: 30 });
    const page = await rawKit(socketUrl(server, token));
    await waitFor(() => page.of('tool_call').length === 1, 'the card');
    clock.advance(31_001);
    await result;
    const [settled] = await waitFor(() => page.of('settled').length > 0 && page.of('settled'), 'settled');
    assert.deepEqual([settled.decision, settled.where, settled.actor], ['timeout', 'runtime', null]);
    assert.equal((await fetch(pageUrl(server, token))).status, 410);
  });

  it('refuses before any socket: a tampered or expired token (404, 410), a foreign origin, an audience without its actor (403)', async () => {
    const { server } = await serve();
    const { token } = ask(server, 's-gate', 'call-gate', 'li.lei');
    const expired = mintAnswerToken({ secret: SECRET, callId: 'call-gate', sessionId: 's-gate', arguments: {}, deadline: new Date(Date.now() - 1000), aud: 'li.lei' });
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    assert.equal(verdict(await openSocket(socketUrl(server, tampered, 'li.lei'), { origin: ORIGIN })), 'HTTP 404');
    assert.equal(verdict(await openSocket(socketUrl(server, 'garbage', 'li.lei'), { origin: ORIGIN })), 'HTTP 404');
    assert.equal(verdict(await openSocket(socketUrl(server, expired, 'li.lei'), { origin: ORIGIN })), 'HTTP 410');
    assert.equal(verdict(await openSocket(socketUrl(server, token, 'han.meimei'), { origin: ORIGIN })), 'HTTP 403');
    assert.equal(verdict(await openSocket(socketUrl(server, token), { origin: ORIGIN })), 'HTTP 403');
    assert.equal(verdict(await openSocket(socketUrl(server, token, 'li.lei'), { origin: 'https://evil.example' })), 'HTTP 403');
    assert.equal(verdict(await openSocket(socketUrl(server, token, 'li.lei'), { origin: ORIGIN })), 'opened');
  });

  it('a result for another call on a link’s socket is ignored: the link answers only its own call', async () => {
    const { server, records } = await serve();
    const { token } = ask(server, 's-own', 'call-own');
    ask(server, 's-own', 'call-other');
    const page = await rawKit(socketUrl(server, token));
    await waitFor(() => page.of('tool_call').length === 1, 'the card');
    page.answer({ call_id: 'call-other', tool: 'request_user_approval', result: approved('call-other') });
    page.answer({ call_id: 'call-own', tool: 'request_user_approval', result: approved('call-own') });
    await waitFor(() => page.of('ack', 'call-own').length === 1, 'its own call acked');
    assert.equal(page.of('ack', 'call-other').length, 0);
    await waitFor(() => records.length > 0, 'the audit record');
    assert.deepEqual(records.map((r) => r.call_id), ['call-own']);
    assert.ok(server.session('s-own').pendingIds.includes('call-other'), 'the other call still waits');
  });
});
