// The inbox in `npm run bench` (`--only inbox`): the time from a call asked to its row shown in an
// <interaction-inbox> holding 0, 100 and 1,000 waiting calls, beside the chat's own time from a
// call to its card shown at 0 rows; in one process, and through Redis (asked on instance A, the
// pages on instance B, both on the bench's own redis-server); and the cost of the inbox's update
// that adds a row, with 1,000 rows beside 0.
//
// What is timed, and why so: from just before `callTool` (Node's clock) to the row, or the card,
// shown and laid out (the page's clock, read at that moment). Timing it all in Node would add the
// report's way back from the page (a Playwright binding, several ms on a busy machine) to the chat
// and the inbox alike, which would flatten their ratio; so the page's clock is set against Node's
// instead, both as milliseconds since the epoch, the offset taken from the quickest of twenty
// round trips to the page (off by at most half that round trip, well under a millisecond, the same
// error for every call of a page). The update's own cost is timed in the page (bench/inbox-pages.ts).
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
/**
 * Untimed calls on each level's fresh inbox page first, so that its code is as warm as the chat
 * page's it is compared with (which answered ten and more before), whether its snapshot held 100
 * calls or 1,000.
 */
const WARM_ROWS = 20;

export interface InboxTimes {
  /** The chat's card shown, ms from the call. */
  chat: number[];
  /** The inbox's row shown, ms from the call, per number of waiting calls. */
  rows: Record<number, number[]>;
  /** The inbox's update that added the row, ms, per number of waiting calls. */
  renders: Record<number, number[]>;
}

/** Starts timing a call asked in `session` of `asker`; resolves with ms from the call to the page's report, and the update's time. */
function shownOn(tab: Page, waiters: Map<string, Shown>, offset: number) {
  return async (asker: AgentServer, session: string, id: string, signal?: AbortSignal, timeout = LONG) => {
    await tab.evaluate((callId) => window.benchExpect(callId), id);
    const shown = new Promise<{ at: number; renderMs: number }>((resolve) => waiters.set(id, resolve));
    const start = epochNow();
    const call = asker.session(session).callTool('request_user_approval', { message: `#${id}` }, { callId: id, signal, ...timeout });
    const { at, renderMs } = await shown;
    return { ms: at - offset - start, renderMs, call };
  };
}

type Shown = (report: { at: number; renderMs: number }) => void;
const epochNow = () => performance.timeOrigin + performance.now();

/** The page's clock minus Node's, from the quickest of twenty round trips. */
async function clockOffset(tab: Page): Promise<number> {
  let best = { trip: Infinity, offset: 0 };
  for (let i = 0; i < 20; i += 1) {
    const sent = epochNow();
    const page = await tab.evaluate(() => window.benchNow());
    const back = epochNow();
    if (back - sent < best.trip) best = { trip: back - sent, offset: page - (sent + back) / 2 };
  }
  return best.offset;
}

async function openPage(browser: Browser, base: string, mode: 'chat' | 'inbox', ws: string) {
  const tab = await browser.newPage();
  const waiters = new Map<string, Shown>();
  await tab.exposeFunction('benchShown', (id: string, at: number, renderMs: number) => {
    waiters.get(id)?.({ at, renderMs });
    waiters.delete(id);
  });
  await tab.goto(`${base}/inbox?mode=${mode}&ws=${encodeURIComponent(ws)}`);
  await tab.waitForFunction(() => 'benchNow' in window);
  return { tab, time: shownOn(tab, waiters, await clockOffset(tab)) };
}

/** One setup's figures: `asker` asks, `pages` serves both pages (the same server in one process). */
async function measure(browser: Browser, base: string, asker: AgentServer, pages: AgentServer, tag: string, chatCalls: number, rowCalls: number): Promise<InboxTimes> {
  const times: InboxTimes = { chat: [], rows: {}, renders: {} };
  // Each timed call is due 30 s sooner than the one before, from 30 minutes: at most 59 of them.
  if (rowCalls + WARM_ROWS >= 60) throw new Error(`inbox bench: ${rowCalls} timed and ${WARM_ROWS} untimed calls a level, at most 59`);
  // The chat's session has no owner, so its calls appear in no inbox.
  const chatSession = `bench-chat-${tag}-${process.pid}`;
  const chat = await openPage(browser, base, 'chat', `ws://127.0.0.1:${pages.port}/agent/sessions/${chatSession}`);
  let c = 0;
  /** Chat calls one after another, each answered on the page before the next; kept unless a warm-up. */
  const chatBlock = async (count: number, keep: boolean) => {
    for (let i = 0; i < count; i += 1, c += 1) {
      const { ms, call } = await chat.time(asker, chatSession, `chat-${tag}-${c}`);
      await call;
      if (keep) times.chat.push(ms);
    }
  };
  await chatBlock(10, false);
  // The waiting calls, spread over ten sessions of the owner; none is answered until the end.
  const sessions = Array.from({ length: 10 }, (_, s) => `bench-inbox-${tag}-${process.pid}-${s}`);
  for (const [s, session] of sessions.entries()) asker.session(session, { owner: OWNER, title: `Agent ${s + 1}` });
  const waiting: Promise<unknown>[] = [];
  const measured = `bench-measured-${tag}-${process.pid}`;
  asker.session(measured, { owner: OWNER, title: 'Measured' });
  for (const level of LEVELS) {
    // The chat's calls in a block before each level's, so that the machine's drift falls on both.
    await chatBlock(Math.ceil(chatCalls / LEVELS.length), true);
    while (waiting.length < level) {
      const n = waiting.length;
      waiting.push(asker.session(sessions[n % sessions.length]!).callTool('request_user_approval', { message: `Waiting ${n}` }, { callId: `wait-${tag}-${n}`, ...LONG }).catch(() => undefined));
    }
    // A fresh visit per level, its snapshot holding every waiting call (the page keeps no receipt
    // rows, as the chat page keeps no receipts: a timed call's row leaves once it is withdrawn).
    const inbox = await openPage(browser, base, 'inbox', `ws://127.0.0.1:${pages.port}/agent/inbox`);
    await inbox.tab.waitForFunction((count) => window.benchRows() === count, level, { timeout: 60_000 });
    const rows: number[] = [];
    const renders: number[] = [];
    for (let i = 0; i < rowCalls + WARM_ROWS; i += 1) {
      // Each timed call is withdrawn once its row shows, so the inbox holds `level` waiting calls each time.
      // The timed call is due sooner than every call before it (the waiting ones wait an hour, each
      // timed one 30 s less than the one before), so its row is the list's first, inside the rows
      // the list shows, as a call about to time out is.
      const abort = new AbortController();
      const { ms, renderMs, call } = await inbox.time(asker, measured, `row-${tag}-${level}-${i}`, abort.signal, { timeoutSeconds: 1800 - 30 * i });
      abort.abort();
      await call.catch(() => undefined);
      // The next call waits until this one's end reached the inbox, so no update of it overlaps the next's.
      await inbox.tab.waitForFunction((callId) => window.benchEnded(callId), `row-${tag}-${level}-${i}`);
      if (i >= WARM_ROWS) {
        rows.push(ms);
        renders.push(renderMs);
      }
    }
    times.rows[level] = rows;
    times.renders[level] = renders;
    await inbox.tab.close();
  }
  await chat.tab.close();
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
