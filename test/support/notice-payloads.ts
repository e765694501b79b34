// Prints, as one JSON object, the Node senders' payloads for every hostile notice of
// test/fixtures/notifiers.json (as title and message): the Python runtime's tests compare theirs
// with these byte for byte (python/tests/test_notices.py).
import { readFileSync } from 'node:fs';
import type { NotifyInput } from '../../src/agent/links/notify.js';
import { dingTalkMessage } from '../../src/agent/links/dingtalk-sender.js';
import { emailMessage } from '../../src/agent/links/email-sender.js';
import { feishuMessage } from '../../src/agent/links/feishu-sender.js';
import { slackMessage } from '../../src/agent/links/slack-sender.js';
import { webhookBody } from '../../src/agent/links/webhook-sender.js';
import { weComMessage } from '../../src/agent/links/wecom-sender.js';

const { hostile } = JSON.parse(readFileSync(new URL('../fixtures/notifiers.json', import.meta.url), 'utf8')) as { hostile: { name: string; message: string }[] };

const notice = (text: string): NotifyInput => ({
  sessionId: 'sess-abc',
  call: { id: 'call-1', tool: 'request_user_approval', arguments: { message: text, title: text, severity: 'high' }, deadline: '2026-12-06T10:05:00.000Z' },
  link: 'https://agent.example.com/answer#t=abc.def',
  actor: 'li.lei@example.com',
});

const BUILDERS = { webhook: webhookBody, slack: slackMessage, feishu: feishuMessage, dingtalk: dingTalkMessage, wecom: weComMessage, email: emailMessage };
// Every hostile text, and one past the header's 150 characters that ends in the middle of an escape.
const texts = [...hostile, { name: 'entity-at-the-cut', message: `x${'&'.repeat(99)}` }];
const payloads = Object.fromEntries(texts.map(({ name, message }) => [name, Object.fromEntries(Object.entries(BUILDERS).map(([sender, build]) => [sender, JSON.stringify(build(notice(message)))]))]));
process.stdout.write(JSON.stringify(payloads));
