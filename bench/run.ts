// `npm run bench`: sizes, render cost, normalise throughput, round trip and memory, each beside
// its baseline in the same run (ratios hold on a noisy machine; absolute times don't). Prints one
// table and writes bench/results.json. Browser figures run in headless Chromium with Lit's
// production build.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { createAgentServer } from '../src/agent/ws-server.js';
import { resolveContext } from '../src/rules/context.js';
import { ELEMENTS, gzipSize, LIT_AS_PEER, limitRule, measureLocaleSizes, measureSizes, SIZE_POLICY, sizeLimit } from '../scripts/sizes.js';
import { normalizeInput } from '../src/rules/normalize.js';
import { addAnswerPage, answerPageBench } from './answer-page.js';
import { addInbox, inboxBench } from './inbox.js';
import { addRedisRoundTrip, redisRoundTrip } from './redis-roundtrip.js';
// @ts-expect-error plain JS helpers shared with the build and the tests
import { CHROMIUM_ARGS, ensureChromium } from '../scripts/chromium.js';
// @ts-expect-error plain JS helpers shared with the build and the tests
import { minifyLitCss } from '../scripts/minify-lit-css.js';

interface Figure {
  name: string;
  value: number;
  unit: string;
  baseline: number | null;
  ratio: number | null;
  budget: string;
  pass: boolean;
  runs: number;
  min: number;
  median: number;
  max: number;
  note?: string;
}

const progress = (step: string) => process.stderr.write(`bench: ${step}\n`);
// `npm run bench -- --only render` (or sizes, normalise, roundtrip, inbox, answer-page; comma-separated) runs those
// parts alone; a partial run prints its rows and leaves bench/results.json as it was.
const PARTS = ['sizes', 'normalise', 'render', 'roundtrip', 'inbox', 'answer-page'] as const;
const onlyArg = process.argv.find((arg) => arg.startsWith('--only'));
const only = onlyArg ? (onlyArg.includes('=') ? onlyArg.split('=')[1]! : process.argv[process.argv.indexOf(onlyArg) + 1] ?? '').split(',') : [...PARTS];
for (const part of only) if (!(PARTS as readonly string[]).includes(part)) throw new Error(`--only: unknown part "${part}" (one of ${PARTS.join(', ')})`);
const wants = (part: (typeof PARTS)[number]) => only.includes(part);
const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
const figures: Figure[] = [];
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
function add(name: string, unit: string, values: number[], baseline: number | null, budget: string, pass: (value: number, ratio: number | null) => boolean, note?: string, value = median(values)) {
  const ratio = baseline ? value / baseline : null;
  figures.push({ name, value, unit, baseline, ratio, budget, pass: pass(value, ratio), runs: values.length, min: Math.min(...values), median: median(values), max: Math.max(...values), note });
}

