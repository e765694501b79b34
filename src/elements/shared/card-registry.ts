// How a host finds the cards it shows: each card registers itself under its request's id with
// the registry an ancestor provides, so the host asks for a card by id and calls its methods,
// instead of querying its render root with selectors or reaching into the card's shadow root.
import { createContext } from '@lit/context';
import { KIT_VERSION } from '../../version.js';

/** What a host asks of a card it shows. */
export interface RegisteredCard extends HTMLElement {
  /** Brings focus to the card's first control that is safe to land on (never approve on high risk); false when it has none. */
  focusFirstControl(): boolean;
}

/** The cards an ancestor shows, by their request's id. */
export type CardRegistry = Map<string, RegisteredCard>;

/** The registry's context, keyed by the kit's version as the card extension's is. */
export const cardRegistry = createContext<CardRegistry | undefined>(Symbol.for(`agent-interaction-kit.card-registry@${KIT_VERSION}`));

/** The card registered under `id` when it is an instance of `type`. */
export function registeredAs<T extends RegisteredCard>(registry: CardRegistry, id: string, type: abstract new (...args: never[]) => T): T | undefined {
  const card = registry.get(id);
  return card instanceof type ? card : undefined;
}
