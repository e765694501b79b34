// The cards' parts that only the adapters' requests need, registered by the adapters' entries and
// the standalone agent-interaction-kit-adapters.js (never by the core bundle).
import { fieldStrings } from '../i18n/fields.js';
import { linkStrings } from '../i18n/link.js';
import { answerField, initialInput, maxReached } from '../rules/fields.js';
import { linkOutcome, renderLink, renderLinkForm } from './approval-dialog/link-consent.js';
import { fieldAnswer, fieldStyles, renderField } from './questionnaire-form/typed-fields.js';
import { registerAdapterParts } from './shared/adapter-parts.js';

/** Typed fields and link consent for every card rendered from now on. */
export function defineAdapterParts(): void {
  registerAdapterParts({
    fields: { initialInput, answerField, maxReached },
    fieldStyles,
    field: renderField,
    problem: (code, locale) => fieldStrings[locale].problems[code],
    words: (locale) => fieldStrings[locale],
    answer: fieldAnswer,
    link: renderLink,
    linkForm: renderLinkForm,
    linkOutcome,
    consent: (locale) => linkStrings[locale],
  });
}
