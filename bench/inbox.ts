// The inbox in `npm run bench` (`--only inbox`): the time from a call asked to its row shown in an
// <interaction-inbox> holding 0, 100 and 1,000 waiting calls, beside the chat's own time from a
// call to its card shown at 0 rows; in one process, and through Redis (asked on instance A, the
// pages on instance B, both on the bench's own redis-server); and the cost of the inbox's update
// that adds a row, with 1,000 rows beside 0.
//
// What is timed, and why so: the time runs in Node from just before `callTool` to the page's
// binding reporting the row (or card) in its render root, laid out. Node's and the page's clocks
// are not one clock, so the page cannot time from the call; timed in Node, each figure carries the
// binding's way back from the page, the same for the chat and the inbox, so the ratio stays honest.
// The update's own cost is timed in the page (see bench/inbox-pages.ts).
import type { Browser, Page } from 'playwright-core';
import { createAgentServer, type AgentServer } from '../src/agent/ws-server.js';
import { startRedis } from '../scripts/redis-server.js';

type Add = (name: string, unit: string, values: number[], baseline: number | null, budget: string, pass: (value: number, ratio: number | null) => boolean, note?: string, value?: number) => void;

const OWNER = 'bench-owner';
/** The waiting calls an inbox holds while its rows are timed. */
export const LEVELS = [0, 100, 1000] as const;
const quiet = { log: () => undefined };
// Every connection is the owner's: the inbox needs an actor, the chat page accepts one.
const authorize = () => ({ actor: OWNER });
// Long enough that no waiting call reaches its deadline during the bench.
const LONG = { timeoutSeconds: 3600 };

export interface InboxTimes {
  /** The chat's card shown, ms from the call. */
  chat: number[];
  /** The inbox's row shown, ms from the call, per number of waiting calls. */
  rows: Record<number, number[]>;
  /** The inbox's update that added the row, ms, per number of waiting calls. */
  renders: Record<number, number[]>;
}

/** Starts timing a call asked in `session` of `asker`; resolves with ms from the call to the page's report, and the update's time. */
function shownOn(tab: Page, waiters: Map<string, (renderMs: number) => void>) {
  return async (asker: AgentServer, session: string, id: string, signal?: AbortSignal) => {
    await tab.evaluate((callId) => window.benchExpect(callId), id);
    const shown = new Promise<number>((resolve) => waiters.set(id, resolve));
    const start = performance.now();
    const call = asker.session(session).callTool('request_user_approval', { message: `#${id}` }, { callId: id, signal, ...LONG });
    const renderMs = await shown;
    const ms = performance.now() - start;
    return { ms, renderMs, call };
  };
}

async function openPage(browser: Browser, base: string, mode: 'chat' | 'inbox', ws: string) {
  const tab = await browser.newPage();
  const waiters = new Map<string, (renderMs: number) => void>();
  await tab.exposeFunction('benchShown', (id: string, renderMs: number) => {
    waiters.get(id)?.(renderMs);
    waiters.delete(id);
  });
  await tab.goto(`${base}/inbox?mode=${mode}&ws=${encodeURIComponent(ws)}`);
  return { tab, time: shownOn(tab, waiters) };
}

