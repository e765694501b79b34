// The generic JSON webhook sender against a local receiver: method, path, signature recomputed,
// body, and a message full of markup that stays plain data.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { sendWebhook, type NotifyInput } from '../../../src/agent/links/webhook-sender.js';

interface Received { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }
const received: Received[] = [];
let status = 204;
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  req.on('end', () => {
    received.push({ method: req.method, url: req.url, headers: req.headers, body });
    res.writeHead(status).end();
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/aik`;
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const link = 'https://agent.example.com/answer#t=abc.def';
const input = (message: string): NotifyInput => ({
  sessionId: 'sess-abc',
  call: { id: 'call-1', tool: 'request_user_approval', arguments: { message, severity: 'high', title: 'Deploy' }, deadline: '2026-12-06T10:05:00.000Z' },
  link,
  actor: 'li.lei@example.com',
});

describe('sendWebhook', () => {
  it('posts the signed JSON notice with the answer link', async () => {
    received.length = 0;
    await sendWebhook(input('Deploy v2.3?'), { url, secret: 'hook-secret', now: () => Date.parse('2026-12-06T10:00:00Z') });
    const [request] = received;
    assert.equal(request.method, 'POST');
    assert.equal(request.url, '/hooks/aik');
    assert.equal(request.headers['content-type'], 'application/json');
    assert.equal(request.headers['x-aik-timestamp'], '1796551200');
    const expected = createHmac('sha256', 'hook-secret').update(`1796551200.${request.body}`).digest('hex');
    assert.equal(request.headers['x-aik-signature'], `sha256=${expected}`);
    assert.deepEqual(JSON.parse(request.body), {
      v: 1, type: 'pending_call', session_id: 'sess-abc', call_id: 'call-1', tool: 'request_user_approval',
      title: 'Deploy', message: 'Deploy v2.3?', severity: 'high', deadline: '2026-12-06T10:05:00.000Z', link, actor: 'li.lei@example.com',
    });
  });

  it('keeps markup in the message as plain data and the answer link as the only link', async () => {
    received.length = 0;
    const hostile = '<!channel> @all [x](http://evil) <script>alert(1)</script>';
    await sendWebhook(input(hostile), { url, secret: 'hook-secret' });
    const body = JSON.parse(received[0].body) as Record<string, unknown>;
    assert.equal(body.message, hostile);
    assert.equal(body.link, link);
  });

  it('rejects when the receiver refuses', async () => {
    status = 500;
    await assert.rejects(sendWebhook(input('x'), { url, secret: 'hook-secret' }), /500/);
    status = 204;
  });
});