if (wants('sizes')) {
// Sizes: min + gzip -9. Deterministic, one run each.
const sizes = await measureSizes();
const bytes = (n: number) => n.toLocaleString('en');
/** A limit with where it comes from (a raised one's reason is in bench/size-ceilings.json). */
const budget = (name: 'bundle' | (typeof ELEMENTS)[number]) => `≤ ${bytes(sizeLimit(name))}${limitRule(name) ? ` (${limitRule(name)})` : ''}`;
add('bundle (all four elements, lit + zod inside)', 'bytes', [sizes.bundle], null, budget('bundle'), (v) => v <= sizeLimit('bundle'));
for (const element of ELEMENTS) {
  add(`per element: ${element}`, 'bytes', [sizes[element]], SIZE_POLICY.elements[element], budget(element), (v) => v <= sizeLimit(element));
}
// Each language beyond zh-CN and en, its own entry (reported, no budget: a page loads only its own).
for (const [tag, size] of Object.entries(await measureLocaleSizes())) add(`locale entry: ${tag}`, 'bytes', [size], null, 'reported', () => true);
// Beside them, what no element can do without (reported, no budget): the card base every input
// element extends, and what the bundle carries before any element.
add('floor: the card base alone (no form)', 'bytes', [await gzipSize('bench/floors/card-base.ts', LIT_AS_PEER)], null, 'reported', () => true);
add('floor: lit, zod/mini, protocol schemas', 'bytes', [await gzipSize('bench/floors/runtime.ts', [])], null, 'reported', () => true);
// And the peers' equivalents, measured the same way (esbuild then terser, min + gzip -9, lit inside): the
// design systems a page might use instead, for the components the kit's cards are made of.
add('peer: Material Web (dialog, buttons, radio, text field)', 'bytes', [await gzipSize('bench/peers/material-web.ts', [])], null, 'reported', () => true);
add('peer: Shoelace (dialog, button, radio group, radio, textarea)', 'bytes', [await gzipSize('bench/peers/shoelace.ts', [])], null, 'reported', () => true,
  `plus its theme's CSS, which the components need: ${bytes(await gzipSize('node_modules/@shoelace-style/shoelace/dist/themes/light.css', []))} B (minified the same way)`);

  progress('sizes done');
}
if (wants('normalise')) {
// Normalise, in Node: a four-question questionnaire, operations per second, beside structuredClone.
const args = {
  message: 'Plan',
  questions: Array.from({ length: 4 }, (_, q) => ({ id: `q${q}`, header: 'H', question: `Question ${q}?`, options: [{ label: 'First', description: 'why' }, 'Second', 'Third', '自定义'] })),
};
const context = resolveContext();
function opsPerSecond(fn: () => void): number {
  const start = performance.now();
  let n = 0;
  while (performance.now() - start < 250) {
    for (let i = 0; i < 100; i += 1) fn();
    n += 100;
  }
  return (n / (performance.now() - start)) * 1000;
}
const normaliseRuns: number[] = [];
const cloneRuns: number[] = [];
for (let i = 0; i < 9; i += 1) {
  normaliseRuns.push(opsPerSecond(() => normalizeInput(args, { request_id: 'r', session_id: 's' }, context)));
  cloneRuns.push(opsPerSecond(() => structuredClone(args)));
}
add('normalise (4-question questionnaire, Node)', 'ops/s', normaliseRuns, median(cloneRuns), '≥ 20,000 (baseline: structuredClone)', (v) => v >= 20_000);

  progress('normalise done');
}
// The browser figures.
const pages = await build({
  entryPoints: { render: 'bench/render-page.ts', roundtrip: 'bench/roundtrip-pages.ts', inbox: 'bench/inbox-pages.ts' },
  bundle: true, minify: true, format: 'esm', write: false, outdir: 'bench-out', tsconfig: 'tsconfig.json', plugins: [minifyLitCss], logLevel: 'error',
});
const files = new Map(pages.outputFiles.map((file) => [`/${file.path.split('/').pop()}`, file.contents]));
const http = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://bench').pathname;
  const script = files.get(path);
  if (script) response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
  else response.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html lang="en"><body><script type="module" src="/${path === '/render' || path === '/inbox' ? path.slice(1) : 'roundtrip'}.js"></script></body></html>`);
});
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
const browser = await chromium.launch({ executablePath: ensureChromium(), args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc'] });

progress('browser launched');
const RENDER_RUNS = 200; // small cards; the large one runs a fifth as often (40)
if (wants('render')) {
  const page = await browser.newPage();
  await page.goto(`${base}/render`);
  await page.waitForFunction(() => 'runRenderBench' in window);
  const results = await page.evaluate((runs) => window.runRenderBench(runs), RENDER_RUNS);
  for (const [name, { kit, baseline }] of Object.entries(results)) {
    add(name, 'ms', kit, median(baseline), '≤ 1.5 × baseline', (_, ratio) => ratio !== null && ratio <= 1.5);
  }
  await page.close();
}

/** One page of the round-trip bench, its own runtime, and the times of the calls it answered. */
async function roundTripPage(mode: string, query = '') {
  const agent = await createAgentServer();
  const session = agent.session(`bench-${mode}`);
  const tab = await browser.newPage();
  tab.on('pageerror', (error) => progress(`page error (${mode}): ${error.message}`));
  tab.on('console', (message) => message.type() === 'error' && progress(`console (${mode}): ${message.text()}`));
  await tab.goto(`${base}/roundtrip?mode=${mode}${query}&ws=${encodeURIComponent(`ws://127.0.0.1:${agent.port}/agent/sessions/bench-${mode}`)}`);
  const times: number[] = [];
  let n = 0;
  /** Calls one after another; their times are kept unless it is a warm-up. */
  const calls = async (count: number, keep: boolean) => {
    for (let i = 0; i < count; i += 1, n += 1) {
      const start = performance.now();
      const call = session.callTool('request_user_approval', { message: `#${n}` }, { callId: `${mode}${query}-${n}` });
      const stuck = setTimeout(() => progress(`${mode}: call ${n} has no result after 5 s`), 5000);
      await call;
      clearTimeout(stuck);
      if (keep) times.push(performance.now() - start);
    }
  };
  return { times, agent, tab, calls };
}

