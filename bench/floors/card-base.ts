// A card with no form of its own: what every input element carries before it adds anything
// (the design tokens, the computed state, its controllers, countdown and receipt, the card's strings in both
// languages, its styles). The bench reports its size beside the element entries.
import { html, nothing, type TemplateResult } from 'lit';
import { InteractionCard } from '../../src/elements/shared/interaction-card.js';
import { receiptStyles } from '../../src/elements/shared/receipt.js';
import { cardStyles } from '../../src/elements/shared/card-styles.js';
import { baseStyles } from '../../src/elements/shared/tokens.js';

class CardBase extends InteractionCard {
  static override styles = [baseStyles, cardStyles, receiptStyles];
  protected readonly ownStrings = ['card', { 'zh-CN': {}, en: {} }] as const;
  protected override resetForm(): void {}
  protected override render(): TemplateResult | typeof nothing {
    const request = this.request;
    if (!request) return nothing;
    return this.renderCard(request, { form: () => html`` });
  }
}
customElements.define('card-base', CardBase);
