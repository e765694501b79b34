// Only the round trip through Redis, beside the single process (`node --import tsx bench/redis-only.ts`):
// the same pages as `npm run bench`, its figure printed (the full bench writes it to bench/results.json).
import { createServer } from 'node:http';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
// @ts-expect-error plain JS helpers shared with the build and the tests
import { CHROMIUM_ARGS, ensureChromium } from '../scripts/chromium.js';
// @ts-expect-error plain JS helpers shared with the build and the tests
import { minifyLitCss } from '../scripts/minify-lit-css.js';
import { addRedisRoundTrip, redisRoundTrip } from './redis-roundtrip.js';

process.chdir(new URL('..', import.meta.url).pathname);
const pages = await build({
  entryPoints: { roundtrip: 'bench/roundtrip-pages.ts' },
  bundle: true, minify: true, format: 'esm', write: false, outdir: 'bench-out', tsconfig: 'tsconfig.json', plugins: [minifyLitCss], logLevel: 'error',
});
const script = pages.outputFiles[0]!.contents;
const http = createServer((request, response) => {
  if (new URL(request.url ?? '/', 'http://bench').pathname === '/roundtrip.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
  else response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html lang="en"><body><script type="module" src="/roundtrip.js"></script></body></html>');
});
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
const times = await redisRoundTrip(browser, base, Number(process.env.BENCH_CALLS ?? 1000));
addRedisRoundTrip((name, unit, values, baseline, budget, pass, note, value = 0) => {
  const ratio = baseline ? value / baseline : null;
  console.log(`| ${name} | ${value.toFixed(2)} ${unit} | ${baseline?.toFixed(2)} | ${ratio?.toFixed(2)}× | ${budget} | ${pass(value, ratio) ? 'ok' : 'OVER'} | ${values.length} |`);
  console.log(`  ${note}`);
}, times);
await browser.close();
http.close();
