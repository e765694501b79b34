// The kit's sizes as the size policy counts them (min + gzip -9, esbuild then terser): the standalone bundle with
// lit and zod inside, and each element entry with lit as a peer. Deterministic, so both the
// bench and the size check in `npm test` read them from here.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
// @ts-expect-error a plain JS plugin shared with the build
import { minifyLitCss } from './minify-lit-css.js';
// @ts-expect-error a plain JS module shared with the build
import { terse } from './terse.js';
import { TRANSLATION_TAGS, type TranslationTag } from '../src/i18n/locales/all.js';

export const ELEMENTS = ['approval-dialog', 'questionnaire-form', 'artifact-list'] as const;

/** The languages beyond zh-CN and en, each its own entry (src/entries/locales/<tag>.ts). */
/** The locale entries measured: one per translation beyond zh-CN and en. */
export const LOCALE_ENTRIES = TRANSLATION_TAGS;

type SizeName = 'bundle' | (typeof ELEMENTS)[number];

interface SizePolicy {
  bundle: number;
  tolerance: number;
  elements: Record<(typeof ELEMENTS)[number], number>;
  /** A ceiling moved up past the policy's, with why (only in a commit that says why). */
  raised?: Partial<Record<SizeName, { ceiling: number; why: string }>>;
}

/** The size policy, kept in bench/size-ceilings.json for the tests and the bench. */
export const SIZE_POLICY = JSON.parse(readFileSync(new URL('../bench/size-ceilings.json', import.meta.url), 'utf8')) as SizePolicy;

/** The policy's own limit: the bundle's ceiling, or an element's reference plus 15 %. */
export function policyLimit(name: SizeName): number {
  return name === 'bundle' ? SIZE_POLICY.bundle : Math.floor(SIZE_POLICY.elements[name] * (1 + SIZE_POLICY.tolerance));
}

/** The most bytes a size may reach: its raised ceiling where there is one, else the policy's limit. */
export function sizeLimit(name: SizeName): number {
  return SIZE_POLICY.raised?.[name]?.ceiling ?? policyLimit(name);
}

/** Where a limit comes from, as the test and the bench print it: raised, or the policy's rule (none for the bundle's own ceiling). */
export function limitRule(name: SizeName): string {
  if (SIZE_POLICY.raised?.[name]) return `raised from ${policyLimit(name).toLocaleString('en')}`;
  return name === 'bundle' ? '' : 'reference + 15 %';
}

/** What an element entry treats as a peer. */
export const LIT_AS_PEER = ['lit', 'lit/*', '@lit/*'];

/** One entry's size, min + gzip -9; `external` are left out (e.g. LIT_AS_PEER). */
export async function gzipSize(entry: string, external: string[]): Promise<number> {
  const result = await build({
    entryPoints: [entry], bundle: true, minify: true, format: 'esm', write: false, external,
    tsconfig: 'tsconfig.json', legalComments: 'none', plugins: [minifyLitCss], logLevel: 'error',
  });
  // A script as the build ships it: terser after esbuild (scripts/terse.js); a style sheet as esbuild leaves it.
  const text = result.outputFiles[0]!.text;
  const shipped = entry.endsWith('.css') ? text : ((await terse(text)) as { code: string }).code;
  return gzipSync(shipped, { level: 9 }).length;
}

/** Sizes in bytes: `bundle`, then each element by its tag. Run from the package root. */
export async function measureSizes(): Promise<Record<'bundle' | (typeof ELEMENTS)[number], number>> {
  const [bundle, ...elements] = await Promise.all([
    gzipSize('src/entries/index.ts', []),
    ...ELEMENTS.map((element) => gzipSize(`src/entries/${element}.ts`, LIT_AS_PEER)),
  ]);
  return { bundle: bundle!, ...Object.fromEntries(ELEMENTS.map((element, i) => [element, elements[i]!])) } as Record<'bundle' | (typeof ELEMENTS)[number], number>;
}

/** Each locale entry's size, min + gzip -9, as a page loads it beside the kit. */
export async function measureLocaleSizes(): Promise<Record<TranslationTag, number>> {
  const sizes = await Promise.all(LOCALE_ENTRIES.map((tag) => gzipSize(`src/entries/locales/${tag}.ts`, [])));
  return Object.fromEntries(LOCALE_ENTRIES.map((tag, i) => [tag, sizes[i]!])) as Record<TranslationTag, number>;
}
