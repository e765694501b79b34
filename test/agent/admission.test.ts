// Who may connect to createAgentServer, with real sockets: `ws` clients that send
// the Origin a browser would (or none, as a non-browser client does), against a real server.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { after, describe, it } from 'node:test';
import { WebSocket } from 'ws';
import { KitError } from '../../src/agent/agent-session.js';
import { createAgentServer, type AgentServer, type AgentServerOptions } from '../../src/agent/ws-server.js';
import { openSocket, verdict, type UpgradeOutcome } from '../support/upgrade-client.js';

const servers: AgentServer[] = [];
after(() => Promise.all(servers.map((server) => server.close())));

async function start(options: AgentServerOptions = {}): Promise<AgentServer> {
  const server = await createAgentServer({ log: () => undefined, ...options });
  servers.push(server);
  return server;
}

/** Opens a WebSocket the way a page on `origin` would; resolves with the upgrade's outcome. */
function open(server: AgentServer, path: string, headers: Record<string, string> = {}, protocols?: string[]): Promise<UpgradeOutcome> {
  return openSocket(`ws://127.0.0.1:${server.port}${path}`, headers, protocols);
}

function firstMessage(socket: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)) as Record<string, unknown>)));
}

/** The close code, or 'still open' after `ms`. */
function closed(socket: WebSocket, ms = 3000): Promise<number | string> {
  return Promise.race([
    new Promise<number>((resolve) => socket.once('close', (code) => resolve(code))),
    new Promise<string>((resolve) => setTimeout(() => resolve('still open'), ms).unref()),
  ]);
}

