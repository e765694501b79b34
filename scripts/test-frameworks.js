// The agent-framework stage of `npm test`: the round trips of test/adapters/frameworks, each
// driving a framework's real package (AI SDK, OpenAI Agents SDK, LangGraph, MCP SDK) with a page
// in Chromium, one file after another so that their browsers do not compete. Prints its time;
// returns `{passed, failed}` from the TAP report, or undefined when there was none.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The framework round-trip files (left out of the Node stage, which runs everything else). */
export const FRAMEWORK_TESTS = join('test', 'adapters', 'frameworks');

export function runFrameworkTests({ root, chromium, scratch }) {
  const started = Date.now();
  const dir = join(root, FRAMEWORK_TESTS);
  const files = readdirSync(dir).filter((file) => file.endsWith('.test.ts')).sort().map((file) => join(FRAMEWORK_TESTS, file));
  const tapFile = join(scratch, 'frameworks.tap');
  // Bounded like the Node stage (scripts/within.js): a file that never exits fails, it does not hang.
  const result = spawnSync(process.execPath, [
    join(root, 'scripts', 'within.js'), '15', process.execPath,
    '--import', 'tsx', '--test', '--test-concurrency=1',
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=tap', `--test-reporter-destination=${tapFile}`,
    ...files,
  ], { cwd: root, stdio: 'inherit', env: { ...process.env, CHROME_PATH: chromium } });
  console.log(`  frameworks: ${files.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const tap = existsSync(tapFile) ? readFileSync(tapFile, 'utf8') : '';
  const count = (name) => Number(tap.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? NaN);
  if (Number.isNaN(count('pass'))) return undefined;
  return { passed: count('pass'), failed: count('fail') + count('cancelled') + (result.status === 0 ? 0 : 1) };
}
