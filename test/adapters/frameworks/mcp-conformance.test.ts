// MCP's own client conformance suite (`@modelcontextprotocol/conformance`) against a client built on
// the kit's elicitation handler (conformance-client.ts): each elicitation scenario the suite lists
// for clients, with the 1.x SDK's client and with the v2 client, every card answered in Chromium as
// a person would. The assertion is the suite's own verdict: `Passed: n/n, 0 failed`, exit 0.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';

const ROOT = new URL('../../../', import.meta.url).pathname;
const SUITE = join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
// Node 20 has no fs.globSync, which the suite imports at load: this module supplies it.
const GLOB = join(ROOT, 'scripts', 'fs-glob-sync.mjs');

/** Runs the suite's CLI; resolves with its exit code and what it printed. */
function conformance(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', GLOB, SUITE, ...args], { cwd: ROOT, env: { ...process.env, ...env, NO_COLOR: '1' } });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('MCP conformance suite: client elicitation scenarios, answered in the kit', () => {
  let scratch: string;
  let client: string;
  let page: string;
  let scenarios: string[];
  before(async () => {
    // Built once for every run: the client as plain Node ESM beside node_modules (its packages stay
    // imports), and the page's bundle, so that each run spends its time on the scenario.
    const cache = join(ROOT, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    scratch = mkdtempSync(join(cache, 'aik-conformance-'));
    client = join(scratch, 'client.mjs');
    page = join(scratch, 'page.js');
    await build({ entryPoints: [join(ROOT, 'test/adapters/frameworks/conformance-client.ts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: client, logLevel: 'error' });
    await build({
      entryPoints: [join(ROOT, 'test/adapters/frameworks/conformance-client.page.ts')], bundle: true, format: 'esm', platform: 'browser', target: 'es2022',
      outfile: page, define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'error',
    });
    const listed = await conformance(['list', '--client']);
    assert.equal(listed.code, 0, listed.out);
    scenarios = [...listed.out.matchAll(/^\s*- (\S*elicitation\S*)/gm)].map((match) => match[1]!);
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('the suite lists its client elicitation scenarios', () => {
    assert.ok(scenarios.length > 0, 'no elicitation scenario listed');
    assert.ok(scenarios.includes('elicitation-sep1034-client-defaults'), scenarios.join(', '));
  });

  for (const sdk of ['v1', 'v2'] as const) {
    it(`every elicitation scenario passes with the ${sdk === 'v1' ? '1.x SDK' : 'v2 client'}`, { timeout: 600_000 }, async () => {
      for (const scenario of scenarios) {
        const started = Date.now();
        const run = await conformance(
          ['client', '--scenario', scenario, '--timeout', '120000', '--command', `"${process.execPath}" "${client}" ${sdk}`],
          { AIK_CONFORMANCE_PAGE: page },
        );
        const verdict = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(run.out);
        assert.ok(verdict, `${scenario}: no verdict\n${run.out.slice(-3000)}`);
        assert.equal(verdict[3], '0', `${scenario}: ${verdict[0]}\n${run.out.slice(-3000)}`);
        assert.equal(verdict[1], verdict[2], `${scenario}: ${verdict[0]}`);
        assert.ok(Number(verdict[2]) > 0, `${scenario}: no check ran`);
        assert.equal(run.code, 0, `${scenario}: exit ${run.code}\n${run.out.slice(-3000)}`);
        console.log(`# ${scenario} (${sdk}): ${verdict[0]} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
    });
  }
});
