// custom-elements.json and what is generated from it, as the package ships them:
// valid against the manifest schema, complete (tags, attributes, events with detail types, every
// part an element renders, every --aik-* token with its default, paths into dist/), and the
// editor and framework integrations type-check in a React 19 and a Vue app.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Ajv from 'ajv';
import ts from 'typescript';
// @ts-expect-error a plain JS module shared with the build
import { designTokens } from '../../scripts/design-tokens.js';
import { EXPORTED_PARTS } from '../../src/host/exported-parts.js';
import { packageJson, packPackage, root, type Packed } from './packed.js';

interface Named { name: string; type?: { text: string }; default?: string; description?: string }
interface Element { name: string; tagName?: string; customElement?: boolean; attributes?: Named[]; events?: Named[]; cssParts?: Named[]; cssProperties?: Named[]; slots?: Named[] }
interface Manifest { schemaVersion: string; modules: { path: string; declarations: Element[]; exports: { kind: string; name: string; declaration: { module: string } }[] }[] }

const TAGS = { 'approval-dialog': 'approval-dialog', 'questionnaire-form': 'questionnaire-form', 'artifact-list': 'artifact-list', 'interaction-host': 'host', 'interaction-inbox': 'host/inbox' } as const;
let packed: Packed;
let manifest: Manifest;

/** The part names a folder's templates render. */
function renderedParts(folder: string): Set<string> {
  const dir = join(root, 'src', folder);
  const names = new Set<string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
    for (const [, parts] of readFileSync(join(dir, file), 'utf8').matchAll(/part="([^"$]+)"/g)) for (const part of parts!.split(/\s+/)) names.add(part);
  }
  return names;
}

const element = (tag: string) => manifest.modules.flatMap((module) => module.declarations).find((declaration) => declaration.tagName === tag)!;

