// The generic JSON webhook sender against a local receiver: method, path, signature recomputed,
// body, and a message full of markup that stays plain data.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { sendWebhook } from '../../../src/agent/links/webhook-sender.js';
import { ANSWER_LINK as link, pendingCall, startStandIn } from './stand-in.js';

const receiver = await startStandIn({ status: 204 });
const { received } = receiver;
const url = receiver.url('/hooks/aik');
const input = (message: string) => pendingCall(message, 'li.lei@example.com');

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
    receiver.reply = { status: 500 };
    await assert.rejects(sendWebhook(input('x'), { url, secret: 'hook-secret' }), /500/);
    receiver.reply = { status: 204 };
  });
});