describe('createAgentServer: who may connect', () => {
  it('refuses an origin that is not listed with HTTP 403, and accepts a listed one', async () => {
    const server = await start({ allowedOrigins: ['http://127.0.0.1:5173'] });
    const connections: string[] = [];
    server.wss.on('connection', (_socket, request: IncomingMessage) => connections.push(request.headers.origin ?? ''));
    const foreign = await open(server, '/agent/sessions/abc', { origin: 'http://127.0.0.1:6666' });
    assert.equal(verdict(foreign), 'HTTP 403');
    assert.equal(server.session('abc').connected, false, 'no session saw the refused request');
    const listed = await open(server, '/agent/sessions/abc', { origin: 'http://127.0.0.1:5173' });
    assert.equal(listed.opened, true);
    assert.deepEqual(connections, ['http://127.0.0.1:5173']);
    assert.equal(server.session('abc').connected, true);
  });

  it('logs each refused origin once, naming allowedOrigins; a listed origin is never logged', async () => {
    const lines: string[] = [];
    const server = await start({ allowedOrigins: ['https://chat.example.com'], log: (line) => lines.push(line) });
    assert.equal(verdict(await open(server, '/agent/sessions/abc', { origin: 'http://127.0.0.1:5173' })), 'HTTP 403');
    assert.equal(lines.length, 1);
    assert.match(lines[0]!, /refused a connection from origin http:\/\/127\.0\.0\.1:5173/);
    assert.match(lines[0]!, /allowedOrigins/);
    assert.equal(verdict(await open(server, '/agent/sessions/abc', { origin: 'http://127.0.0.1:5173' })), 'HTTP 403');
    assert.equal(lines.length, 1, 'the same origin refused again is not logged again');
    assert.equal(verdict(await open(server, '/agent/sessions/abc', { origin: 'https://evil.example' })), 'HTTP 403');
    assert.equal(lines.length, 2, 'another origin is logged');
    assert.match(lines[1]!, /origin https:\/\/evil\.example/);
    const listed = await open(server, '/agent/sessions/abc', { origin: 'https://chat.example.com' });
    assert.equal(listed.opened, true);
    if (listed.opened) listed.socket.close();
    assert.equal(lines.length, 2, 'an accepted origin is not logged');
  });

  it('a refused request never supersedes the live connection', async () => {
    const server = await start({ allowedOrigins: ['https://chat.example.com'] });
    const live = await open(server, '/agent/sessions/s-live', { origin: 'https://chat.example.com' });
    assert.ok(live.opened);
    let liveClose: number | undefined;
    live.socket.once('close', (code) => (liveClose = code));
    for (const origin of ['https://evil.example', 'https://chat.example.com.evil.example', 'null']) {
      assert.equal(verdict(await open(server, '/agent/sessions/s-live', { origin })), 'HTTP 403', origin);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(liveClose, undefined, 'the live connection was not closed');
    assert.equal(live.socket.readyState, WebSocket.OPEN);
  });

  it('without allowedOrigins accepts loopback origins only, and says so once on start', async () => {
    const lines: string[] = [];
    const server = await start({ log: (line) => lines.push(line) });
    assert.equal(lines.length, 1);
    assert.match(lines[0]!, /allowedOrigins/);
    assert.match(lines[0]!, /development/);
    for (const origin of ['http://127.0.0.1:5173', 'http://127.3.4.5', 'http://localhost:3000', 'https://localhost', 'http://[::1]:8080']) {
      const outcome = await open(server, '/agent/sessions/loop', { origin });
      assert.equal(outcome.opened, true, origin);
      if (outcome.opened) outcome.socket.close();
    }
    for (const origin of ['https://evil.example', 'http://127.0.0.1.nip.io', 'http://localhost.evil.example', 'null', 'file://']) {
      assert.equal(verdict(await open(server, '/agent/sessions/loop', { origin })), 'HTTP 403', origin);
    }
    assert.equal(lines.filter((line) => /development/.test(line)).length, 1, 'said once, not per connection');
    const quiet: string[] = [];
    await start({ allowedOrigins: ['https://chat.example.com'], log: (line) => quiet.push(line) });
    assert.deepEqual(quiet, [], 'nothing to say when origins are listed');
  });

  it('authorize refusing refuses (false, undefined, a throw), with 403', async () => {
    for (const answer of [false, undefined, 'throw'] as const) {
      const server = await start({
        authorize: async () => {
          if (answer === 'throw') throw new Error('token store down');
          return answer;
        },
      });
      assert.equal(verdict(await open(server, '/agent/sessions/abc', { origin: 'http://127.0.0.1:5173' })), 'HTTP 403', String(answer));
      assert.equal(server.session('abc').connected, false);
    }
  });

  it("authorize's session id wins over the path; it sees the query, headers and cookies", async () => {
    const seen: { url?: string; cookie?: string; origin?: string }[] = [];
    const server = await start({
      authorize: (request) => {
        seen.push({ url: request.url, cookie: request.headers.cookie, origin: request.headers.origin });
        const token = new URL(request.url ?? '/', 'http://x').searchParams.get('token');
        return token === 't-1' && request.headers.cookie === 'sid=u-42' ? 'user-42' : false;
      },
    });
    const outcome = await open(server, '/agent/sessions/abc?token=t-1', { origin: 'http://localhost:5173', cookie: 'sid=u-42' });
    assert.ok(outcome.opened);
    assert.deepEqual(seen, [{ url: '/agent/sessions/abc?token=t-1', cookie: 'sid=u-42', origin: 'http://localhost:5173' }]);
    assert.equal(server.session('user-42').connected, true);
    assert.equal(server.session('abc').connected, false, 'the path did not decide');
    const wrongToken = await open(server, '/agent/sessions/abc?token=nope', { origin: 'http://localhost:5173', cookie: 'sid=u-42' });
    assert.equal(verdict(wrongToken), 'HTTP 403');
  });

  it('authorize is asked only after the origin passed: a foreign origin is refused even if authorize would accept', async () => {
    let asked = 0;
    const server = await start({ allowedOrigins: ['https://chat.example.com'], authorize: () => ((asked += 1), true) });
    assert.equal(verdict(await open(server, '/agent/sessions/abc', { origin: 'https://evil.example' })), 'HTTP 403');
    assert.equal(asked, 0);
  });

  it('a request without an Origin header is refused unless authorize accepts it', async () => {
    const plain = await start();
    assert.equal(verdict(await open(plain, '/agent/sessions/abc')), 'HTTP 403');
    const listed = await start({ allowedOrigins: ['https://chat.example.com'] });
    assert.equal(verdict(await open(listed, '/agent/sessions/abc')), 'HTTP 403');
    const authorized = await start({ authorize: (request) => request.headers.authorization === 'Bearer k-1' });
    assert.equal(verdict(await open(authorized, '/agent/sessions/abc', { authorization: 'Bearer nope' })), 'HTTP 403');
    const outcome = await open(authorized, '/agent/sessions/abc', { authorization: 'Bearer k-1' });
    assert.equal(outcome.opened, true);
    assert.equal(authorized.session('abc').connected, true);
  });

  it('authorize sees the subprotocols a page offers (a token carried as one), and the server picks one', async () => {
    const server = await start({ authorize: (request) => request.headers['sec-websocket-protocol']?.split(/,\s*/).includes('aik.token.k-7') === true });
    const outcome = await open(server, '/agent/sessions/abc', { origin: 'http://127.0.0.1:5173' }, ['aik.token.k-7']);
    assert.ok(outcome.opened);
    assert.equal(outcome.protocol, 'aik.token.k-7');
    assert.equal(verdict(await open(server, '/agent/sessions/abc', { origin: 'http://127.0.0.1:5173' }, ['aik.token.other'])), 'HTTP 403');
  });

  it('a URL without a session is refused before the upgrade (404)', async () => {
    const server = await start();
    assert.equal(verdict(await open(server, '/agent/nothing-here', { origin: 'http://127.0.0.1:5173' })), 'HTTP 404');
  });

  it('bad options are refused at start, naming the field', async () => {
    await assert.rejects(createAgentServer({ allowedOrigins: ['https://chat.example.com', '*'] }), /allowedOrigins\[1\]/);
    await assert.rejects(createAgentServer({ allowedOrigins: ['https://chat.example.com/app'] }), /allowedOrigins\[0\]/);
    await assert.rejects(createAgentServer({ maxPayload: 0 }), /maxPayload/);
  });
});

describe('createAgentServer: frame sizes', () => {
  it('a 2 MiB frame from the page closes the connection with 1009, unparsed', async () => {
    const server = await start();
    const outcome = await open(server, '/agent/sessions/big', { origin: 'http://127.0.0.1:5173' });
    assert.ok(outcome.opened);
    const hello = firstMessage(outcome.socket);
    outcome.socket.send(JSON.stringify({ v: 1, type: 'connect', kit_version: '0.1.0' }));
    assert.equal((await hello).type, 'hello');
    const code = closed(outcome.socket);
    outcome.socket.send(JSON.stringify({ v: 1, type: 'tool_result', call_id: 'x', tool: 'request_user_input', result: { content: 'x'.repeat(2 * 1024 * 1024) } }));
    assert.equal(await code, 1009);
    assert.equal(server.session('big').connected, false);
  });

  it('a frame just under maxPayload is read', async () => {
    const server = await start({ maxPayload: 4096 });
    const outcome = await open(server, '/agent/sessions/fits', { origin: 'http://127.0.0.1:5173' });
    assert.ok(outcome.opened);
    const hello = firstMessage(outcome.socket);
    outcome.socket.send(JSON.stringify({ v: 1, type: 'connect', kit_version: '0.1.0', pad: 'x'.repeat(3900) }));
    assert.equal((await hello).type, 'hello');
  });

  it('callTool refuses with too_large a call whose frame is over a quarter of maxPayload, and sends nothing', async () => {
    const server = await start({ maxPayload: 64 * 1024 });
    const outcome = await open(server, '/agent/sessions/tl', { origin: 'http://127.0.0.1:5173' });
    assert.ok(outcome.opened);
    const frames: Record<string, unknown>[] = [];
    outcome.socket.on('message', (data) => frames.push(JSON.parse(String(data)) as Record<string, unknown>));
    outcome.socket.send(JSON.stringify({ v: 1, type: 'connect', kit_version: '0.1.0' }));
    outcome.socket.send(JSON.stringify({ v: 1, type: 'ready', kit_version: '0.1.0', capabilities: { tools: [] }, resume: [] }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const session = server.session('tl');
    // Multi-byte text counts in UTF-8 bytes: 6,000 × 3 bytes is over 16 KiB, 6,000 characters are not.
    const error = await Promise.race([
      session.callTool('request_user_approval', { message: '部署'.repeat(3000) }, { callId: 'huge' }).catch((caught: unknown) => caught),
      new Promise((resolve) => setTimeout(() => resolve('still pending'), 2000).unref()),
    ]);
    assert.ok(error instanceof KitError, `expected a KitError, got ${String(error)}`);
    assert.equal(error.code, 'too_large');
    assert.equal(error.callId, 'huge');
    assert.match(error.message, /16384/);
    assert.deepEqual(session.pendingIds, []);
    const abort = new AbortController();
    const fits = session.callTool('request_user_approval', { message: 'Deploy?' }, { callId: 'small', signal: abort.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(frames.filter((frame) => frame.type === 'tool_call').map((frame) => frame.call_id), ['small']);
    abort.abort();
    await fits.catch(() => undefined);
  });
});
