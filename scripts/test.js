// `npm test`: type check, lint, the Node tests and the browser tests in Chromium, Firefox and
// WebKit. Prints each stage's time and each engine's counts, and ends with one line,
// `N passed, N failed`, summing the real counts of every runner it ran.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './chromium.js';
import { ensureEngines, selectedEngines } from './engines.js';
import { runBrowserSuites } from './test-browsers.js';
import { ensureRedisServer } from './redis-server.js';
import { runChaos } from './test-chaos.js';
import { runPythonTests } from './test-python.js';
import { checkGolden } from './test-golden.js';
import { FRAMEWORK_TESTS, RECIPE_TESTS, runFrameworkTests } from './test-frameworks.js';
import { CONSUMER_TESTS, runConsumerTests } from './test-consumers.js';
import { runNodeTests } from './node-tests.js';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
const scratch = mkdtempSync(join(tmpdir(), 'aik-test-'));
const totals = { passed: 0, failed: 0 };
const problems = [];
/** Each stage's name and seconds, for the closing note. */
const stages = [];

/** Runs `body` as one stage of the closing note's times. */
async function stage(name, body) {
  const started = Date.now();
  try {
    return await body();
  } finally {
    stages.push({ name, seconds: (Date.now() - started) / 1000 });
  }
}

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) problems.push(`${label} failed (exit ${result.status ?? result.signal})`);
  return result.status === 0;
}

function addCounts(label, counts) {
  if (!counts) {
    problems.push(`${label} reported no counts`);
    totals.failed += 1;
    return;
  }
  totals.passed += counts.passed;
  totals.failed += counts.failed;
}

// The committed golden cases must be the spec's: checked, never overwritten.
await stage('golden fixtures', () => addCounts('golden fixtures', checkGolden(root)));

const engines = selectedEngines();
const chromium = await stage('browsers and Redis (found, or installed)', () => {
  const found = ensureChromium();
  // Firefox and WebKit for the browser stage; Debian's packages when root, else it says how.
  try {
    ensureEngines(engines);
  } catch (error) {
    problems.push(error.message);
  }
  // The many-instances tests start their own redis-server; install Debian's here when it is missing.
  try {
    ensureRedisServer();
  } catch (error) {
    problems.push(error.message);
  }
  return found;
});
const bin = (name) => join(root, 'node_modules', '.bin', name);

await stage('type check', () => run('type check (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']));
await stage('lint', () => run('lint (eslint)', bin('eslint'), ['.']));
// The end-to-end test loads the built bundle, and the size check reads dist/.
await stage('build', () => run('build (npm run build)', process.execPath, ['--import', 'tsx', 'scripts/build.ts']));

// Node: protocol, rules and session logic, which must run without a DOM.
const nodeFiles = readdirSync('test', { recursive: true })
  .filter((file) => file.endsWith('.test.ts') && !file.endsWith('.browser.test.ts'))
  .map((file) => join('test', file))
  .filter((file) => ![FRAMEWORK_TESTS, RECIPE_TESTS, CONSUMER_TESTS].some((dir) => file.startsWith(dir)))
  .sort();
await stage('Node tests', () => {
  console.log('\n▶ Node tests');
  addCounts('Node tests', runNodeTests({ root, scratch, name: 'node', minutes: 25, files: nodeFiles, env: { CHROME_PATH: chromium } }));
});

// The agent frameworks' real packages, each round trip answered in Chromium, and the
// server recipes of docs/servers.md (Express, Fastify, Hono) run as written.
await stage('agent framework round trips and server recipes', () => {
  console.log('\n▶ Agent framework round trips and server recipes (node --test, Chromium)');
  addCounts('Agent framework round trips and server recipes', runFrameworkTests({ root, chromium, scratch }));
});

// The packed package in real consumer apps, each built for production and driven in Chromium.
await stage('consumer apps', () => {
  console.log('\n▶ Consumer apps (npm pack, Vite + Vue, Vite + React, esbuild, script tag)');
  addCounts('Consumer apps', runConsumerTests({ root, chromium, scratch }));
});

// Python: the agent_interaction_kit package, its golden cases and its end-to-end tests.
await stage('Python tests', () => {
  console.log('\n▶ Python tests (pytest)');
  addCounts('Python tests', runPythonTests({ root, chromium, scratch }));
});

// Elements, host and transports in every engine, side by side.
const browserRuns = await stage(`browser tests (${engines.join(', ')}, side by side)`, () => runBrowserSuites({ root, scratch, engines }));
for (const browserRun of browserRuns) {
  if (!browserRun.ok) problems.push(`Browser tests in ${browserRun.label} failed`);
  addCounts(`Browser tests in ${browserRun.label}`, browserRun.counts);
}

// Many instances through a real Redis, with faults: a short seeded chaos run over the built bundle.
await stage('chaos', () => addCounts('chaos', runChaos(root, chromium)));

rmSync(scratch, { recursive: true, force: true });
for (const problem of problems) console.log(`✗ ${problem}`);
console.log('\nStage times:');
for (const { name, seconds } of stages) console.log(`  ${name.padEnd(52)} ${seconds.toFixed(1).padStart(7)} s`);
const total = stages.reduce((sum, { seconds }) => sum + seconds, 0);
console.log(`  ${'total'.padEnd(52)} ${total.toFixed(1).padStart(7)} s (${(total / 60).toFixed(1)} min)`);
console.log('Browser tests by engine:');
for (const { label, counts, seconds } of browserRuns) {
  const said = counts ? `${counts.passed} passed, ${counts.failed} failed` : 'no counts';
  console.log(`  ${label.padEnd(40)} ${said} (${seconds.toFixed(0)} s)`);
  for (const { file, test, error } of counts?.failures ?? []) console.log(`    ✗ ${file} › ${test}\n      ${error}`);
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(problems.length > 0 || totals.failed > 0 ? 1 : 0);
