// The agent-framework stage of `npm test`: the round trips of test/adapters/frameworks, each
// driving a framework's real package (AI SDK, OpenAI Agents SDK, LangGraph, MCP SDK) with a page
// in Chromium, and the README's server recipes of test/recipes (Express, Fastify, Hono, each run
// as written from the packed package), one file after another so that their browsers do not
// compete. Prints its time; returns `{passed, failed}` from the TAP report, or undefined when
// there was none.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runNodeTests } from './node-tests.js';

/** The framework round-trip files (left out of the Node stage, which runs everything else). */
export const FRAMEWORK_TESTS = join('test', 'adapters', 'frameworks');
/** The server recipes, run here too (they need the built package and Chromium, as the round trips do). */
export const RECIPE_TESTS = join('test', 'recipes');

const testFiles = (root, dir) => readdirSync(join(root, dir)).filter((file) => file.endsWith('.test.ts')).sort().map((file) => join(dir, file));

export function runFrameworkTests({ root, chromium, scratch }) {
  const started = Date.now();
  const files = [...testFiles(root, FRAMEWORK_TESTS), ...testFiles(root, RECIPE_TESTS)];
  const counts = runNodeTests({
    root, scratch, name: 'frameworks', minutes: 15, files, nodeArgs: ['--test-concurrency=1'], env: { CHROME_PATH: chromium },
  });
  console.log(`  frameworks and recipes: ${files.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return counts;
}
