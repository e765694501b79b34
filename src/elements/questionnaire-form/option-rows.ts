import { html, nothing, type TemplateResult } from 'lit';
import type { InteractionOption } from '../../protocol/request.js';
import { isCustomOption } from '../../rules/options.js';
import type { ShownOption } from './option-list.js';
import { safeText, safeTextContent } from '../shared/safe-text.js';
import { starIcon } from './icons.js';

/** One list of options as a form renders it: a question's, a choice's, a typed multi-select's. */
export interface OptionList {
  /** The list's number in the form: its radio group's name and its options' ids. */
  n: number;
  type: 'radio' | 'checkbox';
  shown: readonly ShownOption[];
  checked: ReadonlySet<string>;
  /** The first option is marked recommended (a questionnaire's plain questions). */
  recommends: boolean;
  /** What a custom option is labelled, where the list has one (a questionnaire's 自定义, a field's Other). */
  customLabel: string | undefined;
  /** The recommended mark's text. */
  recommended: string;
  /** A checkbox list at its maximum: the id of the reason, and every unchecked box is disabled. */
  limitId?: string | undefined;
}

// The options are most of a long questionnaire's DOM (a thousand for 100 × 10), so the common
// option is one flat template with no whitespace between its tags and nothing optional in it:
// its label's `<bdi>` is the template's own (safeTextContent fills it), its digit key is in it
// (a second template has none, past the ninth). What few options have, the recommended mark and
// a description, takes the third template, with their nested parts.
type Content = ReturnType<typeof safeTextContent>;
const keyed = (type: string, name: string, id: string, value: string, checked: boolean, key: number, labelPart: Content) =>
  html`<label class="option" part="option"><input tabindex="0" type=${type} name=${name} id=${id} .value=${value} .checked=${checked} /><span class="option-text"><span class="option-label"><span class="option-key" aria-hidden="true">${key}</span><bdi>${labelPart}</bdi></span></span></label>`;

const unkeyed = (type: string, name: string, id: string, value: string, checked: boolean, labelPart: Content) =>
  html`<label class="option" part="option"><input tabindex="0" type=${type} name=${name} id=${id} .value=${value} .checked=${checked} /><span class="option-text"><span class="option-label"><bdi>${labelPart}</bdi></span></span></label>`;

const marked = (
  type: string, name: string, id: string, value: string, checked: boolean, describedBy: string, disabled: boolean,
  key: TemplateResult | typeof nothing, labelPart: Content, mark: TemplateResult | typeof nothing, descriptionPart: TemplateResult | typeof nothing,
) =>
  html`<label class="option" part="option"><input tabindex="0" type=${type} name=${name} id=${id} .value=${value} .checked=${checked} ?disabled=${disabled} aria-describedby=${describedBy} /><span class="option-text"><span class="option-label">${key}<bdi>${labelPart}</bdi>${mark}</span>${descriptionPart}</span></label>`;

/** The options of one list on screen, each with what is checked now. */
export function renderOptions(list: OptionList): TemplateResult[] {
  const { n, type, checked, customLabel, limitId } = list;
  const name = `q-${n}`;
  const prefix = `${type}-${n}-`;
  return list.shown.map(({ index, option }) => {
    const custom = customLabel !== undefined && isCustomOption(option);
    const isChecked = checked.has(option.value);
    const limit = isChecked ? undefined : limitId;
    return renderOption(prefix + index, type, name, index, option, list.recommends && index === 0 && !custom, isChecked, custom ? customLabel : undefined, list.recommended, limit);
  });
}

function renderOption(
  id: string, type: string, name: string, index: number, option: InteractionOption,
  recommended: boolean, checked: boolean, customLabel: string | undefined, recommendedText: string, limitId: string | undefined,
): TemplateResult {
  const labelPart = safeTextContent(customLabel ?? option.label);
  const description = customLabel === undefined ? option.description : '';
  if (!recommended && !description && !limitId) {
    return index < 9 ? keyed(type, name, id, option.value, checked, index + 1, labelPart) : unkeyed(type, name, id, option.value, checked, labelPart);
  }
  // A disabled box is described by the reason last (the limit), after its own mark and description.
  const describedBy = [recommended ? `${id}-rec` : '', description ? `${id}-desc` : '', limitId ?? ''].filter(Boolean).join(' ');
  const key = index < 9 ? html`<span class="option-key" aria-hidden="true">${index + 1}</span>` : nothing;
  const mark = recommended
    ? html`<span class="badge recommended" part="recommended" id=${`${id}-rec`} aria-hidden="true">${starIcon}${recommendedText}</span>`
    : nothing;
  const descriptionPart = description ? html`<span class="option-description" id=${`${id}-desc`} aria-hidden="true" dir="auto">${safeText(description)}</span>` : nothing;
  return marked(type, name, id, option.value, checked, describedBy, limitId !== undefined, key, labelPart, mark, descriptionPart);
}
