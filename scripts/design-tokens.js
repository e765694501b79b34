// The design tokens as data, read from the one place that defines them (src/elements/shared/
// tokens.ts): each `--aik-*` custom property with its default (light and dark where the default
// is a light-dark() pair). The manifest's cssProperties, the theming page's tokens table and the tests
// all come from here, so none of them can miss a token.
import { readFileSync } from 'node:fs';

const source = new URL('../src/elements/shared/tokens.ts', import.meta.url);

/** What each token sets; a token without a description fails the manifest's check. */
const DESCRIPTIONS = {
  'color-surface': 'Card background',
  'color-surface-muted': 'Muted background (badges, details, options)',
  'color-surface-raised': 'Background of raised surfaces (a pending card)',
  'color-text': 'Text',
  'color-text-muted': 'Secondary text',
  'color-border': 'Borders',
  'color-border-strong': 'Borders of controls',
  'color-accent': 'Accent: primary buttons, focus, selection',
  'color-accent-hover': 'Accent on hover',
  'color-accent-soft': 'Soft accent background',
  'color-accent-text': 'Accent as text (quiet buttons, links, question headers); the accent unless set',
  'color-on-accent': 'Text on the accent',
  'color-danger': 'Danger: high severity, reject, errors',
  'color-danger-hover': 'Danger on hover',
  'color-danger-soft': 'Soft danger background',
  'color-on-danger': 'Text on danger',
  'color-danger-text': 'Danger as text (errors, high severity, the countdown under 10 s); the danger colour unless set',
  'color-warning': 'Warning: medium severity, the countdown under 30 s',
  'color-warning-soft': 'Soft warning background',
  'color-success': 'Success: delivered, answered',
  'color-success-soft': 'Soft success background',
  shadow: 'Shadow of raised cards',
  'font-family': 'Font family',
  'font-family-mono': 'Monospace font family (details, paths)',
  radius: 'Card corner radius',
  'radius-control': 'Control corner radius',
  'space-1': 'Spacing step 1',
  'space-2': 'Spacing step 2',
  'space-3': 'Spacing step 3',
  'space-4': 'Spacing step 4',
  'space-5': 'Spacing step 5',
  'font-size-xs': 'Font size: badges',
  'font-size-sm': 'Font size: secondary text',
  'font-size-md': 'Font size: body',
  'font-size-lg': 'Font size: titles',
  'focus-ring': 'Focus ring (a box-shadow)',
  duration: 'Transition duration (none under prefers-reduced-motion)',
  'color-scheme': 'The colour scheme when `theme` is not set (`light`, `dark`, or `light dark` to follow prefers-color-scheme)',
};

/** Splits `light-dark(a, b)` at its top-level comma. */
function lightDark(value) {
  const match = /^light-dark\((.*)\)$/.exec(value);
  if (!match) return undefined;
  let depth = 0;
  for (let i = 0; i < match[1].length; i += 1) {
    const c = match[1][i];
    if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (c === ',' && depth === 0) return { light: match[1].slice(0, i).trim(), dark: match[1].slice(i + 1).trim() };
  }
  return undefined;
}

/** Every token: `{name, default, light?, dark?, description}`, in the order tokens.ts defines them. */
export function designTokens() {
  const text = readFileSync(source, 'utf8');
  return [...text.matchAll(/^\s*(?:--_[\w-]+|color-scheme):\s*var\((--aik-[\w-]+),\s*(.*)\);\s*$/gm)].map(([, name, fallback]) => {
    const pair = lightDark(fallback);
    return { name, default: fallback, ...(pair ?? {}), description: DESCRIPTIONS[name.slice('--aik-'.length)] };
  });
}

/** The tokens table of docs/theming.md, generated (`node scripts/write-tokens-table.js` writes it between its markers). */
export function tokensTable() {
  const cell = (value) => (value === undefined ? '' : `\`${value.replaceAll('|', '\\|')}\``);
  const rows = designTokens().map((token) =>
    token.light !== undefined
      ? `| \`${token.name}\` | ${token.description} | ${cell(token.light)} | ${cell(token.dark)} |`
      : `| \`${token.name}\` | ${token.description} | ${cell(token.default)} | same |`,
  );
  return ['| token | sets | light default | dark default |', '|---|---|---|---|', ...rows].join('\n');
}
