// createAgentServer inside a server an application already runs: an Express app
// with a WebSocket endpoint of its own (`ws`, routed by path in its own upgrade listener, as ws
// documents for several endpoints on one server). Only upgrades under `path` are the kit's; the
// app's socket is never written to by the kit.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { after, describe, it } from 'node:test';
import express from 'express';
import { WebSocket, WebSocketServer } from 'ws';
import { createAgentServer, type AgentServer, type AgentServerOptions } from '../../src/agent/ws-server.js';
import { openSocket, verdict, type UpgradeOutcome } from '../support/upgrade-client.js';

const ORIGIN = 'http://127.0.0.1:5173';
const cleanups: (() => Promise<unknown>)[] = [];
after(() => Promise.all(cleanups.map((cleanup) => cleanup())));

/** An Express app on its own HTTP server, with an echo endpoint at /chat. */
async function expressApp(): Promise<{ server: Server; port: number }> {
  const app = express();
  app.get('/health', (_request, response) => {
    response.json({ ok: true });
  });
  const server = createServer(app);
  const chat = new WebSocketServer({ noServer: true });
  chat.on('connection', (socket) => socket.on('message', (data) => socket.send(`echo: ${String(data)}`)));
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (request.url === '/chat') chat.handleUpgrade(request, socket, head, (ws) => chat.emit('connection', ws, request));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  cleanups.push(async () => {
    for (const client of chat.clients) client.terminate();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { server, port: (server.address() as AddressInfo).port };
}

async function attach(options: AgentServerOptions): Promise<AgentServer> {
  const kit = await createAgentServer({ log: () => undefined, ...options });
  cleanups.unshift(() => kit.close());
  return kit;
}

/** Opens the app's /chat, sends one line, and resolves with the reply, or with what went wrong. */
function chatOnce(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/chat`, { headers: { origin: ORIGIN } });
    socket.once('open', () => socket.send(text));
    socket.once('message', (data) => {
      resolve(String(data));
      socket.close();
    });
    let failure = '';
    socket.once('error', (error) => (failure = `${error.message}, then `));
    socket.once('close', (code) => resolve(`${failure}closed with ${code}`));
  });
}

function open(port: number, path: string, headers: Record<string, string> = { origin: ORIGIN }): Promise<UpgradeOutcome> {
  return openSocket(`ws://127.0.0.1:${port}${path}`, headers);
}

describe('createAgentServer({ server }): beside the app’s own WebSocket endpoint', () => {
  it('the app’s own endpoint keeps working: the kit writes nothing onto a socket another handler accepted', async () => {
    const { server, port } = await expressApp();
    assert.equal(await chatOnce(port, 'before'), 'echo: before', 'the app’s endpoint works on its own');
    const kit = await attach({ server });
    assert.equal(await chatOnce(port, 'hello'), 'echo: hello');
    const agent = await open(port, '/agent/sessions/abc');
    assert.ok(agent.opened, 'the kit’s own path still opens');
    assert.equal(kit.session('abc').connected, true);
    assert.equal(await chatOnce(port, 'again'), 'echo: again', 'and the app’s still does, beside a live kit socket');
    agent.socket.close();
  });

  it('claims only upgrades under its path: not another path that merely contains /sessions/', async () => {
    const { server, port } = await expressApp();
    const seen: string[] = [];
    // An app handler for a path of its own that looks like the kit's.
    const other = new WebSocketServer({ noServer: true });
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (request.url?.startsWith('/support/sessions/')) other.handleUpgrade(request, socket, head, (ws) => ws.send('support'));
    });
    cleanups.unshift(async () => other.clients.forEach((client) => client.terminate()));
    const kit = await attach({ server, authorize: (request) => (seen.push(request.url ?? ''), true) });
    const support = await new Promise<string>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/support/sessions/abc`, { headers: { origin: ORIGIN } });
      socket.once('message', (data) => (resolve(String(data)), socket.close()));
      socket.once('error', reject);
    });
    assert.equal(support, 'support');
    assert.deepEqual(seen, [], 'authorize never saw an upgrade outside its path');
    assert.equal(kit.session('abc').connected, false);
  });

  it('`path` moves the kit; the session id is the one segment after it; the path itself needs authorize to name the session', async () => {
    const { server, port } = await expressApp();
    const kit = await attach({ server, path: '/api/agent/', authorize: (request) => (request.headers.cookie === 'sid=u-7' ? { sessionId: 'u-7' } : true) });
    const moved = await open(port, '/api/agent/s-1?token=x');
    assert.ok(moved.opened);
    assert.equal(kit.session('s-1').connected, true);
    moved.socket.close();
    const bare = await open(port, '/api/agent', { origin: ORIGIN, cookie: 'sid=u-7' });
    assert.ok(bare.opened, 'the path itself, with authorize naming the session');
    assert.equal(kit.session('u-7').connected, true);
    bare.socket.close();
    for (const path of ['/api/agent', '/api/agent/a/b', '/api/agent/']) {
      assert.equal(verdict(await open(port, path)), 'HTTP 404', path);
    }
    assert.equal(await chatOnce(port, 'x'), 'echo: x');
  });
});

describe('createAgentServer({ noServer: true }): the application routes upgrades to handleUpgrade', () => {
  /** The app's one upgrade listener: /chat to its own endpoint, /ws/agent/<id> to the kit, the rest refused. */
  async function routed(options: AgentServerOptions) {
    const { server, port } = await expressApp();
    const kit = await attach({ noServer: true, sessionIdFor: (request) => /^\/ws\/agent\/([\w-]+)$/.exec(request.url ?? '')?.[1], ...options });
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (request.url?.startsWith('/ws/agent/')) kit.handleUpgrade(request, socket, head);
    });
    return { kit, port };
  }

  it('takes what it is given through the same checks: origin, authorize and its actor, then the session', async () => {
    const asked: (string | undefined)[] = [];
    const { kit, port } = await routed({
      allowedOrigins: [ORIGIN],
      authorize: (request, { sessionId }) => {
        asked.push(sessionId);
        return request.headers.cookie === 'sid=ada' ? { actor: 'ada' } : false;
      },
    });
    assert.equal(kit.port, 0, 'no listener of its own');
    assert.equal(verdict(await open(port, '/ws/agent/s-1', { origin: 'https://evil.example', cookie: 'sid=ada' })), 'HTTP 403');
    assert.deepEqual(asked, [], 'a foreign origin never reaches authorize');
    assert.equal(verdict(await open(port, '/ws/agent/s-1', { origin: ORIGIN })), 'HTTP 403');
    const admitted = await open(port, '/ws/agent/s-1', { origin: ORIGIN, cookie: 'sid=ada' });
    assert.ok(admitted.opened);
    assert.deepEqual(asked, ['s-1', 's-1'], 'authorize was told the session the URL names');
    assert.equal(kit.session('s-1').connected, true);
    assert.equal(kit.session('s-1').actor, 'ada');
    assert.equal(await chatOnce(port, 'still'), 'echo: still');
    admitted.socket.close();
  });

  it('refuses options that contradict it, naming them', async () => {
    await assert.rejects(createAgentServer({ noServer: true, port: 8787 }), /noServer takes no port/);
    const { server } = await expressApp();
    await assert.rejects(createAgentServer({ noServer: true, server }), /noServer takes no server/);
    await assert.rejects(createAgentServer({ server: {} as never }), /server must be a Node server/);
    for (const path of ['agent', '/agent?x=1', '']) {
      await assert.rejects(createAgentServer({ noServer: true, path }), /path must be a URL path/, JSON.stringify(path));
    }
    await assert.rejects(createAgentServer({ noServer: true, redis: 6379 as never }), /redis must be a Redis URL or node-redis client options/);
  });
});

describe('authorize’s answer: who the user is, kept with the session', () => {
  it('{ sessionId, actor } joins that session as that actor; a newer connection brings its own; a refused one changes nothing', async () => {
    const { server, port } = await expressApp();
    const users: Record<string, { sessionId?: string; actor?: string } | false> = { 'sid=1': { sessionId: 'team-7', actor: 'ada' }, 'sid=2': { actor: 'bob' }, 'sid=3': false };
    const kit = await attach({ server, authorize: (request) => users[request.headers.cookie ?? ''] ?? false });
    const ada = await open(port, '/agent/sessions/ignored', { origin: ORIGIN, cookie: 'sid=1' });
    assert.ok(ada.opened);
    assert.equal(kit.session('team-7').actor, 'ada', 'its session id won over the URL');
    assert.equal(kit.session('ignored').connected, false);
    assert.equal(verdict(await open(port, '/agent/sessions/team-7', { origin: ORIGIN, cookie: 'sid=3' })), 'HTTP 403');
    assert.equal(kit.session('team-7').actor, 'ada', 'a refused connection did not take the session');
    const bob = await open(port, '/agent/sessions/team-7', { origin: ORIGIN, cookie: 'sid=2' });
    assert.ok(bob.opened);
    assert.equal(kit.session('team-7').actor, 'bob');
    bob.socket.close();
    ada.socket.close();
  });

  it('an answer it cannot read refuses with 403 and says what is wrong with it', async () => {
    const { server, port } = await expressApp();
    const lines: string[] = [];
    let answer: unknown;
    await attach({ server, allowedOrigins: [ORIGIN], log: (line) => lines.push(line), authorize: () => answer as never });
    const cases: [unknown, RegExp][] = [
      [{ sessionId: 7 }, /sessionId must be a non-empty string/],
      [{ sessionId: '' }, /sessionId must be a non-empty string/],
      [{ actor: { id: 1 } }, /actor must be a string/],
      [[], /it returned \[\]/],
      [42, /it returned 42/],
    ];
    for (const [given, said] of cases) {
      answer = given;
      assert.equal(verdict(await open(port, '/agent/sessions/x')), 'HTTP 403', JSON.stringify(given));
      assert.match(lines.at(-1) ?? '', said);
    }
    answer = null;
    assert.equal(verdict(await open(port, '/agent/sessions/x')), 'HTTP 403');
    assert.equal(lines.length, cases.length, 'null is a plain refusal, said nowhere');
  });
});
