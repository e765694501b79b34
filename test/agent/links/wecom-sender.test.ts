// The WeCom sender against a local stand-in for a group robot's webhook: the template card's
// documented shape and lengths, and WeCom's `errcode` answers.
import assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { sendWeCom, WECOM_LENGTHS, weComMessage } from '../../../src/agent/links/wecom-sender.js';
import { json, ANSWER_LINK as link, pendingCall as input, startStandIn } from './stand-in.js';

const robot = await startStandIn(json({ errcode: 0, errmsg: 'ok' }));
const { received } = robot;
const url = robot.url('/cgi-bin/webhook/send?key=693a91f6-7xxx');

describe('sendWeCom', () => {
  it('posts a text_notice template card whose action and one jump are the answer link', async () => {
    received.length = 0;
    await sendWeCom(input('Deploy v2.3 to production?'), { url });
    const [request] = received;
    assert.equal(request.method, 'POST');
    assert.equal(request.url, '/cgi-bin/webhook/send?key=693a91f6-7xxx');
    assert.match(request.headers['content-type'] ?? '', /application\/json/);
    assert.deepEqual(JSON.parse(request.body), {
      msgtype: 'template_card',
      template_card: {
        card_type: 'text_notice',
        main_title: { title: 'Deploy', desc: 'Severity: high' },
        sub_title_text: 'Deploy v2.3 to production?',
        jump_list: [{ type: 1, url: link, title: 'Answer' }],
        card_action: { type: 1, url: link },
      },
    });
  });

  it('cuts each field to WeCom’s documented length, counting characters', () => {
    const call = input('批'.repeat(200));
    const long = { ...call, call: { ...call.call, arguments: { ...call.call.arguments, title: '标'.repeat(40), severity: 'x'.repeat(20) } } };
    const card = weComMessage(long).template_card;
    assert.equal(card.main_title.title, `${'标'.repeat(25)}…`);
    assert.equal(Array.from(card.main_title.desc ?? '').length, WECOM_LENGTHS.desc);
    assert.equal(card.sub_title_text, `${'批'.repeat(111)}…`);
    assert.deepEqual(WECOM_LENGTHS, { title: 26, desc: 30, subTitle: 112, jump: 13 });
  });

  it('rejects with WeCom’s errmsg when it answers 200 with an errcode', async () => {
    robot.reply = json({ errcode: 93000, errmsg: 'invalid webhook url, hint: [1733470000_1_abc]' });
    await assert.rejects(sendWeCom(input('x'), { url }), /^Error: WeCom: errcode 93000: invalid webhook url/);
    robot.reply = { status: 500, body: 'oops' };
    await assert.rejects(sendWeCom(input('x'), { url }), /^Error: WeCom: HTTP 500$/);
    robot.reply = json({ errcode: 0, errmsg: 'ok' });
  });

  it('rejects naming WeCom when the robot cannot be reached', async () => {
    // A port that was free a moment ago and is closed again: nothing answers there.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await assert.rejects(sendWeCom(input('x'), { url: `http://127.0.0.1:${port}/cgi-bin/webhook/send?key=k` }), /^Error: WeCom: fetch failed$/);
  });
});
