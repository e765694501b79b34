// The consumer-app stage of `npm test`: test/consumers, the packed package installed from its
// tarball into real apps (Vite + Vue 3, Vite + React 19, esbuild, a plain script tag), each built
// for production and driven in Chromium against its own Node runtime. The apps' dependencies are
// pinned by their lockfiles and come through one npm cache (the registry, the first time). Prints
// its time; returns `{passed, failed}` from the TAP report, or undefined when there was none.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The consumer tests (left out of the Node stage, which runs everything else). */
export const CONSUMER_TESTS = join('test', 'consumers');

export function runConsumerTests({ root, chromium, scratch }) {
  const started = Date.now();
  const tapFile = join(scratch, 'consumers.tap');
  // Bounded like the Node stage (scripts/within.js): a process that never exits fails, it does not hang.
  const result = spawnSync(process.execPath, [
    join(root, 'scripts', 'within.js'), '20', process.execPath,
    '--import', 'tsx', '--test',
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=tap', `--test-reporter-destination=${tapFile}`,
    join(CONSUMER_TESTS, 'consumers.test.ts'),
  ], { cwd: root, stdio: 'inherit', env: { ...process.env, CHROME_PATH: chromium } });
  console.log(`Consumer apps stage: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const tap = existsSync(tapFile) ? readFileSync(tapFile, 'utf8') : '';
  const count = (name) => Number(tap.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? NaN);
  if (Number.isNaN(count('pass'))) return undefined;
  return { passed: count('pass'), failed: count('fail') + count('cancelled') + (result.status === 0 ? 0 : 1) };
}
