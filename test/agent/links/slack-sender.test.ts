// The Slack sender against a local stand-in for an incoming webhook: the Block Kit body, the
// answer link as the button, and hostile model text that stays text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sendSlack } from '../../../src/agent/links/slack-sender.js';
import { ANSWER_LINK as link, pendingCall as input, startStandIn } from './stand-in.js';

const slack = await startStandIn({ status: 200, type: 'text/plain', body: 'ok' });
const { received } = slack;
const url = slack.url('/services/T000/B000/XXXX');

describe('sendSlack', () => {
  it('posts Block Kit with the answer link as its button', async () => {
    received.length = 0;
    await sendSlack(input('Deploy v2.3?'), { url });
    const [request] = received;
    assert.equal(request.method, 'POST');
    assert.equal(request.url, '/services/T000/B000/XXXX');
    assert.match(request.headers['content-type'] ?? '', /application\/json/);
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
