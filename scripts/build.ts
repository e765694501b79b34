// `npm run build`: the package.
// - dist/agent-interaction-kit.js: one standalone ES module, lit and zod inside, all four tags;
// - dist/agent-interaction-kit-adapters.js: the same with the adapters and their card parts
//   (typed fields, link consent), which the core file leaves out;
// - dist/answer-page.js: the same (zh-CN and en), for the answer link's page; it and the ten
//   dist/locales/<tag>.js are copied into the Python package (answer_page.js, answer_page_locales/)
//   for its wheel;
// - dist/<element>.js: per-element entries with lit as a peer, tree-shakable (shared chunks);
// - dist/locales/<tag>.js: one per language beyond zh-CN and en, registering it on import;
// - dist/agent/index.js: the Node entry; dist/react/index.js: React wrappers;
// - dist/mcp-app/: the MCP App's Node entry and its card.html (scripts/build-mcp-app.ts);
// - dist/types/: .d.ts; custom-elements.json; schema/*.json.
// esbuild bundles (fast, and it reads tsconfig's experimentalDecorators), terser minifies what a
// browser loads once more (scripts/terse.js); Vite serves the demo.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build, type BuildOptions } from 'esbuild';
// @ts-expect-error a plain JS plugin shared with the size check
import { minifyLitCss } from './minify-lit-css.js';
// @ts-expect-error a plain JS module shared with the size check
import { buildForBrowser } from './terse.js';
import { buildMcpApp } from './build-mcp-app.js';
import { LOCALE_ENTRIES } from './sizes.js';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
rmSync('dist', { recursive: true, force: true });

const common: BuildOptions = {
  bundle: true,
  format: 'esm',
  target: 'es2022',
  tsconfig: 'tsconfig.json',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [minifyLitCss],
};

await Promise.all([
  buildForBrowser(build, {
    ...common,
    entryPoints: {
      'agent-interaction-kit': 'src/entries/index.ts',
      'agent-interaction-kit-adapters': 'src/entries/agent-interaction-kit-adapters.ts',
      // The answer link's page script: the host, zh-CN and en, the socket from `location`.
      'answer-page': 'src/entries/answer-page.ts',
    },
    outdir: 'dist',
    minify: true,
    sourcemap: true,
    platform: 'browser',
  }),
  buildForBrowser(build, {
    ...common,
    entryPoints: {
      'approval-dialog': 'src/entries/approval-dialog.ts',
      'questionnaire-form': 'src/entries/questionnaire-form.ts',
      'artifact-list': 'src/entries/artifact-list.ts',
      'interaction-host': 'src/entries/interaction-host.ts',
      'interaction-inbox': 'src/entries/interaction-inbox.ts',
      index: 'src/entries/index.ts',
      'react/index': 'src/react/index.ts',
      // The adapters' entries register the card parts only their requests need.
      'adapters/index': 'src/entries/adapters.ts',
      // One entry per framework, so a page loads only the one it uses.
      'adapters/mcp-sdk': 'src/entries/adapters-mcp-sdk.ts',
      // The kit's cards as an A2UI catalog for @a2ui/lit.
      a2ui: 'src/entries/a2ui.ts',
      'adapters/ai-sdk': 'src/adapters/ai-sdk.ts',
      'react/ai-sdk': 'src/react/ai-sdk.ts',
      'frame-bridge': 'src/agent/frame.ts',
    },
    outdir: 'dist',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    minify: true,
    sourcemap: true,
    platform: 'browser',
    external: ['lit', 'lit/*', '@lit/*', 'zod', 'zod/*', 'react', 'react/*', '@modelcontextprotocol/*', 'ai', '@ai-sdk/*', '@a2ui/*'],
  }),
  build({
    ...common,
    entryPoints: {
      'agent/index': 'src/agent/index.ts',
      // The server-side framework adapters, each its own entry beside the Node entry.
      'adapters/openai-agents': 'src/adapters/openai-agents.ts',
      'adapters/langgraph': 'src/adapters/langgraph.ts',
      'adapters/langchain-hitl': 'src/adapters/langchain-hitl.ts',
    },
    outdir: 'dist',
    // Its own chunk for the Redis sessions, so that `redis` is imported only when it is asked for.
    splitting: true,
    chunkNames: 'agent/chunks/[name]-[hash]',
    platform: 'node',
    packages: 'external',
    sourcemap: true,
  }),
  // One entry per language beyond zh-CN and en (dist/locales/<tag>.js), self-contained: it
  // registers its table for whichever copy of the kit the page loaded.
  buildForBrowser(build, {
    ...common,
    entryPoints: Object.fromEntries(LOCALE_ENTRIES.map((tag) => [`locales/${tag}`, `src/entries/locales/${tag}.ts`])),
    outdir: 'dist',
    minify: true,
    sourcemap: true,
    platform: 'browser',
  }),
  // The MCP App: its Node entry and card.html, the View inlined (scripts/build-mcp-app.ts).
  buildMcpApp(common),
]);

// React Server Components: the React entry must start with "use client" (esbuild drops directives
// when it bundles). Its source map gains one empty line in front, so its mappings stay true.
function prependUseClient(file: string): void {
  if (/^["']use client["']/.test(readFileSync(file, 'utf8'))) return; // esbuild kept the entry's own
  writeFileSync(file, `"use client";\n${readFileSync(file, 'utf8')}`);
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { mappings: string };
  map.mappings = `;${map.mappings}`;
  writeFileSync(`${file}.map`, JSON.stringify(map));
}
// The Python package serves the answer page's script and its languages' modules too: it ships the
// same files in its wheel.
copyFileSync('dist/answer-page.js', 'python/src/agent_interaction_kit/answer_page.js');
mkdirSync('python/src/agent_interaction_kit/answer_page_locales', { recursive: true });
for (const tag of LOCALE_ENTRIES) copyFileSync(`dist/locales/${tag}.js`, `python/src/agent_interaction_kit/answer_page_locales/${tag}.js`);

prependUseClient('dist/react/index.js');
prependUseClient('dist/react/ai-sdk.js');

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json']);
run(process.execPath, ['node_modules/@custom-elements-manifest/analyzer/cem.js', 'analyze', '--quiet']);
run(process.execPath, ['--import', 'tsx', 'scripts/write-schemas.ts']);
run(process.execPath, ['scripts/write-integrations.js']);
console.log('dist/, custom-elements.json and schema/ written');