describe('custom-elements.json', () => {
  before(() => {
    packed = packPackage();
    manifest = JSON.parse(readFileSync(join(packed.pkg, 'custom-elements.json'), 'utf8')) as Manifest;
  });
  after(() => packed?.remove());

  it('is valid against the custom elements manifest schema, and package.json points at it', () => {
    const schema = JSON.parse(readFileSync(join(root, 'node_modules/custom-elements-manifest/schema.json'), 'utf8')) as object;
    const ajv = new Ajv({ strict: false, allErrors: true });
    assert.ok(ajv.validate(schema, manifest), ajv.errorsText());
    assert.equal(packageJson(packed.pkg).customElements, 'custom-elements.json');
  });

  it('names every element with its tag, as a custom element, in a module of dist/ that ships and defines it', () => {
    const elements = manifest.modules.flatMap((module) => module.declarations.map((declaration) => ({ module, declaration })));
    assert.deepEqual(elements.map(({ declaration }) => declaration.tagName).sort(), Object.keys(TAGS).sort());
    for (const { module, declaration } of elements) {
      assert.equal(declaration.customElement, true, declaration.name);
      assert.ok(module.path.startsWith('dist/') && packed.files.includes(module.path), `${declaration.name}: ${module.path} does not ship`);
      assert.deepEqual(module.exports.filter((e) => e.kind === 'custom-element-definition').map((e) => e.name), [declaration.tagName]);
    }
  });

  it('lists every --aik-* token with its default on every element', () => {
    const tokens = (designTokens() as Named[]).map((token) => ({ name: token.name, default: token.default }));
    assert.ok(tokens.length >= 35 && tokens.some((token) => token.name === '--aik-color-surface-raised'));
    const source = readFileSync(join(root, 'src/elements/shared/tokens.ts'), 'utf8');
    assert.equal(tokens.length, new Set(source.match(/--aik-[\w-]+(?=,)/g)).size, 'every token in tokens.ts is read');
    for (const tag of Object.keys(TAGS)) {
      assert.deepEqual(element(tag).cssProperties!.map((p) => ({ name: p.name, default: p.default })), tokens, tag);
      assert.ok(element(tag).cssProperties!.every((p) => p.description), `${tag}: a token without a description`);
    }
  });

  it('types each event\'s detail, and lists only the events an element fires', () => {
    const events = (tag: string) => element(tag).events!.map((e) => [e.name, e.type?.text]);
    for (const tag of ['approval-dialog', 'questionnaire-form']) assert.deepEqual(events(tag), [['interaction-response', 'InteractionResponseEvent']]);
    assert.deepEqual(events('artifact-list'), []);
    assert.deepEqual(events('interaction-host'), [
      ['interaction-request', 'InteractionRequestEvent'],
      ['tool-result', 'ToolResultEvent'],
      ['connection-change', 'ConnectionChangeEvent'],
      ['interaction-waiting', 'InteractionWaitingEvent'],
    ]);
  });

  it('lists every part an element renders (the host: its own and every part it forwards), and its attributes', () => {
    const shared = renderedParts('elements/shared');
    for (const [tag, folder] of Object.entries(TAGS)) {
      const listed = new Set(element(tag).cssParts!.map((part) => part.name));
      // The inbox renders the host's answer-all bar and forwards its cards' parts as the host does.
      const rendered =
        folder === 'host' ? new Set([...renderedParts('host'), ...EXPORTED_PARTS])
        : folder === 'host/inbox' ? new Set([...renderedParts('host/inbox'), 'answer-all', 'approve-all-button', 'reject-all-button', ...EXPORTED_PARTS])
        : new Set([...renderedParts(`elements/${folder}`), ...(folder === 'artifact-list' ? ['invisible-char'] : shared)]);
      assert.deepEqual([...rendered].filter((name) => !listed.has(name)), [], `${tag} renders parts its manifest does not list`);
      assert.ok(element(tag).cssParts!.every((part) => part.description), tag);
      const attributes = element(tag).attributes!.map((a) => a.name);
      for (const name of ['locale', 'theme']) assert.ok(attributes.includes(name), `${tag} lacks the ${name} attribute`);
      assert.deepEqual(element(tag).slots, []);
    }
    assert.ok(element('interaction-host').attributes!.some((a) => a.name === 'src'));
  });

  it('the host forwards exactly the parts the three cards document, so each one is reachable as interaction-host::part(…)', () => {
    const documented = new Set(['approval-dialog', 'questionnaire-form', 'artifact-list'].flatMap((tag) => element(tag).cssParts!.map((part) => part.name)));
    assert.deepEqual([...documented].filter((name) => !(EXPORTED_PARTS as readonly string[]).includes(name)), [], 'documented on a card, not forwarded by the host');
    assert.deepEqual(EXPORTED_PARTS.filter((name) => !documented.has(name)), [], 'forwarded by the host, documented on no card');
  });

  it('ships VS Code custom data and JetBrains web-types generated from it, with every tag and token', () => {
    const html = JSON.parse(readFileSync(join(packed.pkg, 'dist/vscode.html-custom-data.json'), 'utf8')) as { tags: { name: string; attributes: Named[] }[] };
    assert.deepEqual(html.tags.map((tag) => tag.name).sort(), Object.keys(TAGS).sort());
    assert.ok(html.tags.find((tag) => tag.name === 'interaction-host')!.attributes.some((a) => a.name === 'receipt-limit'));
    const css = JSON.parse(readFileSync(join(packed.pkg, 'dist/vscode.css-custom-data.json'), 'utf8')) as { properties: Named[]; pseudoElements?: Named[] };
    for (const token of designTokens() as Named[]) assert.ok(css.properties.some((p) => p.name === token.name), token.name);
    const webTypesPath = packageJson(packed.pkg)['web-types'] as string;
    const webTypes = JSON.parse(readFileSync(join(packed.pkg, webTypesPath), 'utf8')) as { name: string; contributions: { html: { elements: { name: string }[] } } };
    assert.equal(webTypes.name, 'agent-interaction-kit');
    assert.deepEqual(webTypes.contributions.html.elements.map((e) => e.name).sort(), Object.keys(TAGS).sort());
  });

  it('its React 19 JSX types and Vue GlobalComponents types type-check in an app, and refuse what the elements do not take', () => {
    const react = join(packed.dir, 'react-app.tsx');
    writeFileSync(react, `import type {} from 'agent-interaction-kit/jsx';
export const ok = <interaction-host src="wss://example.com/s/1" locale="en" theme="dark" receipt-limit={10} />;
export const card = <approval-dialog modal locale="zh-CN" oninteraction-response={(event) => console.log(event.detail.approved)} />;
// @ts-expect-error not a theme
export const wrong = <interaction-host theme="blue" />;
`);
    const vue = join(packed.dir, 'vue-app.ts');
    writeFileSync(vue, `import type {} from 'agent-interaction-kit/vue';
import type { GlobalComponents } from 'vue';
type HostProps = GlobalComponents['interaction-host'] extends new () => { $props: infer P } ? P : never;
export const ok: HostProps = { locale: 'en', theme: 'light', src: 'wss://example.com/s/1' };
// @ts-expect-error not a theme
export const wrong: HostProps = { theme: 'blue' };
`);
    // Two apps, two programs: a React app loads the JSX types, a Vue app the Vue ones.
    for (const app of [react, vue]) {
      const program = ts.createProgram([app], {
        strict: true, noEmit: true, jsx: ts.JsxEmit.ReactJSX, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler, lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'], types: [], skipLibCheck: false,
      });
      const problems = ts.getPreEmitDiagnostics(program).filter((d) => !d.file || !d.file.fileName.includes('/node_modules/') || d.file.fileName.includes('/agent-interaction-kit/'))
        .map((d) => `${d.file?.fileName.replace(packed.dir, '') ?? ''} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
      assert.deepEqual(problems, [], app);
    }
  });
});

describe('the theming page\'s tokens table', () => {
  it('lists every --aik-* token with its light and dark defaults, as generated from the tokens', async () => {
    // @ts-expect-error a plain JS module shared with the build
    const { pageWithTokens } = (await import('../../scripts/write-tokens-table.js')) as { pageWithTokens: (text: string) => string };
    const page = readFileSync(join(root, 'docs', 'theming.md'), 'utf8');
    assert.equal(page, pageWithTokens(page), 'the table is stale: run npm run docs');
    for (const token of designTokens() as Named[]) assert.ok(page.includes(`| \`${token.name}\` |`), token.name);
  });
});
