// Writes the tokens table of docs/theming.md from the tokens themselves (scripts/design-tokens.js),
// so that it lists every --aik-* token with its defaults (`npm run docs` runs it); a test fails
// while the table is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { tokensTable } from './design-tokens.js';

const page = new URL('../docs/theming.md', import.meta.url);
const MARKERS = /(<!-- tokens:start[^>]*-->\n)[\s\S]*?(\n<!-- tokens:end -->)/;

/** The theming page with its tokens table as the tokens say. */
export function pageWithTokens(text) {
  if (!MARKERS.test(text)) throw new Error('docs/theming.md has no tokens:start / tokens:end markers');
  return text.replace(MARKERS, (_, open, close) => `${open}${tokensTable()}${close}`);
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  writeFileSync(page, pageWithTokens(readFileSync(page, 'utf8')));
}
