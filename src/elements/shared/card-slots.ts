// The slots of a card's template: what each card fills around its form or in its receipt. Apart
// from the card's base class so the contract with the extensions (card-extension.ts) can name it
// without importing the card that consumes it.
import type { nothing, TemplateResult } from 'lit';
import type { InteractionResponse } from '../../protocol/response.js';

/** The slots of a card's template, around its form or in its receipt: filled by each card when it renders. */
export interface CardSlots {
  /** Extra classes of the card (e.g. its severity). */
  cardClass?: string;
  /** Badges beside the title (severity, grilling checkpoint). */
  badges?: TemplateResult | typeof nothing;
  /** What follows the message (an approval's details, a link): under it while pending, in the receipt's record once settled. */
  context?: TemplateResult | typeof nothing;
  /** The form, while pending. */
  form: () => TemplateResult;
  /** Once settled, what the record lists of the answer given. */
  answer?: (response: InteractionResponse) => TemplateResult | typeof nothing;
  /** Once settled, what the card says happened instead of the generic outcome (a link opened). */
  outcome?: string | undefined;
  /** Once settled, what stays in view under the receipt's line (a link's status). */
  footer?: TemplateResult | typeof nothing;
}
