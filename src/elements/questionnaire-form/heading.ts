import { html, nothing, type TemplateResult } from 'lit';
import type { QuestionnaireStrings } from '../../i18n/questionnaire.js';
import type { InteractionQuestion, InteractionRequest } from '../../protocol/request.js';
import { safeText } from '../shared/safe-text.js';
import { flagIcon } from './icons.js';

/** The question's number (in a numbered list), header and text, as a legend or a label shows them. */
export function renderHeading(question: InteractionQuestion, index: number, numbered: boolean): TemplateResult {
  return html`${numbered ? html`<span class="question-number">${index + 1}.</span>` : nothing}
    ${question.header ? html`<span class="question-header">${safeText(question.header)}</span>` : nothing}
    ${safeText(question.question)}`;
}

/** The banner of a grilling checkpoint (the summary decision before the agent acts). */
export function renderCheckpoint(request: InteractionRequest, strings: QuestionnaireStrings): TemplateResult | typeof nothing {
  if (request.metadata.purpose !== 'grill_checkpoint') return nothing;
  return html`<div class="checkpoint" part="checkpoint">
    <strong>${flagIcon}${strings.grillCheckpoint}</strong>
    <span class="hint">${strings.grillCheckpointHint}</span>
  </div>`;
}
