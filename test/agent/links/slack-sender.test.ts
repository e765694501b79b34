// The Slack sender against a local stand-in for an incoming webhook: the Block Kit body, the
// answer link as the button, and hostile model text that stays text.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { sendSlack } from '../../../src/agent/links/slack-sender.js';
import type { NotifyInput } from '../../../src/agent/links/webhook-sender.js';

const received: { method?: string; url?: string; type?: string; body: string }[] = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  req.on('end', () => {
    received.push({ method: req.method, url: req.url, type: req.headers['content-type'], body });
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/services/T000/B000/XXXX`;
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const link = 'https://agent.example.com/answer#t=abc.def';
const input = (message: string): NotifyInput => ({
  sessionId: 'sess-abc',
  call: { id: 'call-1', tool: 'request_user_approval', arguments: { message, severity: 'high', title: 'Deploy' }, deadline: '2026-12-06T10:05:00.000Z' },
  link,
});

describe('sendSlack', () => {
  it('posts Block Kit with the answer link as its button', async () => {
    received.length = 0;
    await sendSlack(input('Deploy v2.3?'), { url });
    const [request] = received;
    assert.equal(request.method, 'POST');
    assert.equal(request.url, '/services/T000/B000/XXXX');
    assert.match(request.type ?? '', /application\/json/);
    const body = JSON.parse(request.body) as { text: string; blocks: { type: string; text?: { text: string }; elements?: { type: string; url?: string }[] }[] };
    assert.equal(body.text, 'Deploy');
    assert.deepEqual(body.blocks.map((b) => b.type), ['header', 'section', 'context', 'actions']);
    assert.equal(body.blocks[1].text?.text, 'Deploy v2.3?');
    assert.deepEqual(body.blocks[3].elements?.map((e) => [e.type, e.url]), [['button', link]]);
  });

  it('escapes mrkdwn so no mention, link or markup the model wrote survives', async () => {
    received.length = 0;
    await sendSlack(input('<!channel> @all [x](http://evil) <http://evil|click> <script>'), { url });
    const body = JSON.parse(received[0].body) as { blocks: { text?: { text: string; verbatim?: boolean } }[] };
    const section = body.blocks[1].text!;
    assert.equal(section.text, '&lt;!channel&gt; @all [x](http://evil) &lt;http://evil|click&gt; &lt;script&gt;');
    assert.equal(section.verbatim, true);
    assert.ok(!received[0].body.includes('<!channel>'));
    assert.deepEqual([...received[0].body.matchAll(/"url":"([^"]*)"/g)].map((m) => m[1]), [link]);
  });
});
