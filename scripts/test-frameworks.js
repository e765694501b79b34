// The agent-framework stage of `npm test`: the round trips of test/adapters/frameworks, each
// driving a framework's real package (AI SDK, OpenAI Agents SDK, LangGraph, MCP SDK) with a page
// in Chromium, one file after another so that their browsers do not compete. Prints its time;
// returns `{passed, failed}` from the TAP report, or undefined when there was none.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runNodeTests } from './node-tests.js';

/** The framework round-trip files (left out of the Node stage, which runs everything else). */
export const FRAMEWORK_TESTS = join('test', 'adapters', 'frameworks');

export function runFrameworkTests({ root, chromium, scratch }) {
  const started = Date.now();
  const files = readdirSync(join(root, FRAMEWORK_TESTS)).filter((file) => file.endsWith('.test.ts')).sort().map((file) => join(FRAMEWORK_TESTS, file));
  const counts = runNodeTests({
    root, scratch, name: 'frameworks', minutes: 15, files, nodeArgs: ['--test-concurrency=1'], env: { CHROME_PATH: chromium },
  });
  console.log(`  frameworks: ${files.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return counts;
}
