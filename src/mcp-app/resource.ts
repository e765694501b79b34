import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { InteractionContext } from '../protocol/context.js';
import { CONTEXT_ELEMENT_ID } from './constants.js';

// The card's HTML is one built file, dist/mcp-app/card.html (the View and its styles inlined).
// Beside this module once built; in a checkout, under dist/ after `npm run build`.
const CANDIDATES = ['./card.html', '../../dist/mcp-app/card.html'];

/** The built card.html, read once. */
export function loadCardHtml(): string {
  for (const candidate of CANDIDATES) {
    try {
      return readFileSync(fileURLToPath(new URL(candidate, import.meta.url)), 'utf8');
    } catch {
      // the next place
    }
  }
  throw new Error('agent-interaction-kit/mcp-app: card.html is missing; `npm run build` writes dist/mcp-app/card.html.');
}

const CONTEXT_ISLAND = new RegExp(`(<script type="application/json" id="${CONTEXT_ELEMENT_ID}">)[^<]*(</script>)`);

/**
 * The card's HTML with the server's context in its JSON island, so the View renders each request
 * as the server normalises it (grilling, the requester's name). `<` is escaped: no text can end
 * the script element early.
 */
export function withContext(html: string, context: InteractionContext): string {
  if (!CONTEXT_ISLAND.test(html)) throw new Error(`agent-interaction-kit/mcp-app: card.html has no #${CONTEXT_ELEMENT_ID} element.`);
  const json = JSON.stringify(context).replace(/</g, '\\u003c');
  return html.replace(CONTEXT_ISLAND, (_all, open: string, close: string) => `${open}${json}${close}`);
}
