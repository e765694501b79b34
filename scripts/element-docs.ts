// The generated part of each element's page, docs/elements/<tag>.md: properties, attributes,
// methods, events, CSS parts, CSS custom properties and slots, as custom-elements.json gives them.
// It sits between two markers, after the page's opening and its example, before the behaviour and
// the keyboard. Run as a script (`npm run docs`), it analyses the sources again and rewrites that part of every page; the pages
// test fails while a page differs from what the manifest gives, so the two cannot drift.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const GENERATED_START = '<!-- generated from custom-elements.json by `npm run docs`: do not edit -->';
export const GENERATED_END = '<!-- end generated -->';

interface Typed {
  name: string;
  description?: string;
  type?: { text: string };
  default?: string;
}
interface Member extends Typed {
  kind: 'field' | 'method';
  attribute?: string;
  privacy?: string;
  static?: boolean;
  readonly?: boolean;
  parameters?: Typed[];
  return?: { type?: { text: string } };
}
interface Attribute extends Typed {
  fieldName?: string;
}
interface Declaration extends Typed {
  customElement?: boolean;
  tagName?: string;
  summary?: string;
  members?: Member[];
  attributes?: Attribute[];
  events?: Typed[];
  cssParts?: Typed[];
  cssProperties?: Typed[];
  slots?: Typed[];
}
export interface Manifest {
  modules: { path: string; declarations?: Declaration[] }[];
}

/** One element of the manifest: its tag, its class and the package entry that registers it. */
export interface ManifestElement {
  tag: string;
  specifier: string;
  declaration: Declaration;
}

export function manifestElements(manifest: Manifest): ManifestElement[] {
  return manifest.modules.flatMap((module) =>
    (module.declarations ?? [])
      .filter((declaration) => declaration.customElement && declaration.tagName)
      .map((declaration) => ({
        tag: declaration.tagName!,
        specifier: `agent-interaction-kit/${module.path.replace(/^dist\//, '')}`,
        declaration,
      })),
  );
}

/** A table cell: one line, its pipes escaped (inside code too, as GitHub's tables need). */
const cell = (text = '') => text.replace(/\s*\n\s*/g, ' ').replaceAll('|', '\\|');
const code = (text?: string) => (text ? `\`${cell(text)}\`` : '');

function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

function section(title: string, rows: string[][], head: string[], none: string): string {
  return `## ${title}\n\n${rows.length > 0 ? table(head, rows) : none}`;
}

/** The generated Markdown of one element's page, between (not including) its markers. */
export function generatedPart({ tag, specifier, declaration }: ManifestElement): string {
  const members = (declaration.members ?? []).filter((member) => !member.static && !member.privacy && !member.name.startsWith('_'));
  const fields = members.filter((member) => member.kind === 'field');
  const methods = members.filter((member) => member.kind === 'method');
  const signature = (method: Member) =>
    `${method.name}(${(method.parameters ?? []).map((p) => `${p.name}${p.type ? `: ${p.type.text}` : ''}`).join(', ')})${method.return?.type ? `: ${method.return.type.text}` : ''}`;
  return [
    `\`<${tag}>\` is the class \`${declaration.name}\`; \`import '${specifier}'\` registers it. ${cell(declaration.description)}`,
    section('Properties', fields.map((field) => [
      code(field.name), code(field.attribute), code(field.type?.text), code(field.default),
      `${field.readonly ? 'Read-only. ' : ''}${cell(field.description)}`,
    ]), ['property', 'attribute', 'type', 'default', 'description'], 'None.'),
    section('Attributes', (declaration.attributes ?? []).map((attribute) => [
      code(attribute.name), attribute.fieldName ? code(attribute.fieldName) : `none: ${cell(attribute.description)}`, code(attribute.type?.text), code(attribute.default),
    ]), ['attribute', 'property', 'type', 'default'], 'None.'),
    section('Methods', methods.map((method) => [code(signature(method)), cell(method.description)]), ['method', 'description'], 'None.'),
    section('Events', (declaration.events ?? []).map((event) => [code(event.name), code(event.type?.text), cell(event.description)]),
      ['event', 'type', 'description'], 'None: it fires no event of its own.'),
    section('CSS parts', (declaration.cssParts ?? []).map((part) => [code(part.name), cell(part.description)]), ['part', 'description'], 'None.'),
    section('CSS custom properties', (declaration.cssProperties ?? []).map((property) => [code(property.name), code(property.default), cell(property.description)]),
      ['property', 'default', 'description'], 'None.'),
    section('Slots', (declaration.slots ?? []).map((slot) => [code(slot.name || '(default)'), cell(slot.description)]),
      ['slot', 'description'], 'None: it renders what its properties say, and takes no children.'),
  ].join('\n\n');
}

/** `text` (a page) with its generated part replaced by `generated`; throws when the markers are missing. */
export function pageWithGenerated(text: string, generated: string, file: string): string {
  const start = text.indexOf(GENERATED_START);
  const end = text.indexOf(GENERATED_END);
  if (start < 0 || end < start) throw new Error(`${file} has no ${GENERATED_START} … ${GENERATED_END} markers`);
  return `${text.slice(0, start)}${GENERATED_START}\n${generated}\n${text.slice(end)}`;
}

/** The generated part a page holds now, or undefined when its markers are missing. */
export function generatedPartOf(text: string): string | undefined {
  const start = text.indexOf(GENERATED_START);
  const end = text.indexOf(GENERATED_END);
  if (start < 0 || end < start) return undefined;
  return text.slice(start + GENERATED_START.length + 1, end - 1);
}

export const elementPage = (root: string, tag: string) => join(root, 'docs', 'elements', `${tag}.md`);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = new URL('..', import.meta.url).pathname;
  // The manifest as the sources give it now, not as the last build left it.
  const analyzed = spawnSync(process.execPath, ['node_modules/@custom-elements-manifest/analyzer/cem.js', 'analyze', '--quiet'], { cwd: root, stdio: 'inherit' });
  if (analyzed.status !== 0) process.exit(analyzed.status ?? 1);
  const manifest = JSON.parse(readFileSync(join(root, 'custom-elements.json'), 'utf8')) as Manifest;
  for (const element of manifestElements(manifest)) {
    const file = elementPage(root, element.tag);
    mkdirSync(dirname(file), { recursive: true });
    const text = existsSync(file) ? readFileSync(file, 'utf8') : `# \`<${element.tag}>\`\n\n${GENERATED_START}\n${GENERATED_END}\n`;
    writeFileSync(file, pageWithGenerated(text, generatedPart(element), file));
    console.log(`${file.slice(root.length)} written`);
  }
}
