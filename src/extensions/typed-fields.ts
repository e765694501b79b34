// The adapters' typed fields (MCP elicitation, AG-UI, generated forms) as render functions:
// text, number, boolean and choice questions, with their descriptions and hints.
import { css, html, nothing, type TemplateResult } from 'lit';
import { fieldStrings, type FieldStrings } from '../i18n/fields.js';
import type { Locale } from '../i18n/locales.js';
import type { QuestionField } from '../protocol/fields.js';
import type { InteractionQuestion } from '../protocol/request.js';
import type { QuestionAnswer } from '../protocol/response.js';
import { maxReached } from '../rules/fields.js';
import { MAX_TYPED_LENGTH } from '../rules/limits.js';
import { CUSTOM_VALUE, labelOf } from '../rules/options.js';
import { safeText } from '../elements/shared/safe-text.js';
import type { FieldForm } from '../elements/shared/card-extension.js';
import { renderHeading } from '../elements/questionnaire-form/heading.js';

/** A typed field's answer as words: yes/no, the chosen labels and "Other" text, or the value. */
export function fieldAnswer(question: InteractionQuestion, answer: QuestionAnswer, locale: Locale): string {
  const form = fieldStrings[locale];
  switch (question.field?.type) {
    case 'boolean':
      return answer.raw_value === 'true' ? form.yes : form.no;
    case 'choice':
      return [
        ...answer.selected_options.filter((value) => value !== CUSTOM_VALUE).map((value) => labelOf(question.options, value)),
        ...(answer.text ? [answer.text] : []),
      ].join(', ');
    default:
      return answer.raw_value;
  }
}

/**
 * The typed fields' own styles, rendered once in a form that has any: the core card carries
 * none of them (room comes from adapter-only code).
 */
export const fieldStyles = html`<style>
  ${css`
  /* Typed fields (the adapters' forms): a labelled input, a checkbox, or a group of options. */
  .typed-field {
    padding: var(--_space-3);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-control);
  }
  .typed-field,
  .boolean-field {
    display: grid;
    gap: var(--_space-1);
  }
  .question-label {
    font-size: var(--_text-md);
    font-weight: 600;
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: var(--_space-2);
  }
  .optional {
    font-weight: 400;
    color: var(--_text-muted);
    font-size: var(--_text-sm);
  }
  .field-description {
    margin: 0;
    color: var(--_text-muted);
    font-size: var(--_text-sm);
  }
  .question .hint {
    margin: 0;
  }
  .typed-field:has([aria-invalid='true']) {
    border-color: var(--_danger);
  }
`.cssText}
</style>`;

/** What a field expects, said once under it: its format, range, length or number of choices. */
function hintOf(field: QuestionField, form: FieldStrings): string {
  switch (field.type) {
    case 'text': {
      const parts = [field.format ? form.formats[field.format] : '', field.min_length !== undefined || field.max_length !== undefined ? form.length(field.min_length, field.max_length) : ''];
      return parts.filter(Boolean).join(' · ');
    }
    case 'number': {
      const parts = [field.integer ? form.wholeNumber : '', field.minimum !== undefined || field.maximum !== undefined ? form.range(field.minimum, field.maximum) : ''];
      return parts.filter(Boolean).join(' · ');
    }
    case 'choice':
      return field.multiple && (field.min_items !== undefined || field.max_items !== undefined) ? form.items(field.min_items, field.max_items) : '';
    case 'boolean':
      return '';
  }
}

/** Description and hint under a field, with their ids for `aria-describedby`. */
function renderHelp(field: QuestionField, n: number, form: FieldStrings): { help: TemplateResult; ids: string[] } {
  const hint = hintOf(field, form);
  const ids = [field.description ? `desc-${n}` : '', hint ? `hint-${n}` : ''].filter(Boolean);
  return {
    ids,
    help: html`${field.description ? html`<p class="field-description" id=${`desc-${n}`} dir="auto">${safeText(field.description)}</p>` : nothing}
      ${hint ? html`<p class="hint" id=${`hint-${n}`}>${hint}</p>` : nothing}`,
  };
}

/** A question with a typed field (from the adapters): text, number, boolean or choice. */
export function renderField(question: InteractionQuestion, field: QuestionField, index: number, numbered: boolean, locale: Locale, context: FieldForm): TemplateResult {
  const key = question.id;
  const entry = context.draft().entry(key);
  const problem = context.draft().problem(key);
  const form = fieldStrings[locale];
  const n = index + 1;
  const errorId = `error-${n}`;
  const { help, ids } = renderHelp(field, n, form);
  const describedBy = [...ids, problem ? errorId : ''].filter(Boolean).join(' ') || nothing;
  const headingPart = html`${renderHeading(question, index, numbered)}
    ${!field.required && field.type !== 'boolean' ? html`<span class="optional">${form.optional}</span>` : nothing}`;
  if (field.type === 'choice') {
    const options = field.other ? [...question.options, { label: form.other, value: CUSTOM_VALUE, description: '' }] : question.options;
    const max = maxReached(field, entry.values.length);
    const limit = max === undefined ? undefined : { id: `limit-${n}`, hint: html`<p class="hint limit" id=${`limit-${n}`} part="limit">${form.atMost(max)}</p>` };
    return html`<fieldset
      class="question"
      part="question"
      data-key=${key}
      aria-invalid=${problem ? 'true' : 'false'}
      aria-describedby=${describedBy}
      @keydown=${(event: KeyboardEvent) => context.onKeydown(event, key, options, field.multiple)}
    >
      <legend>${headingPart}</legend>
      ${help}
      ${context.renderChoices(key, n, options, field.multiple ? 'checkbox' : 'radio', { other: form.other, otherText: form.otherText, limit })}
      ${context.renderError(key, errorId)}
    </fieldset>`;
  }
  const id = `field-${n}`;
  if (field.type === 'boolean') {
    return html`<div class="question boolean-field" part="question" data-key=${key}>
      <label class="option" part="option">
        <input tabindex="0" type="checkbox" id=${id} value="true" .checked=${entry.values.includes('true')} aria-describedby=${describedBy} />
        <span class="option-text"><span class="option-label">${headingPart}</span></span>
      </label>
      ${help}
    </div>`;
  }
  const inputType = field.type === 'text' && field.format === 'email' ? 'email' : field.type === 'text' && field.format === 'uri' ? 'url' : 'text';
  const inputMode = field.type === 'number' ? (field.integer && (field.minimum ?? 0) >= 0 ? 'numeric' : 'decimal') : nothing;
  return html`<div class="question field typed-field" part="question" data-key=${key}>
    <label class="field-label question-label" for=${id}>${headingPart}</label>
    ${help}
    <input
      type=${inputType}
      id=${id}
      part="text-field"
      maxlength=${MAX_TYPED_LENGTH}
      dir=${field.type === 'number' || (field.type === 'text' && field.format) ? 'ltr' : 'auto'}
      inputmode=${inputMode}
      autocomplete=${inputType === 'email' ? 'email' : 'off'}
      ?required=${field.required}
      .value=${entry.text}
      aria-invalid=${problem ? 'true' : 'false'}
      aria-describedby=${describedBy}
      @input=${(event: Event) => context.edit(context.draft().with(key, { text: (event.target as HTMLInputElement).value }))}
    />
    ${context.renderError(key, errorId)}
  </div>`;
}
