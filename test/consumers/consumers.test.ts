// The packed package in real consumer apps: Vite + Vue 3 written as docs/embedding.md shows,
// Vite + React 19 through agent-interaction-kit/react, esbuild with a leaf import, and a plain
// script tag with the standalone file. Each is installed from the tarball and built for
// production, served on loopback, opened in Chromium, Firefox and WebKit and driven against its own Node runtime
// (the installed package's ./agent, admitting the app's origin only): the cards show, are
// answered through their roles and names, and the runtime gets the typed results; the app's
// `interaction-host::part(approve-button)` rule reaches the button inside the host.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { enginesToRun, launchEngine, type Engine, type EngineBrowser } from '../support/drive/engine.js';
import { Page } from '../support/drive/page.js';
import { pageErrors } from '../support/drive/page-errors.js';
import { prepareApps, serveStatic, startRuntime, type Runtime, type Served, type Workspace } from './apps.js';

/** Each app, and what its own CSS gives the approve button through the host. */
const APPS = {
  vue: { backgroundColor: 'rgb(0, 105, 92)', borderRadius: '3px' },
  react: { backgroundColor: 'rgb(106, 27, 154)', borderRadius: '5px' },
  esbuild: { backgroundColor: 'rgb(183, 28, 28)', borderRadius: '7px' },
  'script-tag': { backgroundColor: 'rgb(230, 81, 0)', borderRadius: '9px' },
} as const;
type AppName = keyof typeof APPS;
const TAGS = ['interaction-host', 'approval-dialog', 'questionnaire-form', 'artifact-list'];
const REACT_PACKAGES = ['react', 'react-dom', '@lit/react', '@types/react'];

let workspace: Workspace;
const browsers = new Map<Engine, EngineBrowser>();

before(async () => {
  workspace = await prepareApps(Object.keys(APPS));
  console.log(`# consumer apps: ${workspace.timings}`);
});
after(async () => {
  for (const browser of browsers.values()) await browser.close();
  workspace?.remove();
});

/** Each engine is launched once, for all the apps. */
async function browserFor(engine: Engine): Promise<EngineBrowser> {
  if (!browsers.has(engine)) browsers.set(engine, await launchEngine(engine));
  return browsers.get(engine)!;
}

/** The built app's JavaScript, every file of it. */
function builtScripts(dir: string): { name: string; size: number }[] {
  const dist = join(dir, 'dist');
  return readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ name: file, size: statSync(join(dist, file)).size }));
}

for (const engine of enginesToRun()) for (const [name, style] of Object.entries(APPS) as [AppName, (typeof APPS)[AppName]][]) {
  describe(`consumer app: ${name}, built for production, in ${engine}`, () => {
    let dir: string;
    let served: Served;
    let runtime: Runtime;
    let page: Page;
    const session = `consumer-${name}-${engine}`;

    before(async () => {
      dir = workspace.apps[name]!;
      served = await serveStatic(join(dir, 'dist'));
      runtime = await startRuntime(dir, served.origin);
      page = new Page(await (await browserFor(engine)).newPage({ width: 900, height: 900 }));
      const agent = `ws://127.0.0.1:${runtime.port}/agent/sessions/${session}`;
      await page.goto(`${served.origin}/?agent=${encodeURIComponent(agent)}`);
    });
    after(async () => {
      await page?.close();
      await runtime?.close();
      await served?.close();
    });

    it('its production build registers every tag and connects to its runtime', async () => {
      const scripts = builtScripts(dir);
      assert.ok(scripts.length > 0 && scripts.every((script) => script.size > 0), `built scripts: ${JSON.stringify(scripts)}`);
      const registered = await page.run<string[]>(`${JSON.stringify(TAGS)}.filter((tag) => customElements.get(tag) !== undefined)`);
      assert.deepEqual(registered, TAGS, 'the tags the built app registered');
      await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor();
    });

    it('an approval shows, styled by the app through the host, and Approve reaches the runtime as an ApprovalResult', async () => {
      const result = runtime.call(session, 'request_user_approval', { message: 'Deploy v2.3 to production?', severity: 'medium' });
      const card = page.getByRole('listitem').filter({ hasText: 'Deploy v2.3 to production?' });
      const approve = card.getByRole('button', { name: 'Approve' });
      await approve.waitFor();
      const computed = await approve.evaluate<Record<string, string>>('(button) => { const { backgroundColor, borderTopLeftRadius } = getComputedStyle(button); return { backgroundColor, borderRadius: borderTopLeftRadius }; }');
      assert.deepEqual(computed, style, 'interaction-host::part(approve-button) from the app’s CSS');
      await approve.click();
      const answered = await result;
      assert.equal(answered.source_tool, 'request_user_approval');
      assert.equal(answered.content, '用户已批准操作。');
      assert.deepEqual(pick(answered.interaction_response, ['status', 'approved']), { status: 'completed', approved: true });
    });

    it('a choice question is answered through its radio and Submit, and reaches the runtime as an InputResult', async () => {
      const result = runtime.call(session, 'request_user_input', { message: 'Which region?', input_mode: 'choice', options: ['eu', 'us'] });
      const card = page.getByRole('listitem').filter({ hasText: 'Which region?' });
      await card.getByRole('radio', { name: 'us', exact: true }).check();
      await card.getByRole('button', { name: 'Submit' }).click();
      const answered = await result;
      assert.equal(answered.source_tool, 'request_user_input');
      assert.deepEqual(pick(answered.interaction_response, ['status', 'selected_options']), { status: 'completed', selected_options: ['us'] });
    });

    // What the build made is checked once, in the first engine.
    const firstEngine = engine === enginesToRun()[0];
    if (name === 'esbuild' && firstEngine) {
      it('the leaf import is bundled, not dropped as free of side effects', () => {
        const bundle = readFileSync(join(dir, 'dist', 'main.js'), 'utf8');
        assert.ok(bundle.length > 20_000, `dist/main.js is ${bundle.length} bytes`);
        assert.match(bundle, /customElements\.define/);
      });
    }

    if (name !== 'react' && firstEngine) {
      it('installs nothing React-related', () => {
        const installed = REACT_PACKAGES.filter((pkg) => existsSync(join(dir, 'node_modules', pkg, 'package.json')));
        assert.deepEqual(installed, []);
      });
    }

    it('the page logged no error', async () => {
      assert.deepEqual(await pageErrors(page), []);
    });
  });
}

function pick(value: unknown, keys: string[]): Record<string, unknown> {
  const record = value as Record<string, unknown>;
  return Object.fromEntries(keys.map((key) => [key, record[key]]));
}
