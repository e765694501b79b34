// The email sender against a real SMTP server on a free port: the envelope, the headers (a title
// with CR/LF adds none), the text part and the HTML part (every model string escaped, the answer
// link its only anchor), and a refused login.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sendEmail } from '../../../src/agent/links/email-sender.js';
import { readMail, startMailStandIn } from './mail-stand-in.js';
import { ANSWER_LINK as link, pendingCall } from './stand-in.js';

const login = { user: 'notices', pass: 'right-pass' };
const relay = await startMailStandIn(login);
const options = { host: '127.0.0.1', port: relay.port, secure: false, auth: login, from: 'Agent <agent@example.com>', to: 'li.lei@example.com' };
const withTitle = (title: string, message: string) => {
  const input = pendingCall(message);
  return { ...input, call: { ...input.call, arguments: { ...input.call.arguments, title } } };
};

describe('sendEmail', () => {
  it('sends the notice: from, to, the title as subject, a text part and an HTML part with the link', async () => {
    relay.delivered.length = 0;
    await sendEmail(withTitle('Deploy 部署', 'Deploy v2.3 to production?\nIt restarts the web tier.'), options);
    const [mail] = relay.delivered;
    assert.equal(mail.mailFrom, 'agent@example.com');
    assert.deepEqual(mail.rcptTo, ['li.lei@example.com']);
    const { headers, parts } = readMail(mail.raw);
    assert.deepEqual(headers.get('from'), ['Agent <agent@example.com>']);
    assert.deepEqual(headers.get('to'), ['li.lei@example.com']);
    assert.deepEqual(headers.get('subject'), ['Deploy 部署']);
    assert.match(headers.get('content-type')?.[0] ?? '', /^multipart\/alternative;/);
    assert.deepEqual(parts.map((part) => part.type), ['text/plain', 'text/html']);
    assert.equal(parts[0].text, `Deploy 部署\n\nDeploy v2.3 to production?\nIt restarts the web tier.\n\nSeverity: high\n\nAnswer: ${link}`);
    assert.equal(
      parts[1].text,
      '<!doctype html><html><body><h1>Deploy 部署</h1><p style="white-space: pre-wrap">Deploy v2.3 to production?\nIt restarts the web tier.</p>' +
        `<p>Severity: high</p><p><a href="${link}">Answer</a></p></body></html>`,
    );
  });

  it('a title with CR/LF adds no header, and HTML the model wrote is escaped, the link the only anchor', async () => {
    relay.delivered.length = 0;
    const hostile = '<a href="https://evil.example">Approve</a><script>alert(1)</script> & <img src=x onerror=alert(1)>';
    await sendEmail(withTitle('Deploy\r\nBcc: victim@example.com\r\nX-Forged: yes', hostile), options);
    const [mail] = relay.delivered;
    assert.deepEqual(mail.rcptTo, ['li.lei@example.com']);
    const { headers, parts } = readMail(mail.raw);
    assert.equal(headers.has('bcc'), false);
    assert.equal(headers.has('x-forged'), false);
    assert.deepEqual(headers.get('subject'), ['Deploy Bcc: victim@example.com X-Forged: yes']);
    const html = parts[1].text;
    assert.ok(html.includes('&lt;a href=&quot;https://evil.example&quot;&gt;Approve&lt;/a&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;'), html);
    assert.deepEqual([...html.matchAll(/<a\b[^>]*>/g)].map((anchor) => anchor[0]), [`<a href="${link}">`]);
    assert.doesNotMatch(html, /<script|<img/);
    assert.ok(parts[0].text.includes(hostile), 'the text part carries the words as written');
  });

  it('rejects naming email and the server’s error when the login is refused', async () => {
    relay.delivered.length = 0;
    await assert.rejects(sendEmail(pendingCall('x'), { ...options, auth: { user: 'notices', pass: 'wrong' } }), /^Error: Email: Invalid login: 535 Invalid username or password/);
    assert.equal(relay.delivered.length, 0);
  });
});
