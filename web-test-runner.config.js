import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { bundlesPlugin } from './scripts/wtr-bundles.js';
import { keysPlugin } from './scripts/wtr-keys.js';
import { permissionsPlugin } from './scripts/wtr-permissions.js';
import { requestRecorderPlugin } from './scripts/wtr-requests.js';
import { engineSetup } from './scripts/wtr-engines.js';

// `AIK_ENGINE=firefox|webkit` runs the suite in that engine instead of Chromium.
const engine = await engineSetup();

/**
 * Writes the run's real counts for `npm test`'s closing line, and each failure (file, test,
 * first line of its error) so that the closing lines name it even when the log above is cut.
 * A file that fails to load counts as a failure.
 */
function countingReporter(path) {
  const firstLine = (error) => String(error?.message ?? error ?? '').split('\n')[0].slice(0, 300);
  const count = (suite, names, file, totals) => {
    for (const test of suite.tests ?? []) {
      if (test.skipped) continue;
      totals[test.passed ? 'passed' : 'failed'] += 1;
      if (!test.passed) totals.failures.push({ file, test: [...names, test.name].join(' › '), error: firstLine(test.error) });
    }
    for (const child of suite.suites ?? []) count(child, [...names, child.name], file, totals);
    return totals;
  };
  return {
    onTestRunFinished({ sessions }) {
      const totals = { passed: 0, failed: 0, failures: [] };
      for (const session of sessions) {
        const file = session.testFile.replace(`${process.cwd()}/`, '');
        if (session.testResults) count(session.testResults, [], file, totals);
        if (!session.passed && (session.errors?.length ?? 0) > 0) {
          totals.failed += 1;
          totals.failures.push({ file, test: '(the file)', error: firstLine(session.errors[0]) });
        }
      }
      writeFileSync(path, JSON.stringify(totals));
    },
  };
}

/**
 * `validate-json-schema`: ajv (draft 2020-12, with formats) in this Node process, so browser tests
 * can check what a form produced against the JSON Schema it was rendered from.
 */
function jsonSchemaPlugin() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return {
    name: 'json-schema',
    executeCommand({ command, payload }) {
      if (command !== 'validate-json-schema') return undefined;
      const valid = ajv.validate(payload.schema, payload.data);
      return { valid, errors: valid ? '' : ajv.errorsText() };
    },
  };
}

/**
 * `agent`: real agent WebSocket servers built on src/agent, for the host and transport tests. The
 * lab is TypeScript: esbuild bundles it for this Node process; `ws` stays an import.
 */
async function agentLabPlugin() {
  // Inside node_modules, so that the bundle's bare imports (`ws`) resolve.
  const dir = join('node_modules', '.cache', 'aik-wtr');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, 'agent-lab.mjs');
  await build({ entryPoints: ['test/support/agent-lab.ts'], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'error' });
  const lab = await import(pathToFileURL(join(process.cwd(), outfile)).href);
  return {
    name: 'agent-lab',
    async executeCommand({ command, payload }) {
      if (command !== 'agent') return undefined;
      return lab.runAgentCommand(payload);
    },
    async serverStop() {
      await lab.closeAllLabs();
    },
  };
}

/**
 * `mcp-app`: the kit's MCP servers (Node, Python) with injected clocks, for the MCP App tests
 * (test/support/mcp-app-lab.ts); and the sandbox proxy pages served with the View's CSP header.
 */
async function mcpAppLabPlugin() {
  const dir = join('node_modules', '.cache', 'aik-wtr');
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, 'mcp-app-lab.mjs');
  await build({ entryPoints: ['test/support/mcp-app-lab.ts'], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'error' });
  const lab = await import(pathToFileURL(join(process.cwd(), outfile)).href);
  return {
    name: 'mcp-app-lab',
    // The MCP client's OAuth helper ships its browser build under the `browser` condition only.
    resolveImport({ source }) {
      return source === 'pkce-challenge' ? '/node_modules/pkce-challenge/dist/index.browser.js' : undefined;
    },
    transform(context) {
      if (!context.path.endsWith('/sandbox.html') || !context.path.includes('mcp-app')) return undefined;
      return { headers: { 'Content-Security-Policy': lab.SANDBOX_CSP } };
    },
    async executeCommand({ command, payload }) {
      if (command !== 'mcp-app') return undefined;
      return lab.runMcpAppCommand(payload);
    },
    async serverStop() {
      await lab.closeAllMcpAppLabs();
    },
  };
}

export default {
  files: ['test/**/*.browser.test.ts'],
  nodeResolve: true,
  rootDir: '.',
  hostname: '127.0.0.1',
  concurrency: engine.concurrency,
  // A file's whole budget (the runner's default is 120 s): test/hostile/faults.browser.test.ts makes
  // hundreds of real round trips through seeded drops and reloads, and on two shared cores, with
  // Firefox and WebKit driving each key over WebDriver, a long file needs more than two minutes.
  testsFinishTimeout: 6 * 60_000,
  // A file that loads the MCP SDK's schemas takes a while to start on a busy machine.
  browserStartTimeout: 2 * 60_000,
  // Firefox and WebKit drive each key and click over WebDriver, and the engines share the cores.
  testFramework: { config: { timeout: 20000 } },
  // Each test page is a Chinese page (`lang="zh-CN"`), as the kit's default is: the browsers here
  // say en-US, and a card with no `locale` follows the nearest `lang` before the browser's languages.
  testRunnerHtml: (testFramework) => `<!DOCTYPE html><html lang="zh-CN"><head></head><body><script type="module" src="${testFramework}"></script></body></html>`,
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json', json: true }),
    requestRecorderPlugin(),
    jsonSchemaPlugin(),
    await agentLabPlugin(),
    await mcpAppLabPlugin(),
    keysPlugin(),
    bundlesPlugin(),
    permissionsPlugin(),
    ...engine.plugins,
  ],
  browsers: engine.browsers,
  reporters: [defaultReporter(), countingReporter(process.env.WTR_COUNTS ?? '.wtr-counts.json')],
};
