import { noChange, nothing } from 'lit';
import { Directive, directive, PartType, type DirectiveResult, type ElementPart, type PartInfo } from 'lit/directive.js';
import type { ApprovalDialog } from '../elements/approval-dialog/approval-dialog.js';
import type { InteractionCard } from '../elements/shared/interaction-card.js';

/** What the host sets on a card: the cards' own public properties, typed as the cards declare them. */
export type CardValues = Partial<Pick<InteractionCard, 'clock' | 'request' | 'deadline' | 'response' | 'submitting' | 'late' | 'elsewhere' | 'requester'> & Pick<ApprovalDialog, 'linkState' | 'grant' | 'granted'>>;

/**
 * Sets properties on the element it is bound to, each only when it differs from the element's
 * own value, as lit's `live()` does: a card changes some itself (it is `submitting` once it
 * fires its answer), and the session's word must still reach it when it equals what the host
 * set last. The host's two card tags share their properties through it: a template cannot vary
 * its tag without lit's static-html module.
 */
class CardProperties extends Directive {
  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('cardProperties() binds to an element');
  }

  render(_values: CardValues): typeof nothing {
    return nothing;
  }

  override update(part: ElementPart, [values]: [CardValues]): typeof noChange {
    // The host binds it to its two card tags only: each takes the values it declares.
    const card = part.element as InteractionCard & CardValues;
    for (const name of Object.keys(values) as (keyof CardValues)[]) set(card, name, values[name]);
    return noChange;
  }
}

/** Sets `values[name]` on the card when it differs from what the card holds. */
function set<K extends keyof CardValues>(card: CardValues, name: K, value: CardValues[K]): void {
  if (card[name] !== value) card[name] = value;
}

export const cardProperties: (values: CardValues) => DirectiveResult<typeof CardProperties> = directive(CardProperties);
