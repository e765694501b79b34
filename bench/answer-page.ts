// The answer page in `npm run bench` (`--only answer-page`): on a phone's viewport (390 × 844)
// under a 4 × CPU throttle (Chromium's `Emulation.setCPUThrottlingRate`), the time from the
// navigation to a usable card (the approval shown, its approve button enabled and focusable) on
// the answer page, beside the chat page's first card (an <interaction-host> page loading the
// standalone bundle, on the same runtime, its call waiting as the link's is); each load cold (a
// fresh browser context, nothing cached), the two pages taking turns. And what the answer page
// transfers (its HTML, script and style, each min + gzip -9 as the size check measures the
// bundle) beside the standalone bundle, in en (the script alone) and in ja (with its language's
// module).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { createAgentServer } from '../src/agent/ws-server.js';

type Add = (name: string, unit: string, values: number[], baseline: number | null, budget: string, pass: (value: number, ratio: number | null) => boolean, note?: string, value?: number) => void;

const PHONE = { width: 390, height: 844 };
const THROTTLE = 4;
/** Cold loads of each page, after one of each not counted (the runtime's and the server's first run). */
const LOADS = 9;
const LONG = { timeoutSeconds: 3600 };
const ARGS = { message: 'Deploy checkout 2.3 to production?', severity: 'medium' };

/** The chat page: the standalone bundle, then its host pointed at the session named in `?ws=`. */
const CHAT_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>chat</title>' +
  '<script type="module" src="/agent-interaction-kit.js"></script><script type="module" src="/chat-page.js"></script></head><body><main><interaction-host></interaction-host></main></body></html>';
const CHAT_SCRIPT = "document.querySelector('interaction-host').src = new URLSearchParams(location.search).get('ws');";

/** The ms from the navigation's start to the first frame in which the card's approve button can be used; runs in the page. */
const USABLE = () => {
  const card = document.querySelector('interaction-host')?.shadowRoot?.querySelector('approval-dialog');
  const button = card?.shadowRoot?.querySelector<HTMLButtonElement>('[part~="approve-button"]');
  return button && !button.disabled && button.tabIndex >= 0 && button.getClientRects().length > 0 ? performance.now() : false;
};

export interface AnswerPageFigures {
  answer: number[];
  chat: number[];
  bytes: { en: number; ja: number; bundle: number };
}

const gzip = (body: Buffer | string) => gzipSync(body, { level: 9 }).length;

export async function answerPageBench(browser: Browser): Promise<AnswerPageFigures> {
  const bundle = readFileSync('dist/agent-interaction-kit.js');
  const http = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const kit = await createAgentServer({ server: http, log: () => undefined, links: { secret: 'the-answer-page-bench-secret-32-bytes+', baseUrl: base }, contextFor: () => ({ locale: 'en' }) });
  http.on('request', (request, response) => {
    const path = new URL(request.url ?? '/', base).pathname;
    if (path === '/chat') response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(CHAT_HTML);
    else if (path === '/agent-interaction-kit.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    else if (path === '/chat-page.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(CHAT_SCRIPT);
    else if (!kit.handleRequest(request, response)) response.writeHead(404).end();
  });

  let calls = 0;
  /** A waiting call in its own session: the page that shows it, the chat's or the link's. */
  const ask = (link: boolean) => {
    calls += 1;
    const id = `bench-${calls}`;
    const session = kit.session(`s-${id}`);
    session.callTool('request_user_approval', ARGS, { callId: id, ...LONG }).catch(() => undefined);
    return link ? session.linkFor(id)! : `${base}/chat?ws=${encodeURIComponent(`${base.replace('http', 'ws')}/agent/sessions/s-${id}`)}`;
  };
  /** One cold load at the phone's size under the throttle: ms to a usable card. */
  const load = async (url: string) => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'en' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await page.goto(url, { waitUntil: 'commit' });
    const ms = (await (await page.waitForFunction(USABLE, undefined, { polling: 'raf', timeout: 60_000 })).jsonValue()) as number;
    await context.close();
    return ms;
  };

  const answer: number[] = [];
  const chat: number[] = [];
  for (let run = 0; run <= LOADS; run += 1) {
    const [a, c] = [await load(ask(true)), await load(ask(false))];
    if (run === 0) continue;
    answer.push(a);
    chat.push(c);
  }

  // The bytes: the page as an en and a ja browser get it, and what it loads.
  const link = ask(true);
  const fetched = async (url: string, language = 'en') => Buffer.from(await (await fetch(url, { headers: { 'accept-language': language } })).arrayBuffer());
  const assets = `${base}/agent/answer`;
  const common = gzip(await fetched(`${assets}/answer-page.js`)) + gzip(await fetched(`${assets}/answer-page.css`));
  const en = gzip(await fetched(link)) + common;
  const ja = gzip(await fetched(link, 'ja')) + gzip(await fetched(`${assets}/answer-page-ja.js`)) + common;

  await kit.close();
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
  return { answer, chat, bytes: { en, ja, bundle: gzip(bundle) } };
}

export function addAnswerPage(add: Add, figures: AnswerPageFigures): void {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const { answer, chat, bytes } = figures;
  const spread = (values: number[]) => `${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))} ms`;
  add('answer page: usable card, 390 × 844, 4 × CPU', 'ms', answer, median(chat), '≤ 1.5 × chat page’s first card', (_, ratio) => ratio !== null && ratio <= 1.5,
    `cold loads, answer page ${spread(answer)}, chat page ${spread(chat)}`);
  add('answer page: bytes (HTML + script + style, en)', 'bytes', [bytes.en], bytes.bundle, '≤ 1.05 × standalone bundle', (_, ratio) => ratio !== null && ratio <= 1.05);
  add('answer page: bytes in ja (with its language’s module)', 'bytes', [bytes.ja], bytes.bundle, 'reported', () => true);
}
