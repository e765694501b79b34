import { fixture } from '@open-wc/testing';
import '../../src/entries/questionnaire-form.js';
import '../../src/entries/approval-dialog.js';
// The adapters' entry, as a page that speaks MCP loads it: it registers the cards' typed fields and link consent.
import { mcpElicitation } from '../../src/entries/adapters.js';
import type { InteractionCard } from '../../src/elements/shared/interaction-card.js';
import type { InteractionRequest } from '../../src/protocol/request.js';
import type { InteractionResponse } from '../../src/protocol/response.js';
import { FakeClock } from '../support/fake-clock.js';
import { deepActiveElement, tabTo } from '../support/keyboard.js';

/** The request an `elicitation/create` message opens, as the MCP adapter builds it. */
export function elicitationRequest(message: unknown): InteractionRequest {
  const [action] = mcpElicitation().receive(message as Record<string, unknown>);
  if (action?.type !== 'open') throw new Error(`not opened: ${JSON.stringify(action)}`);
  return action.request;
}

/** A standalone card for `request`, its responses collected. */
export async function mountCard<T extends InteractionCard>(request: InteractionRequest, attrs = ''): Promise<{ el: T; clock: FakeClock; events: InteractionResponse[]; root: ShadowRoot }> {
  const tag = request.kind === 'approval' ? 'approval-dialog' : 'questionnaire-form';
  const el = (await fixture(`<${tag} ${attrs}></${tag}>`)) as T;
  const clock = new FakeClock();
  el.clock = clock;
  el.request = request;
  await el.updateComplete;
  const events: InteractionResponse[] = [];
  el.addEventListener('interaction-response', (event) => events.push(event.detail));
  return { el, clock, events, root: el.shadowRoot! };
}

/** Tabs (real key presses) to the first input of question `key`. */
export const tabToField = (key: string) =>
  tabTo((el) => el instanceof HTMLInputElement && el.closest(`[data-key="${CSS.escape(key)}"]`) !== null);

/** The question the focused element belongs to. */
export const focusedKey = () => deepActiveElement()?.closest('[data-key]')?.getAttribute('data-key');
