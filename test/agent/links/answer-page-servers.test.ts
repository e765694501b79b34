// The answer page inside servers an application already runs, as the sessions are: an Express app
// (its middleware hands the kit its requests with `handleRequest`, the kit attached to its server
// for the socket), a Hono app on `@hono/node-server` (a route hands over the raw request and
// response) and a plain `http` server routing both by hand (`noServer`, `handleUpgrade`).
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { serve, type HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import express from 'express';
import { Hono } from 'hono';
import { createAgentServer, type AgentServer, type AgentServerOptions } from '../../../src/agent/ws-server.js';
import { waitFor } from '../fleet.js';
import { actorFromQuery, approved, rawKit } from '../places-clients.js';

const SECRET = 'a-test-secret-of-at-least-32-bytes-long!';
const cleanups: (() => Promise<unknown>)[] = [];
after(() => Promise.all(cleanups.map((cleanup) => cleanup())));

async function listen(server: Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return (server.address() as AddressInfo).port;
}

async function kitOn(options: AgentServerOptions): Promise<AgentServer> {
  const kit = await createAgentServer({ log: () => undefined, authorize: actorFromQuery, links: { secret: SECRET, baseUrl: 'http://127.0.0.1:8080' }, ...options });
  cleanups.unshift(() => kit.close());
  return kit;
}

/** The page answers 200 under the strict headers, and its socket takes the call's answer. */
async function answersThrough(kit: AgentServer, port: number, session: string): Promise<void> {
  const agent = kit.session(session, { owner: 'li.lei' });
  const result = agent.callTool('request_user_approval', { message: 'Ship it?' }, { callId: `${session}-call` });
  const token = agent.linkFor(`${session}-call`)!.split('/').at(-1)!;
  const page = await fetch(`http://127.0.0.1:${port}/agent/answer/${token}?as=li.lei`);
  assert.equal(page.status, 200);
  assert.equal(page.headers.get('cache-control'), 'no-store');
  assert.match(page.headers.get('content-security-policy') ?? '', /^default-src 'none'; script-src 'self';/);
  const script = await fetch(`http://127.0.0.1:${port}/agent/answer/answer-page.js`);
  assert.equal(script.headers.get('content-type'), 'text/javascript; charset=utf-8');
  assert.equal((await fetch(`http://127.0.0.1:${port}/agent/answer/${token}`)).status, 403, 'the audience is checked by the app’s authorize');
  const socket = await rawKit(`ws://127.0.0.1:${port}/agent/answer/${token}?as=li.lei`);
  await waitFor(() => socket.of('tool_call').length === 1, 'the card');
  socket.answer({ call_id: `${session}-call`, tool: 'request_user_approval', result: approved(`${session}-call`) });
  await result;
  await waitFor(() => socket.of('ack').length === 1, 'the ack');
}

describe('the answer page inside the application’s server', () => {
  it('Express: a middleware hands the kit its requests (handleRequest), the app’s routes stay its own', async () => {
    const app = express();
    const server = createServer(app);
    const kit = await kitOn({ server });
    app.use((request, response, next) => {
      if (!kit.handleRequest(request, response)) next();
    });
    app.get('/health', (_request, response) => {
      response.json({ ok: true });
    });
    const port = await listen(server);
    assert.deepEqual(await (await fetch(`http://127.0.0.1:${port}/health`)).json(), { ok: true });
    await answersThrough(kit, port, 'express');
  });

  it('Hono: a route hands the kit the raw request and response, the kit attached to what serve() returns', async () => {
    const app = new Hono<{ Bindings: HttpBindings }>();
    const kit = { server: undefined as AgentServer | undefined };
    app.get('/agent/answer/*', (c) => {
      kit.server?.handleRequest(c.env.incoming, c.env.outgoing);
      return RESPONSE_ALREADY_SENT;
    });
    app.get('/health', (c) => c.json({ ok: true }));
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await once(server, 'listening');
    cleanups.push(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
    kit.server = await kitOn({ server });
    const port = (server.address() as AddressInfo).port;
    assert.deepEqual(await (await fetch(`http://127.0.0.1:${port}/health`)).json(), { ok: true });
    await answersThrough(kit.server, port, 'hono');
  });

  it('noServer: the application routes requests and upgrades itself (handleRequest, handleUpgrade)', async () => {
    const kit = await kitOn({ noServer: true });
    const server = createServer((request, response) => {
      if (!kit.handleRequest(request, response)) response.writeHead(200, { 'content-type': 'text/plain' }).end('the app');
    });
    server.on('upgrade', (request, socket, head) => kit.handleUpgrade(request, socket, head));
    const port = await listen(server);
    assert.equal(await (await fetch(`http://127.0.0.1:${port}/`)).text(), 'the app');
    await answersThrough(kit, port, 'plain');
  });
});
