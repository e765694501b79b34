// The packed package as bundlers see it: every module that registers a tag or a language
// (or the cards' adapter-only parts) is a declared side effect and nothing else is; "use client" heads the React entry; every
// sourceMappingURL names a map that ships.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { build } from 'esbuild';
import ts from 'typescript';
import { packedWithChromium } from './packed-browser.js';

const TAGS = ['approval-dialog', 'questionnaire-form', 'artifact-list', 'interaction-host'];

const lab = packedWithChromium();

interface Bundled {
  code: string;
  /** esbuild's warnings that an import was dropped because the package declared it pure. */
  dropped: string[];
}

/**
 * esbuild, for production, of a bare import (`agent-interaction-kit/…`, or a file of the unpacked
 * package by path, for chunks the exports map hides); `ignoreSideEffects` bundles what the module
 * really does, whatever package.json declares.
 */
async function bundle(specifier: string, ignoreSideEffects = false): Promise<Bundled> {
  const result = await build({
    stdin: { contents: `import ${JSON.stringify(specifier)};`, resolveDir: lab.packed.dir, loader: 'js' },
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'browser',
    define: { 'process.env.NODE_ENV': '"production"' },
    ignoreAnnotations: ignoreSideEffects,
    logLevel: 'silent',
  });
  return {
    code: result.outputFiles[0]!.text,
    dropped: result.warnings.filter((warning) => warning.id === 'ignored-bare-import').map((warning) => warning.text),
  };
}

/**
 * The tags a script registers on a fresh page, and `page global …` for each of the kit's symbols it
 * leaves on the global object (none should: the adapters' parts come through context).
 */
async function tagsRegisteredBy(code: string): Promise<string[]> {
  const page = await lab.browser.newPage();
  try {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ type: 'module', content: `${code}\nwindow.bundleRan = true;` });
    await page.waitForFunction(() => (window as { bundleRan?: boolean }).bundleRan === true);
    const tags = await page.evaluate((names) => names.filter((name) => customElements.get(name) !== undefined), TAGS);
    const globals = await page.evaluate(() => Object.getOwnPropertySymbols(globalThis).map(String).filter((name) => name.includes('agent-interaction-kit')));
    // A locale entry's side effect: its translation, in the page's registry of languages.
    const languages = await page.evaluate(() => [...((globalThis as Record<symbol, Map<string, unknown> | undefined>)[Symbol.for('aik.translations')]?.keys() ?? [])]);
    assert.deepEqual(errors, [], 'the bundle threw');
    return [...tags, ...languages.map((tag) => `translation ${tag}`), ...globals.map((name) => `page global ${name}`)];
  } finally {
    await page.close();
  }
}

/** `task` for every item, at most `limit` at once; the results in the items' order. */
async function eachAtMost<T, R>(limit: number, items: readonly T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

describe('the packed package under a bundler', () => {
  it('a production esbuild bundle of agent-interaction-kit/approval-dialog.js registers <approval-dialog>', async () => {
    const { code, dropped } = await bundle('agent-interaction-kit/approval-dialog.js');
    assert.deepEqual(dropped, []);
    assert.ok(code.length > 10_000, `the bundle is ${code.length} bytes`);
    assert.deepEqual(await tagsRegisteredBy(code), ['approval-dialog']);
  });

  it('every module that registers a tag is a declared side effect, nothing else is, and none leaves a global', async () => {
    // Browser modules only: the Node entries (dist/agent/, the MCP App server's dist/mcp-app/) load no page.
    const node = (file: string) => file.startsWith('dist/agent/') || file.startsWith('dist/mcp-app/');
    const modules = lab.packed.files.filter((file) => file.startsWith('dist/') && file.endsWith('.js') && !node(file));
    assert.ok(modules.some((file) => file.startsWith('dist/chunks/')), 'the build has shared chunks');
    const registering: string[] = [];
    const declared: string[] = [];
    // A few modules at a time, each on its own page: a module alone is a bundle and a page load.
    const seen = await eachAtMost(4, modules, async (file) => {
      const path = join(lab.packed.pkg, file);
      const real = await tagsRegisteredBy((await bundle(path, true)).code);
      const asBundled = await bundle(path);
      // What a bundler keeps registers exactly what the module registers.
      assert.deepEqual(await tagsRegisteredBy(asBundled.code), real, `${file} under a bundler`);
      return { file, real, dropped: asBundled.dropped };
    });
    for (const { file, real, dropped } of seen) {
      if (real.length > 0) registering.push(file);
      assert.deepEqual(real.filter((name) => name.startsWith('page global')), [], `${file} leaves a global`);
      if (dropped.length === 0) declared.push(file);
    }
    assert.deepEqual(declared, registering);
    assert.deepEqual(registering, [
      'dist/a2ui.js',
      'dist/agent-interaction-kit-adapters.js',
      'dist/agent-interaction-kit.js',
      'dist/answer-page.js',
      'dist/approval-dialog.js',
      'dist/artifact-list.js',
      'dist/index.js',
      'dist/interaction-host.js',
      'dist/interaction-inbox.js',
      ...['ar', 'de', 'es', 'fr', 'he', 'ja', 'ko', 'pt-BR', 'ru', 'zh-TW'].map((tag) => `dist/locales/${tag}.js`),
      'dist/questionnaire-form.js',
      'dist/react/ai-sdk.js',
      'dist/react/index.js',
    ]);
  });

  it('"use client" is the first statement of each React entry (dist/react/index.js, dist/react/ai-sdk.js)', () => {
    const entries = lab.packed.files.filter((file) => /^dist\/react\/[^/]+\.js$/.test(file));
    assert.deepEqual(entries, ['dist/react/ai-sdk.js', 'dist/react/index.js']);
    for (const file of entries) {
      const source = ts.createSourceFile(file, readFileSync(join(lab.packed.pkg, file), 'utf8'), ts.ScriptTarget.ES2022);
      const first = source.statements[0];
      assert.ok(first && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression), `${file}: the first statement is not a directive`);
      assert.equal(first.expression.text, 'use client', file);
    }
  });

  it('every sourceMappingURL names a source map that ships, with the sources inside it', () => {
    const scripts = lab.packed.files.filter((file) => file.endsWith('.js'));
    let withMaps = 0;
    for (const file of scripts) {
      const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(join(lab.packed.pkg, file), 'utf8'))?.[1];
      if (url === undefined) continue;
      withMaps += 1;
      const map = join(file, '..', url);
      assert.ok(lab.packed.files.includes(map), `${file} names ${url}, which does not ship`);
      const parsed = JSON.parse(readFileSync(join(lab.packed.pkg, map), 'utf8')) as { sources: string[]; sourcesContent?: unknown[] };
      assert.equal(parsed.sourcesContent?.length, parsed.sources.length, `${map} lacks the text of its sources`);
    }
    assert.ok(withMaps > 0);
  });
});
