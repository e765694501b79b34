import { html, nothing, type TemplateResult } from 'lit';
import type { CardStrings } from '../../i18n/card.js';
import type { QuestionnaireStrings } from '../../i18n/questionnaire.js';
import type { InteractionQuestion, InteractionRequest } from '../../protocol/request.js';
import type { InteractionResponse, QuestionAnswer } from '../../protocol/response.js';
import { CUSTOM_VALUE, labelOf } from '../../rules/options.js';
import type { CardExtension } from '../shared/card-extension.js';
import { safeText } from '../shared/safe-text.js';
import type { Locale } from '../../i18n/locales.js';

type Strings = CardStrings & QuestionnaireStrings;

/** One question's answer as shown in a receipt and in the steps' review. */
export function answerShown(question: InteractionQuestion, answer: QuestionAnswer, strings: Strings, locale: Locale, extension: CardExtension | undefined): TemplateResult {
  // A typed field comes with the adapters' parts, which say its answer in words.
  if (question.field) return html`${safeText(extension?.answer(question, answer, locale) ?? answer.raw_value)}`;
  if (answer.selected_options[0] === CUSTOM_VALUE) return html`<span class="badge">${strings.custom}</span> ${safeText(answer.text)}`;
  return html`${safeText(labelOf(question.options, answer.raw_value))}`;
}

/**
 * The receipt's list of what was answered: the text, the choices, or each question's answer,
 * those in `filled` marked as chosen by the timeout.
 */
export function answerRows(
  request: InteractionRequest,
  response: InteractionResponse,
  strings: Strings,
  locale: Locale,
  filled: ReadonlySet<string>,
  extension: CardExtension | undefined,
): TemplateResult {
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
      return html`${response.status === 'auto_selected' ? html`<p class="hint">${strings.autoSelectHint}</p>` : nothing}<dl class="receipt-answers">
        ${request.questions.map((question) => {
          const answer = response.answers[question.id];
          if (!answer) return nothing;
          return html`<dt dir="auto">${safeText(question.question)}</dt><dd dir="auto">${answerShown(question, answer, strings, locale, extension)}${filled.has(question.id) ? html` <span class="badge filled-mark" part="filled-mark">${strings.filledAtTimeout}</span>` : nothing}</dd>`;
        })}
      </dl>`;
    default:
      return html`<blockquote class="receipt-text" dir="auto">${safeText(response.text)}</blockquote>`;
  }
}
