import type { InteractionOption, InteractionQuestion } from '../protocol/request.js';
import { isRecord } from '../protocol/constants.js';
import { toText } from './coerce.js';

export const CUSTOM_VALUE = '__custom__';
export const CUSTOM_LABEL = '自定义';

/** The one custom option every questionnaire question ends with. */
export const CUSTOM_OPTION: Readonly<InteractionOption> = Object.freeze({
  label: CUSTOM_LABEL,
  value: CUSTOM_VALUE,
  description: '选择后填写选项以外的自定义内容。',
});

/** The label of the option with `value`, else the value itself. */
export const labelOf = (options: readonly InteractionOption[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;

export function isCustomOption(option: InteractionOption): boolean {
  return option.value === CUSTOM_VALUE || option.label === CUSTOM_LABEL;
}

function toOption(raw: unknown): InteractionOption | undefined {
  if (typeof raw === 'string') {
    const text = raw.trim();
    return { label: text, value: text, description: '' };
  }
  if (!isRecord(raw)) return undefined;
  const label = toText(raw.label);
  const value = toText(raw.value);
  return { label: label || value, value: value || label, description: toText(raw.description) };
}

/**
 * Objects and strings become options; anything else, options with an empty label or value, and
 * repeats of a value already seen are dropped (the first wins).
 */
export function normalizeOptions(raw: unknown): InteractionOption[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const options: InteractionOption[] = [];
  for (const item of raw) {
    const option = toOption(item);
    if (!option || !option.label || !option.value || seen.has(option.value)) continue;
    seen.add(option.value);
    options.push(option);
  }
  return options;
}

/**
 * The questionnaire invariants: a question needs an id and a question text, the first with an id
 * claims it (even if it is dropped later), it needs at least one option of the caller's that is
 * not a custom one, and it ends with exactly one custom option. The first surviving option is the
 * recommended one.
 */
export function normalizeQuestions(raw: unknown): InteractionQuestion[] {
  if (!Array.isArray(raw)) return [];
  const claimed = new Set<string>();
  const questions: InteractionQuestion[] = [];
  for (const item of raw) {
    if (!isRecord(item)) continue;
    const id = toText(item.id);
    const question = toText(item.question);
    if (!id || !question || claimed.has(id)) continue;
    claimed.add(id);
    const options = normalizeOptions(item.options).filter((option) => !isCustomOption(option));
    if (options.length === 0) continue;
    questions.push({
      header: toText(item.header),
      id,
      question,
      options: [...options, { ...CUSTOM_OPTION }],
    });
  }
  return questions;
}
