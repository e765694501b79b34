// The theme presets as a package user gets them: shipped, importable through
// the exports map, kept by a production bundler, setting only the kit's real tokens, and reading
// only the variables each design system really defines.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { MaterialDynamicColors } from '@material/material-color-utilities';
import { build } from 'esbuild';
// @ts-expect-error a plain JS module shared with the build
import { designTokens } from '../../scripts/design-tokens.js';
import { packPackage, root, type Packed } from './packed.js';

const PRESETS = ['material.css', 'mcp-apps.css', 'shadcn.css', 'web-awesome.css'];
const preset = (name: string) => readFileSync(join(root, 'themes', name), 'utf8');
/** The comment-free CSS of a preset. */
const rules = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');
/** The custom properties a preset reads (`var(--x)`), and the --aik-* tokens it sets. */
const reads = (css: string) => new Set([...rules(css).matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]!));
const sets = (css: string) => new Set([...rules(css).matchAll(/^\s*(--aik-[\w-]+):/gm)].map((m) => m[1]!));

/** MCP Apps' standard style variables (the ext-apps spec's McpUiStyleVariableKey). */
const MCP_KEYS = new Set([
  ...['background', 'text', 'border'].flatMap((kind) =>
    ['primary', 'secondary', 'tertiary', 'inverse', 'ghost', 'info', 'danger', 'success', 'warning', 'disabled'].map((tone) => `--color-${kind}-${tone}`),
  ),
  ...['primary', 'secondary', 'inverse', 'info', 'danger', 'success', 'warning'].map((tone) => `--color-ring-${tone}`),
  '--font-sans', '--font-mono',
  ...['normal', 'medium', 'semibold', 'bold'].map((weight) => `--font-weight-${weight}`),
  ...['xs', 'sm', 'md', 'lg'].flatMap((size) => [`--font-text-${size}-size`, `--font-text-${size}-line-height`]),
  ...['xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl'].flatMap((size) => [`--font-heading-${size}-size`, `--font-heading-${size}-line-height`]),
  ...['xs', 'sm', 'md', 'lg', 'xl', 'full'].map((size) => `--border-radius-${size}`),
  '--border-width-regular', '--shadow-hairline', '--shadow-sm', '--shadow-md', '--shadow-lg',
]);

/** Every --wa-* variable Web Awesome's own stylesheets define. */
function webAwesomeVariables(): Set<string> {
  const dir = join(root, 'node_modules/@awesome.me/webawesome/dist/styles');
  const names = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.css'))) {
    for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/(--wa-[\w-]+)\s*:/g)) names.add(m[1]!);
  }
  return names;
}

/** Material 3's colour roles (as material-color-utilities names them), shape, type and typefaces. */
const MATERIAL_NAMES = new Set([
  ...new MaterialDynamicColors().allColors.map((color) => `--md-sys-color-${color.name.replaceAll('_', '-')}`),
  '--md-sys-color-shadow', '--md-sys-color-scrim', '--md-sys-color-surface-variant', '--md-sys-color-surface-tint',
  ...['none', 'extra-small', 'small', 'medium', 'large', 'extra-large', 'full'].map((size) => `--md-sys-shape-corner-${size}`),
  ...['display', 'headline', 'title', 'body', 'label'].flatMap((role) =>
    ['large', 'medium', 'small'].flatMap((size) => ['font', 'size', 'line-height', 'weight'].map((p) => `--md-sys-typescale-${role}-${size}-${p}`)),
  ),
  '--md-ref-typeface-brand', '--md-ref-typeface-plain',
]);

/** shadcn/ui's theme variables (its globals.css), and the Tailwind theme variables it sits on. */
const SHADCN_NAMES = new Set([
  '--radius', '--background', '--foreground', '--card', '--card-foreground', '--popover', '--popover-foreground',
  '--primary', '--primary-foreground', '--secondary', '--secondary-foreground', '--muted', '--muted-foreground',
  '--accent', '--accent-foreground', '--destructive', '--destructive-foreground', '--border', '--input', '--ring',
  '--font-sans', '--font-mono', '--shadow-sm',
]);

let packed: Packed;

describe('the theme presets in the package', () => {
  before(() => {
    packed = packPackage();
  });
  after(() => packed?.remove());

  it('ships one file per design system, under themes/', () => {
    assert.deepEqual(packed.files.filter((file) => file.startsWith('themes/')), PRESETS.map((name) => `themes/${name}`));
  });

  it('a production esbuild bundle of `import \'agent-interaction-kit/themes/<name>.css\'` keeps each preset whole', async () => {
    for (const name of PRESETS) {
      const result = await build({
        stdin: { contents: `import 'agent-interaction-kit/themes/${name}';`, resolveDir: packed.dir, loader: 'js' },
        bundle: true,
        write: false,
        minify: true,
        outdir: join(packed.dir, 'out'),
        logLevel: 'silent',
      });
      assert.deepEqual(result.warnings.map((w) => w.text), [], name);
      const css = result.outputFiles.find((file) => file.path.endsWith('.css'))?.text ?? '';
      for (const token of sets(preset(name))) assert.ok(css.includes(`${token}:`), `${name}: ${token} is in the bundle`);
    }
  });

  it('each preset sets only the kit\'s real tokens, never a private --_ property', () => {
    const tokens = new Set((designTokens() as { name: string }[]).map((token) => token.name));
    for (const name of PRESETS) {
      const css = preset(name);
      assert.ok(sets(css).size >= 20, `${name} sets ${sets(css).size} tokens`);
      assert.deepEqual([...sets(css)].filter((token) => !tokens.has(token)), [], name);
      assert.deepEqual([...reads(css)].filter((v) => v.startsWith('--_') || v.startsWith('--aik-')), [], name);
    }
  });

  it('each preset reads only variables its design system defines (MCP Apps spec, Web Awesome\'s CSS, Material 3, shadcn/ui)', () => {
    const known: Record<string, Set<string>> = {
      'mcp-apps.css': MCP_KEYS,
      'web-awesome.css': webAwesomeVariables(),
      'material.css': MATERIAL_NAMES,
      'shadcn.css': SHADCN_NAMES,
    };
    for (const name of PRESETS) {
      const unknown = [...reads(preset(name))].filter((v) => !known[name]!.has(v));
      assert.deepEqual(unknown, [], name);
    }
  });
});
