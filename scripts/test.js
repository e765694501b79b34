// `npm test`: type check, lint, the Node tests and the browser tests in headless Chromium.
// Ends with one line, `N passed, N failed`, summing the real counts of every runner it ran.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './chromium.js';
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
addCounts('golden fixtures', checkGolden(root));

const chromium = ensureChromium();
// The many-instances tests start their own redis-server; install Debian's here when it is missing.
try {
  ensureRedisServer();
} catch (error) {
  problems.push(error.message);
}
const bin = (name) => join(root, 'node_modules', '.bin', name);

run('type check (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
run('lint (eslint)', bin('eslint'), ['.']);
// The end-to-end test loads the built bundle, and the size check reads dist/.
run('build (npm run build)', process.execPath, ['--import', 'tsx', 'scripts/build.ts']);

// Node: protocol, rules and session logic, which must run without a DOM.
const nodeFiles = readdirSync('test', { recursive: true })
  .filter((file) => file.endsWith('.test.ts') && !file.endsWith('.browser.test.ts'))
  .map((file) => join('test', file))
  .filter((file) => ![FRAMEWORK_TESTS, RECIPE_TESTS, CONSUMER_TESTS].some((dir) => file.startsWith(dir)))
  .sort();
console.log('\n▶ Node tests');
addCounts('Node tests', runNodeTests({ root, scratch, name: 'node', minutes: 25, files: nodeFiles, env: { CHROME_PATH: chromium } }));

// The agent frameworks' real packages, each round trip answered in Chromium, and the README's
// server recipes (Express, Fastify, Hono) run as written.
console.log('\n▶ Agent framework round trips and server recipes (node --test, Chromium)');
addCounts('Agent framework round trips and server recipes', runFrameworkTests({ root, chromium, scratch }));

// The packed package in real consumer apps, each built for production and driven in Chromium.
console.log('\n▶ Consumer apps (npm pack, Vite + Vue, Vite + React, esbuild, script tag)');
addCounts('Consumer apps', runConsumerTests({ root, chromium, scratch }));

// Python: the agent_interaction_kit package, its golden cases and its end-to-end tests.
console.log('\n▶ Python tests (pytest)');
addCounts('Python tests', runPythonTests({ root, chromium, scratch }));

// Chromium: elements, host and transports.
const wtrCounts = join(scratch, 'wtr.json');
run('Browser tests (@web/test-runner, Chromium)', bin('wtr'), ['--config', 'web-test-runner.config.js'], {
  CHROME_PATH: chromium,
  WTR_COUNTS: wtrCounts,
});
addCounts('Browser tests', existsSync(wtrCounts) ? JSON.parse(readFileSync(wtrCounts, 'utf8')) : undefined);

// Many instances through a real Redis, with faults: a short seeded chaos run over the built bundle.
addCounts('chaos', runChaos(root, chromium));

rmSync(scratch, { recursive: true, force: true });
for (const problem of problems) console.log(`✗ ${problem}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(problems.length > 0 || totals.failed > 0 ? 1 : 0);
