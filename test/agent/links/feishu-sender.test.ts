// The Feishu sender against a local stand-in for the open platform (the SDK's domain pointed at
// it): the tenant token exchanged for the app's credentials, then the interactive card posted to
// the configured chat with that token, the answer link as its button.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { feishuMessage, sendFeishu } from '../../../src/agent/links/feishu-sender.js';
import { json, ANSWER_LINK as link, pendingCall as input, startStandIn, type Received } from './stand-in.js';

const TOKEN_PATH = '/open-apis/auth/v3/tenant_access_token/internal';
const MESSAGE_PATH = '/open-apis/im/v1/messages';

/** Feishu's answers: a token for the right secret, `code: 0` for a message sent with that token. */
let messageAnswer = json({ code: 0, msg: 'success', data: { message_id: 'om_1' } });
const platform = await startStandIn((request: Received) => {
  if (request.url === TOKEN_PATH) {
    const { app_secret } = JSON.parse(request.body) as { app_secret: string };
    return app_secret === 'right-secret'
      ? json({ code: 0, msg: 'ok', tenant_access_token: 't-granted', expire: 7200 })
      : json({ code: 10014, msg: 'app secret invalid' });
  }
  return messageAnswer;
});
const { received } = platform;
const domain = platform.url('');
// Each test its own app: the SDK caches a tenant token per app id for the whole process.
const options = (appId: string, appSecret = 'right-secret') => ({ appId, appSecret, chatId: 'oc_chat42', domain });

interface Card {
  config: Record<string, boolean>;
  header: { template: string; title: { tag: string; content: string } };
  elements: { tag: string; text?: { tag: string; content: string }; elements?: { tag: string; content: string }[]; actions?: { tag: string; type: string; url: string; text: { content: string } }[] }[];
}

describe('sendFeishu', () => {
  it('exchanges the app credentials for a tenant token, then posts the card to the chat with it', async () => {
    received.length = 0;
    await sendFeishu(input('Deploy v2.3?'), options('cli_a1'));
    assert.equal(received.length, 2);
    const [token, message] = received;
    assert.equal(token.method, 'POST');
    assert.equal(token.url, TOKEN_PATH);
    assert.deepEqual(JSON.parse(token.body), { app_id: 'cli_a1', app_secret: 'right-secret' });

    assert.equal(message.method, 'POST');
    const url = new URL(message.url ?? '', domain);
    assert.equal(url.pathname, MESSAGE_PATH);
    assert.deepEqual([...url.searchParams], [['receive_id_type', 'chat_id']]);
    assert.equal(message.headers.authorization, 'Bearer t-granted');
    assert.match(message.headers['content-type'] ?? '', /application\/json/);
    const body = JSON.parse(message.body) as { receive_id: string; msg_type: string; content: string };
    assert.equal(body.receive_id, 'oc_chat42');
    assert.equal(body.msg_type, 'interactive');
    const card = JSON.parse(body.content) as Card;
    assert.deepEqual(card.config, { wide_screen_mode: true, enable_forward: false });
    assert.equal(card.header.template, 'red');
    assert.deepEqual(card.header.title, { tag: 'plain_text', content: 'Deploy' });
    assert.deepEqual(card.elements.map((e) => e.tag), ['div', 'note', 'action']);
    assert.deepEqual(card.elements[0].text, { tag: 'plain_text', content: 'Deploy v2.3?' });
    const [button] = card.elements[2].actions ?? [];
    assert.deepEqual([button.tag, button.type, button.url, button.text.content], ['button', 'primary', link, 'Answer']);
  });

  it('colours the header by severity: orange for medium, blue for low or none', () => {
    const withSeverity = (severity?: string) => {
      const call = input('x');
      return (feishuMessage({ ...call, call: { ...call.call, arguments: { message: 'x', ...(severity ? { severity } : {}) } } }) as unknown as Card).header.template;
    };
    assert.deepEqual([withSeverity('high'), withSeverity('medium'), withSeverity('low'), withSeverity()], ['red', 'orange', 'blue', 'blue']);
  });

  it('rejects with Feishu’s error when the credentials are refused, and sends nothing', async () => {
    received.length = 0;
    await assert.rejects(sendFeishu(input('x'), options('cli_bad', 'wrong-secret')), /^Error: Feishu: .*app secret invalid/);
    assert.deepEqual(received.map((r) => r.url), [TOKEN_PATH]);
  });

  it('rejects with Feishu’s code and msg when the message is refused', async () => {
    messageAnswer = json({ code: 230002, msg: 'Bot/User can NOT be out of the chat.' });
    await assert.rejects(sendFeishu(input('x'), options('cli_a2')), /^Error: Feishu: code 230002: Bot\/User can NOT be out of the chat\.$/);
    messageAnswer = { status: 503, body: 'unavailable' };
    await assert.rejects(sendFeishu(input('x'), options('cli_a2')), /^Error: Feishu: HTTP 503$/);
    messageAnswer = json({ code: 0, msg: 'success' });
  });
});
