// Writes the README's theming table from the tokens themselves (scripts/design-tokens.js), so that
// it lists every --aik-* token with its defaults; a test fails while the table is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { tokensTable } from './design-tokens.js';

const readme = new URL('../README.md', import.meta.url);
const MARKERS = /(<!-- tokens:start[^>]*-->\n)[\s\S]*?(\n<!-- tokens:end -->)/;

/** The README with its theming table as the tokens say. */
export function readmeWithTokens(text) {
  if (!MARKERS.test(text)) throw new Error('README.md has no tokens:start / tokens:end markers');
  return text.replace(MARKERS, (_, open, close) => `${open}${tokensTable()}${close}`);
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  writeFileSync(readme, readmeWithTokens(readFileSync(readme, 'utf8')));
}
