// The DingTalk sender against a local stand-in for a custom robot's webhook: the signed query
// (timestamp and sign, recomputed here), the actionCard body, and DingTalk's `errcode` answers.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { dingTalkMessage, escapeDingTalk, sendDingTalk } from '../../../src/agent/links/dingtalk-sender.js';
import { json, ANSWER_LINK as link, pendingCall as input, startStandIn } from './stand-in.js';

const robot = await startStandIn(json({ errcode: 0, errmsg: 'ok' }));
const { received } = robot;
const webhook = robot.url('/robot/send?access_token=tok123');
const secret = 'SECa1b2c3d4e5f6';
const now = () => Date.parse('2026-12-06T10:00:00Z');

describe('sendDingTalk', () => {
  it('posts the actionCard to the webhook, signed with the timestamp and secret', async () => {
    received.length = 0;
    await sendDingTalk(input('Deploy v2.3?'), { webhook, secret, now });
    const [request] = received;
    assert.equal(request.method, 'POST');
    assert.match(request.headers['content-type'] ?? '', /application\/json/);
    const url = new URL(request.url ?? '', 'http://robot');
    assert.equal(url.pathname, '/robot/send');
    assert.deepEqual([...url.searchParams.keys()], ['access_token', 'timestamp', 'sign']);
    assert.equal(url.searchParams.get('access_token'), 'tok123');
    assert.equal(url.searchParams.get('timestamp'), '1796551200000');
    // base64(HMAC-SHA256(secret, "<ms>\n<secret>")), computed here and, as a literal, by another implementation.
    const expected = createHmac('sha256', secret).update(`1796551200000\n${secret}`).digest('base64');
    assert.equal(expected, 'TjkTi4I9YzFWddTkFqeYlMCjQbLwfZtW8pel8G+cZ3Y=');
    assert.equal(url.searchParams.get('sign'), expected);
    assert.ok(request.url?.endsWith('&sign=TjkTi4I9YzFWddTkFqeYlMCjQbLwfZtW8pel8G%2BcZ3Y%3D'), request.url);
    assert.deepEqual(JSON.parse(request.body), {
      msgtype: 'actionCard',
      actionCard: { title: 'Deploy', text: '### Deploy\n\nDeploy v2\\.3\\?\n\nSeverity: high', singleTitle: 'Answer', singleURL: link },
    });
  });

  it('escapes every markdown character the model wrote, and mentions nobody', () => {
    assert.equal(escapeDingTalk('[x](https://evil) **b** # h <b>&amp;'), '\\[x\\]\\(https\\:\\/\\/evil\\) \\*\\*b\\*\\* \\# h \\<b\\>\\&amp\\;');
    assert.equal(escapeDingTalk('one\ntwo'), 'one  \ntwo');
    const body = dingTalkMessage(input('@13800138000 @all approve'));
    assert.equal('at' in body, false);
    assert.equal(body.actionCard.text, '### Deploy\n\n\\@13800138000 \\@all approve\n\nSeverity: high');
  });

  it('rejects with DingTalk’s errmsg when it answers 200 with an errcode', async () => {
    robot.reply = json({ errcode: 310000, errmsg: 'sign not match, more: [https://ding-doc.dingtalk.com/doc#/serverapi2/qf2nxq]' });
    await assert.rejects(sendDingTalk(input('x'), { webhook, secret: 'SECwrong', now }), /^Error: DingTalk: errcode 310000: sign not match/);
    robot.reply = { status: 502, body: 'bad gateway' };
    await assert.rejects(sendDingTalk(input('x'), { webhook, secret, now }), /^Error: DingTalk: HTTP 502$/);
    robot.reply = json({ errcode: 0, errmsg: 'ok' });
  });
});
