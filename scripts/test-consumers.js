// The consumer-app stage of `npm test`: test/consumers, the packed package installed from its
// tarball into real apps (Vite + Vue 3, Vite + React 19, esbuild, a plain script tag), each built
// for production and driven in Chromium against its own Node runtime. The apps' dependencies are
// pinned by their lockfiles and come through one npm cache (the registry, the first time). Prints
// its time; returns `{passed, failed}` from the TAP report, or undefined when there was none.
import { join } from 'node:path';
import { runNodeTests } from './node-tests.js';

/** The consumer tests (left out of the Node stage, which runs everything else). */
export const CONSUMER_TESTS = join('test', 'consumers');

export function runConsumerTests({ root, chromium, scratch }) {
  const started = Date.now();
  const counts = runNodeTests({
    root, scratch, name: 'consumers', minutes: 20, files: [join(CONSUMER_TESTS, 'consumers.test.ts')], env: { CHROME_PATH: chromium },
  });
  console.log(`Consumer apps stage: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return counts;
}