if (wants('render')) progress('render done');
if (wants('roundtrip')) {
const CALLS = 1000;
const BLOCK = 100;
const echo = await roundTripPage('echo');
const plain = await roundTripPage('baseline');
// A plain chat that keeps its answered cards, as a chat log keeps its messages.
const plainKept = await roundTripPage('baseline', '&keep=50');
// The budget's figure: the kit doing the baseline's work, each card on screen until its ack.
const kit = await roundTripPage('kit', '&receipts=0');
// The host as shipped: the last 50 finished cards stay on screen as receipts; and a long
// session's 500. A new card must cost the same whatever is kept above it.
const kept = await roundTripPage('kit', '&receipts=50');
const many = await roundTripPage('kit', '&receipts=500');
const pagesInTurn = [echo, plain, plainKept, kit, kept, many];
// Warm-up, which also fills what each page keeps.
for (const page of pagesInTurn) await page.calls(page === many ? 520 : 60, false);
// The pages take turns, a block of calls each, so that the machine's drift falls on all alike
// (run one after another, a slow minute could land on one page only and tilt the ratio).
for (let block = 0; block < CALLS / BLOCK; block += 1) {
  for (const page of pagesInTurn) await page.calls(BLOCK, true);
}
progress('round trips done');
addRedisRoundTrip(add, await redisRoundTrip(browser, base));
for (const run of [echo, plain, plainKept, kit, many]) {
  await run.tab.close();
  await run.agent.close();
}
const p50 = (times: number[]) => percentile(times, 50);
const within = (limit: number) => (_: number, ratio: number | null) => ratio !== null && ratio <= limit;
add('round trip p50 (kit, 1,000 calls)', 'ms', kit.times, p50(plain.times), '≤ 1.5 × plain-DOM card', within(1.5),
  `p99 ${percentile(kit.times, 99).toFixed(2)} ms (plain ${percentile(plain.times, 99).toFixed(2)}); ${(p50(kit.times) / p50(echo.times)).toFixed(2)} × a bare echo (${p50(echo.times).toFixed(2)} ms)`, p50(kit.times));
add('round trip p50, 50 receipts kept', 'ms', kept.times, p50(plainKept.times), '≤ 1.5 × plain chat keeping 50', within(1.5),
  `p99 ${percentile(kept.times, 99).toFixed(2)} ms (plain chat ${percentile(plainKept.times, 99).toFixed(2)}); ${(p50(kept.times) / p50(kit.times)).toFixed(2)} × none kept`, p50(kept.times));
// Flat: the count of receipts costs nothing, so 500 kept is measured against 50 kept (a screenful
// of receipts either way); what a screenful costs is the row above's, against a plain chat.
add('round trip p50, 500 receipts kept', 'ms', many.times, p50(kept.times), '≤ 1.15 × 50 kept (flat)', within(1.15),
  `p99 ${percentile(many.times, 99).toFixed(2)} ms (50 kept ${percentile(kept.times, 99).toFixed(2)}); ${(p50(many.times) / p50(kit.times)).toFixed(2)} × none kept`, p50(many.times));

// Memory: 10,000 calls answered one after another in one host (the default 50 receipts kept);
// the heap after forced GC minus the heap after the first 100.
{
  const cdp = await kept.tab.context().newCDPSession(kept.tab);
  await cdp.send('Performance.enable');
  const heap = async () => {
    await kept.tab.evaluate(() => (globalThis as { gc?: () => void }).gc?.());
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'JSHeapUsedSize')!.value;
  };
  const session = kept.agent.session('bench-kit');
  let after100 = 0;
  for (let i = 0; i < 10_000; i += 1) {
    await session.callTool('request_user_approval', { message: `m${i}` }, { callId: `mem-${i}` });
    if (i === 99) after100 = await heap();
  }
  const growth = (await heap()) - after100;
  add('memory: 10,000 calls in one host', 'MB', [growth / 1_048_576], null, '≤ 2 MB', (v) => v <= 2);
}
await kept.tab.close();
await kept.agent.close();
}
if (wants('inbox')) {
  addInbox(add, await inboxBench(browser, base));
  progress('inbox done');
}
if (wants('answer-page')) {
  addAnswerPage(add, await answerPageBench(browser));
  progress('answer page done');
}
await browser.close();
http.close();

const fmt = (n: number | null, unit = '') => (n === null ? '—' : `${n >= 100 ? Math.round(n).toLocaleString('en') : n.toFixed(2)}${unit}`);
const rows = figures.map((f) => [f.name, `${fmt(f.value)} ${f.unit}`, fmt(f.baseline), f.ratio === null ? '—' : `${f.ratio.toFixed(2)}×`, f.budget, f.pass ? 'ok' : 'OVER', `${f.runs}`]);
const header = ['figure', 'value', 'baseline', 'ratio', 'budget', 'status', 'runs'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of rows) console.log(line(row));
for (const f of figures.filter((x) => x.note)) console.log(`  ${f.name}: ${f.note}`);
if (only.length === PARTS.length) {
  writeFileSync('bench/results.json', `${JSON.stringify({ date: new Date().toISOString(), node: process.version, figures }, null, 2)}\n`);
  console.log('\nbench/results.json written');
}
