// A local HTTP server standing in for a platform a notice is sent to (a webhook receiver, Slack's
// incoming webhook, a robot's endpoint): it records every request whole and answers with the
// status and body the test sets. And the pending call the senders' tests notify about.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';
import type { NotifyInput } from '../../../src/agent/links/notify.js';

export interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface StandIn {
  /** The stand-in's URL for `path`. */
  url(path: string): string;
  /** Every request so far, in order. */
  readonly received: Received[];
  /** What it answers from now on: one answer, or one per request (a platform with a token endpoint). */
  reply: Reply | ((request: Received) => Reply);
}

export interface Reply {
  status: number;
  type?: string;
  body?: string;
}

/** A JSON answer. */
export const json = (body: unknown, status = 200): Reply => ({ status, type: 'application/json', body: JSON.stringify(body) });

/** Starts a stand-in on a free port of 127.0.0.1, closed when the test file ends. */
export async function startStandIn(reply: StandIn['reply'] = { status: 200 }): Promise<StandIn> {
  const received: Received[] = [];
  const standIn: StandIn = { url: () => '', received, reply };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const request = { method: req.method, url: req.url, headers: req.headers, body };
      received.push(request);
      const { status, type, body: answer } = typeof standIn.reply === 'function' ? standIn.reply(request) : standIn.reply;
      res.writeHead(status, type ? { 'content-type': type } : {}).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.url = (path) => `${origin}${path}`;
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return standIn;
}

/** The answer link every notice carries. */
export const ANSWER_LINK = 'https://agent.example.com/answer#t=abc.def';

/** A pending high-risk approval whose message is `message`. */
export const pendingCall = (message: string, actor?: string): NotifyInput => ({
  sessionId: 'sess-abc',
  call: { id: 'call-1', tool: 'request_user_approval', arguments: { message, severity: 'high', title: 'Deploy' }, deadline: '2026-12-06T10:05:00.000Z' },
  link: ANSWER_LINK,
  ...(actor === undefined ? {} : { actor }),
});
