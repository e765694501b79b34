// The packed package's types, as a TypeScript user meets them: every name an
// entry exports is listed in docs/api.md and nothing else is; every TypeScript and TSX block of
// the README, CONTRIBUTING.md and docs/ type-checks under --strict against the packed package.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import ts from 'typescript';
import { codeBlocks } from '../docs/markdown.js';
import { packageJson, packPackage, root, type Packed } from './packed.js';

const apiPage = readFileSync(join(root, 'docs', 'api.md'), 'utf8');
let packed: Packed;

const options: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: ['node'],
  skipLibCheck: false,
};

function diagnostics(program: ts.Program): string[] {
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? `${d.file.fileName.replace(packed.dir, '')}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}` : '';
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

/** The names each entry of docs/api.md lists: `## \`specifier\`` headings, then `- \`name\`, … — what`. */
function documentedApi(): Map<string, string[]> {
  assert.match(apiPage, /^# API: what each entry exports$/m, 'docs/api.md has lost its title');
  const api = new Map<string, string[]>();
  for (const block of apiPage.split(/^## /m).slice(1)) {
    const specifier = /^`([^`]+)`/.exec(block)![1]!;
    const bullets = block.split(/^- /m).slice(1).map((bullet) => bullet.split(' — ')[0]!);
    api.set(specifier, bullets.flatMap((names) => [...names.matchAll(/`(\w+)`/g)].map((m) => m[1]!)).sort());
  }
  return api;
}

describe('the packed package for TypeScript', () => {
  before(() => {
    packed = packPackage();
  });
  after(() => packed?.remove());

  it('every entry exports exactly the names docs/api.md lists for it', () => {
    const exports = packageJson(packed.pkg).exports as Record<string, string | { types?: string; default?: string }>;
    const api = documentedApi();
    // Entries with code; the types-only ./jsx and ./vue are the generated integrations (manifest.test.ts).
    const typed = Object.entries(exports).filter(([, target]) => typeof target === 'object' && target.types && 'default' in target);
    const files = typed.map(([, target]) => join(packed.pkg, (target as { types: string }).types));
    const program = ts.createProgram(files, options);
    const checker = program.getTypeChecker();
    const listed = new Set<string>();
    for (const [subpath, target] of typed) {
      const file = program.getSourceFile(join(packed.pkg, (target as { types: string }).types));
      assert.ok(file, `${subpath}: ${(target as { types: string }).types} does not ship`);
      const names = checker.getExportsOfModule(checker.getSymbolAtLocation(file)!).map((symbol) => symbol.name).sort();
      const specifier = subpath === '.' ? 'agent-interaction-kit' : `agent-interaction-kit/${subpath.slice(2)}`;
      // The standalone bundle is built from the browser entry and typed by it.
      const documented = subpath === './agent-interaction-kit.js' ? 'agent-interaction-kit' : specifier;
      assert.deepEqual(names, api.get(documented), `${specifier} exports ${names.join(', ')}; docs/api.md lists ${api.get(documented)?.join(', ')}`);
      listed.add(documented);
    }
    assert.deepEqual([...api.keys()].filter((name) => !listed.has(name)), [], 'docs/api.md lists entries the package does not have');
    // Every JavaScript entry has types, the standalone bundle included.
    const untyped = Object.entries(exports).filter(([, target]) => typeof target === 'string' && target.endsWith('.js')).map(([subpath]) => subpath);
    assert.deepEqual(untyped, []);
  });

  it('the types import only what the package depends on, with its types (the agent entry needs no @types/ws of its user)', () => {
    const manifest = packageJson(packed.pkg) as { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
    const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
    const missing = new Set<string>();
    for (const file of packed.files.filter((name) => name.endsWith('.d.ts'))) {
      const text = readFileSync(join(packed.pkg, file), 'utf8');
      for (const specifier of ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName).filter((name) => !name.startsWith('.'))) {
        if (specifier!.startsWith('node:') || specifier === 'agent-interaction-kit' || specifier!.startsWith('agent-interaction-kit/')) continue;
        const name = specifier!.startsWith('@') ? specifier!.split('/').slice(0, 2).join('/') : specifier!.split('/')[0]!;
        if (!declared.has(name)) missing.add(`${file}: ${name}`);
        const own = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { types?: string; typings?: string; exports?: unknown };
        const typed = own.types ?? own.typings ?? (JSON.stringify(own.exports ?? '').includes('"types"') ? 'exports' : undefined);
        if (!typed && !declared.has(`@types/${name}`)) missing.add(`${file}: @types/${name} (for ${name})`);
      }
    }
    assert.deepEqual([...missing], []);
  });

  it('importing an entry that registers elements types document.createElement for each of its tags', () => {
    const host = ['approval-dialog', 'questionnaire-form', 'artifact-list', 'interaction-host'];
    const registers: Record<string, string[]> = {
      'agent-interaction-kit': host,
      'agent-interaction-kit/agent-interaction-kit.js': host,
      'agent-interaction-kit/interaction-host.js': host,
      'agent-interaction-kit/interaction-inbox.js': ['approval-dialog', 'questionnaire-form', 'interaction-inbox'],
      'agent-interaction-kit/approval-dialog.js': ['approval-dialog'],
      'agent-interaction-kit/questionnaire-form.js': ['questionnaire-form'],
      'agent-interaction-kit/artifact-list.js': ['artifact-list'],
    };
    // A property only the element's own class has: without the tag-name map createElement gives an HTMLElement.
    const own: Record<string, string> = { 'approval-dialog': 'request', 'questionnaire-form': 'request', 'artifact-list': 'items', 'interaction-host': 'receiptLimit', 'interaction-inbox': 'filterKind' };
    let previous: ts.Program | undefined;
    const problems = Object.entries(registers).flatMap(([specifier, tags], i) => {
      // One program per entry: a tag-name map one entry declares would otherwise type them all.
      // Each reuses the files the one before parsed (the DOM's and lit's types), not its roots.
      const file = join(packed.dir, `tags-${i + 1}.ts`);
      writeFileSync(file, `import ${JSON.stringify(specifier)};\n${tags.map((tag) => `document.createElement('${tag}').${own[tag]};`).join('\n')}\nexport {};\n`);
      previous = ts.createProgram([file], options, undefined, previous);
      return diagnostics(previous).map((problem) => `${specifier}: ${problem}`);
    });
    assert.deepEqual(problems, []);
  });

  it('every TypeScript and TSX block of the README, CONTRIBUTING.md and docs/ type-checks under --strict against the packed package', () => {
    const blocks = codeBlocks(root, ['ts', 'tsx']);
    assert.ok(blocks.length >= 17, `${blocks.length} blocks`);
    const files = blocks.map((block, i) => {
      // Named after its page, so that a problem says where the block is.
      const file = join(packed.dir, `${block.file.replace(/\W/g, '-')}-${i + 1}.${block.lang}`);
      // Each block is its own module (top-level await included).
      writeFileSync(file, `${block.code}\nexport {};\n`);
      return file;
    });
    const problems = diagnostics(ts.createProgram(files, options));
    assert.deepEqual(problems, []);
  });
});
