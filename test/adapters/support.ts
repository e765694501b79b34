// The adapters' entry, as a page that speaks MCP uses it: the cards on this page get their typed
// fields and link consent from a provider on the body, as `provideAdapterParts` documents.
import { mcpElicitation, provideAdapterParts } from '../../src/entries/adapters.js';
import type { InteractionRequest } from '../../src/protocol/request.js';
import { deepActiveElement, tabTo } from '../support/keyboard.js';

provideAdapterParts(document.body);

/** The request an `elicitation/create` message opens, as the MCP adapter builds it. */
export function elicitationRequest(message: unknown): InteractionRequest {
  const [action] = mcpElicitation().receive(message as Record<string, unknown>);
  if (action?.type !== 'open') throw new Error(`not opened: ${JSON.stringify(action)}`);
  return action.request;
}

/** Tabs (real key presses) to the first input of question `key`. */
export const tabToField = (key: string) =>
  tabTo((el) => el instanceof HTMLInputElement && el.closest(`[data-key="${CSS.escape(key)}"]`) !== null);

/** The question the focused element belongs to. */
export const focusedKey = () => deepActiveElement()?.closest('[data-key]')?.getAttribute('data-key');
