import { html, nothing, type TemplateResult } from 'lit';
import type { CardStrings } from '../../i18n/card.js';
import type { QuestionnaireStrings } from '../../i18n/questionnaire.js';
import type { InteractionOption, InteractionQuestion, InteractionRequest } from '../../protocol/request.js';
import type { InteractionResponse, QuestionAnswer } from '../../protocol/response.js';
import { CUSTOM_VALUE } from '../../rules/options.js';
import { safeText } from '../shared/safe-text.js';

type Strings = CardStrings & QuestionnaireStrings;

const labelOf = (options: readonly InteractionOption[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;

/** A typed field's answer as words: yes/no, the chosen labels and "Other" text, or the value. */
function fieldAnswer(question: InteractionQuestion, answer: QuestionAnswer, strings: Strings): string {
  switch (question.field?.type) {
    case 'boolean':
      return answer.raw_value === 'true' ? strings.form.yes : strings.form.no;
    case 'choice':
      return [
        ...answer.selected_options.filter((value) => value !== CUSTOM_VALUE).map((value) => labelOf(question.options, value)),
        ...(answer.text ? [answer.text] : []),
      ].join(', ');
    default:
      return answer.raw_value;
  }
}

/** One question's answer as shown in a receipt and in the steps' review. */
export function answerShown(question: InteractionQuestion, answer: QuestionAnswer, strings: Strings): TemplateResult {
  if (question.field) return html`${safeText(fieldAnswer(question, answer, strings))}`;
  if (answer.selected_options[0] === CUSTOM_VALUE) return html`<span class="badge">${strings.custom}</span> ${safeText(answer.text)}`;
  return html`${safeText(labelOf(question.options, answer.raw_value))}`;
}

/** The receipt's list of what was answered: the text, the choices, or each question's answer. */
export function answerRows(request: InteractionRequest, response: InteractionResponse, strings: Strings): TemplateResult {
  switch (request.kind) {
    case 'choice':
    case 'multi_choice': {
      const chosen = response.selected_options.map((value) => labelOf(request.options, value));
      const extra = request.kind === 'multi_choice' ? response.text : chosen.length ? '' : response.text;
      return html`<ul class="receipt-choices">
          ${chosen.map((label) => html`<li>${safeText(label)}</li>`)}
        </ul>
        ${extra ? html`<blockquote class="receipt-text" dir="auto">${safeText(extra)}</blockquote>` : nothing}`;
    }
    case 'questionnaire':
      return html`<dl class="receipt-answers">
        ${request.questions.map((question) => {
          const answer = response.answers[question.id];
          if (!answer) return nothing;
          return html`<dt dir="auto">${safeText(question.question)}</dt><dd dir="auto">${answerShown(question, answer, strings)}</dd>`;
        })}
      </dl>`;
    default:
      return html`<blockquote class="receipt-text" dir="auto">${safeText(response.text)}</blockquote>`;
  }
}