/** One setup's figures: `asker` asks, `pages` serves both pages (the same server in one process). */
async function measure(browser: Browser, base: string, asker: AgentServer, pages: AgentServer, tag: string, chatCalls: number, rowCalls: number): Promise<InboxTimes> {
  const times: InboxTimes = { chat: [], rows: {}, renders: {} };
  const chatSession = `bench-chat-${tag}-${process.pid}`;
  asker.session(chatSession, { owner: OWNER, title: 'Chat' });
  const chat = await openPage(browser, base, 'chat', `ws://127.0.0.1:${pages.port}/agent/sessions/${chatSession}`);
  // The chat's cards are answered on the page: each call ends before the next.
  for (let i = 0; i < chatCalls + 10; i += 1) {
    const { ms, call } = await chat.time(asker, chatSession, `chat-${tag}-${i}`);
    await call;
    if (i >= 10) times.chat.push(ms);
  }
  await chat.tab.close();
  // The waiting calls, spread over ten sessions of the owner; none is answered until the end.
  const sessions = Array.from({ length: 10 }, (_, s) => `bench-inbox-${tag}-${process.pid}-${s}`);
  for (const [s, session] of sessions.entries()) asker.session(session, { owner: OWNER, title: `Agent ${s + 1}` });
  const waiting: Promise<unknown>[] = [];
  const measured = `bench-measured-${tag}-${process.pid}`;
  asker.session(measured, { owner: OWNER, title: 'Measured' });
  for (const level of LEVELS) {
    while (waiting.length < level) {
      const n = waiting.length;
      waiting.push(asker.session(sessions[n % sessions.length]!).callTool('request_user_approval', { message: `Waiting ${n}` }, { callId: `wait-${tag}-${n}`, ...LONG }).catch(() => undefined));
    }
    // A fresh visit per level, its snapshot holding every waiting call (a visit keeps the rows of
    // the calls timed before as receipts: at most `rowCalls` of them, below the waiting ones).
    const inbox = await openPage(browser, base, 'inbox', `ws://127.0.0.1:${pages.port}/agent/inbox`);
    await inbox.tab.waitForFunction((count) => window.benchRows() === count, level, { timeout: 60_000 });
    const rows: number[] = [];
    const renders: number[] = [];
    for (let i = 0; i < rowCalls + 5; i += 1) {
      // Each timed call is withdrawn once its row shows, so the inbox holds `level` waiting calls each time.
      const abort = new AbortController();
      const { ms, renderMs, call } = await inbox.time(asker, measured, `row-${tag}-${level}-${i}`, abort.signal);
      abort.abort();
      await call.catch(() => undefined);
      if (i >= 5) {
        rows.push(ms);
        renders.push(renderMs);
      }
    }
    times.rows[level] = rows;
    times.renders[level] = renders;
    await inbox.tab.close();
  }
  for (const session of [...sessions, measured]) asker.session(session).close();
  await Promise.all(waiting);
  return times;
}

export interface InboxBench {
  single: InboxTimes;
  redis: InboxTimes;
}

export async function inboxBench(browser: Browser, base: string, chatCalls = 50, rowCalls = 30): Promise<InboxBench> {
  const single = await createAgentServer({ ...quiet, authorize, inbox: {} });
  const one = await measure(browser, base, single, single, 'single', chatCalls, rowCalls);
  await single.close();
  const redis = await startRedis();
  const [a, b] = await Promise.all([0, 1].map(() => createAgentServer({ ...quiet, authorize, inbox: {}, redis: redis.url })));
  const fleet = await measure(browser, base, a!, b!, 'redis', chatCalls, rowCalls);
  await Promise.all([a!.close(), b!.close()]);
  await redis.stop();
  return { single: one, redis: fleet };
}

const p50 = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
const p90 = (values: number[]) => [...values].sort((x, y) => x - y)[Math.min(values.length - 1, Math.floor(0.9 * values.length))]!;
const within = (limit: number) => (_: number, ratio: number | null) => ratio !== null && ratio <= limit;

/** The rows: each setup's times to a row beside its chat's time to a card; the update's cost at 1,000 rows beside 0. */
export function addInbox(add: Add, { single, redis }: InboxBench): void {
  for (const [times, where] of [[single, 'one process'], [redis, 'through Redis']] as const) {
    for (const level of LEVELS) {
      add(`inbox row shown, ${level.toLocaleString('en')} waiting (${where})`, 'ms', times.rows[level]!, p50(times.chat), '≤ 1.5 × the chat\'s card at 0 rows', within(1.5),
        `p90 ${p90(times.rows[level]!).toFixed(2)} ms (the chat's card ${p90(times.chat).toFixed(2)})${where === 'through Redis' ? '; asked on A, the pages on B' : ''}`);
    }
    add(`inbox update adding a row, 1,000 rows (${where})`, 'ms', times.renders[1000]!, p50(times.renders[0]!), '≤ 1.5 × at 0 rows', within(1.5),
      `p90 ${p90(times.renders[1000]!).toFixed(2)} ms (0 rows ${p90(times.renders[0]!).toFixed(2)}; 100 rows p50 ${p50(times.renders[100]!).toFixed(2)}); Lit's update and its layout, timed in the page`);
  }
}
