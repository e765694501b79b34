import { html, nothing, type TemplateResult } from 'lit';
import type { InteractionQuestion } from '../../protocol/request.js';
import { safeText } from '../shared/safe-text.js';

/** The question's number (in a numbered list), header and text, as a legend or a label shows them. */
export function renderHeading(question: InteractionQuestion, index: number, numbered: boolean): TemplateResult {
  return html`${numbered ? html`<span class="question-number">${index + 1}.</span>` : nothing}
    ${question.header ? html`<span class="question-header">${safeText(question.header)}</span>` : nothing}
    ${safeText(question.question)}`;
}
