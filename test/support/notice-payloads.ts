// Prints, as one JSON object, the Node senders' payloads for every hostile notice of
// test/fixtures/notifiers.json (as title and message): the Python runtime's tests compare theirs
// with these byte for byte (python/tests/test_notices.py).
import { readFileSync } from 'node:fs';
import type { NotifyInput } from '../../src/agent/links/notify.js';
import { slackMessage } from '../../src/agent/links/slack-sender.js';
import { webhookBody } from '../../src/agent/links/webhook-sender.js';

const { hostile } = JSON.parse(readFileSync(new URL('../fixtures/notifiers.json', import.meta.url), 'utf8')) as { hostile: { name: string; message: string }[] };

const notice = (text: string): NotifyInput => ({
  sessionId: 'sess-abc',
  call: { id: 'call-1', tool: 'request_user_approval', arguments: { message: text, title: text, severity: 'high' }, deadline: '2026-12-06T10:05:00.000Z' },
  link: 'https://agent.example.com/answer#t=abc.def',
  actor: 'li.lei@example.com',
});

const payloads = Object.fromEntries(hostile.map(({ name, message }) => [name, { webhook: JSON.stringify(webhookBody(notice(message))), slack: JSON.stringify(slackMessage(notice(message))) }]));
process.stdout.write(JSON.stringify(payloads));
