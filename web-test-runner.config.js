import { writeFileSync } from 'node:fs';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.js';

/** Writes the run's real counts for `npm test`'s closing line; a file that fails to load fails. */
function countingReporter(path) {
  const count = (suite, totals) => {
    for (const test of suite.tests ?? []) {
      if (test.skipped) continue;
      totals[test.passed ? 'passed' : 'failed'] += 1;
    }
    for (const child of suite.suites ?? []) count(child, totals);
    return totals;
  };
  return {
    onTestRunFinished({ sessions }) {
      const totals = { passed: 0, failed: 0 };
      for (const session of sessions) {
        if (session.testResults) count(session.testResults, totals);
        if (!session.passed && (session.errors?.length ?? 0) > 0) totals.failed += 1;
      }
      writeFileSync(path, JSON.stringify(totals));
    },
  };
}

export default {
  files: ['test/**/*.browser.test.ts'],
  nodeResolve: true,
  rootDir: '.',
  concurrency: 2,
  testFramework: { config: { timeout: 10000 } },
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json', json: true })],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    }),
  ],
  reporters: [defaultReporter(), countingReporter(process.env.WTR_COUNTS ?? '.wtr-counts.json')],
};
