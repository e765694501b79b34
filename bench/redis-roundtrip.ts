// The round trip through Redis with 3 instances, beside the single process, in the same run:
// the kit's page (each card answered through its approve button, receipts 0) connected to one
// instance, the calls made from the three instances in turn, so that two in three cross from one
// instance to another through Redis. The pages take turns, a block of calls each, as the main
// round-trip figure does. `npm run bench -- --only redis` runs this part alone.
import type { Browser } from 'playwright-core';
import { createAgentServer, type AgentServer } from '../src/agent/ws-server.js';
import { startRedis } from '../scripts/redis-server.js';

export interface RedisRoundTrip {
  single: number[];
  fleet: number[];
}

export async function redisRoundTrip(browser: Browser, base: string, calls = 600, block = 100): Promise<RedisRoundTrip> {
  const redis = await startRedis();
  const quiet = { log: () => undefined };
  const single = await createAgentServer(quiet);
  const fleet = await Promise.all([0, 1, 2].map(() => createAgentServer({ ...quiet, redis: redis.url })));
  const open = async (server: AgentServer, session: string) => {
    const tab = await browser.newPage();
    const ws = `ws://127.0.0.1:${server.port}/agent/sessions/${session}`;
    await tab.goto(`${base}/roundtrip?mode=kit&receipts=0&ws=${encodeURIComponent(ws)}`);
    return tab;
  };
  const tabs = [await open(single, 'bench-single'), await open(fleet[1]!, 'bench-fleet')];
  const times: RedisRoundTrip = { single: [], fleet: [] };
  let n = 0;
  const run = async (which: 'single' | 'fleet', count: number, keep: boolean) => {
    for (let i = 0; i < count; i += 1, n += 1) {
      const caller = which === 'single' ? single : fleet[n % 3]!;
      const start = performance.now();
      await caller.session(`bench-${which}`).callTool('request_user_approval', { message: `#${n}` }, { callId: `redis-bench-${which}-${process.pid}-${n}` });
      if (keep) times[which].push(performance.now() - start);
    }
  };
  await run('single', 50, false);
  await run('fleet', 50, false);
  for (let b = 0; b < calls / block; b += 1) {
    await run('single', block, true);
    await run('fleet', block, true);
  }
  for (const tab of tabs) await tab.close();
  await Promise.all([single, ...fleet].map((server) => server.close()));
  await redis.stop();
  return times;
}

type Add = (name: string, unit: string, values: number[], baseline: number | null, budget: string, pass: (value: number, ratio: number | null) => boolean, note?: string, value?: number) => void;

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(0.99 * values.length))]!;

/** The figure: the p50 through Redis, its baseline the single process's p50 in the same run. */
export function addRedisRoundTrip(add: Add, times: RedisRoundTrip): void {
  add('round trip p50 through Redis (3 instances, kit)', 'ms', times.fleet, p50(times.single), '≤ 1.5 × one process (aim)', (_, ratio) => ratio !== null && ratio <= 1.5,
    `p99 ${p99(times.fleet).toFixed(2)} ms (one process ${p99(times.single).toFixed(2)}); calls from the three instances in turn, the page on one`, p50(times.fleet));
}
