import type { ChoiceField, NumberField, QuestionField, TextField } from '../protocol/fields.js';
import type { InteractionQuestion } from '../protocol/request.js';
import type { QuestionAnswer } from '../protocol/response.js';
import { CUSTOM_VALUE } from './options.js';

/** What the user entered in one field: checked option values, and text (typed, or "Other"). */
export interface FieldInput {
  values: string[];
  text: string;
}

/** Why a field's input cannot be sent. */
export type FieldProblem =
  | 'unanswered'
  | 'custom_text_required'
  | 'unknown_option'
  | 'invalid_email'
  | 'invalid_uri'
  | 'invalid_date'
  | 'invalid_date_time'
  | 'too_short'
  | 'too_long'
  | 'pattern_mismatch'
  | 'not_a_number'
  | 'not_an_integer'
  | 'too_small'
  | 'too_large'
  | 'too_few'
  | 'too_many';

export type FieldOutcome = { ok: true; answer?: QuestionAnswer } | { ok: false; problem: FieldProblem };

/** A field's input before the user touched it: its `default`, else empty. */
export function initialInput(field: QuestionField): FieldInput {
  switch (field.type) {
    case 'text':
      return { values: [], text: field.default ?? '' };
    case 'number':
      return { values: [], text: field.default === undefined ? '' : String(field.default) };
    case 'boolean':
      return { values: field.default ? ['true'] : [], text: '' };
    case 'choice':
      return { values: [...(field.default ?? [])], text: '' };
  }
}

/**
 * A multi-select's `max_items` once `ticked` boxes reach it (further boxes are disabled), else
 * undefined. A list that takes none (maxItems 0) stays reachable: the rules refuse it at submit.
 */
export function maxReached(field: QuestionField, ticked: number): number | undefined {
  const max = field.type === 'choice' && field.multiple ? field.max_items : undefined;
  return max !== undefined && max > 0 && ticked >= max ? max : undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** RFC 3339 date-time; the seconds may be left out (they become `:00`), the offset may not. */
function toDateTime(text: string): string | undefined {
  const match = DATE_TIME.exec(text);
  if (!match) return undefined;
  const [, date = '', hours = '', minutes = '', seconds, fraction = '', offset = ''] = match;
  if (!isDate(date) || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds ?? 0) > 59) return undefined;
  return `${date}T${hours}:${minutes}:${seconds ?? '00'}${fraction}${offset.toUpperCase()}`;
}

function isUri(text: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

const FORMAT_PROBLEMS = {
  email: 'invalid_email',
  uri: 'invalid_uri',
  date: 'invalid_date',
  'date-time': 'invalid_date_time',
} as const;

function typed(text: string): FieldOutcome {
  return { ok: true, answer: { selected_options: [], text, raw_value: text } };
}

function answerText(field: TextField, text: string): FieldOutcome {
  let value = text;
  if (field.format === 'date-time') {
    const normal = toDateTime(text);
    if (normal === undefined) return { ok: false, problem: 'invalid_date_time' };
    value = normal;
  } else if (field.format) {
    const valid = field.format === 'email' ? EMAIL.test(text) : field.format === 'uri' ? isUri(text) : isDate(text);
    if (!valid) return { ok: false, problem: FORMAT_PROBLEMS[field.format] };
  }
  // Lengths count characters as JSON Schema does: code points, not UTF-16 units.
  const length = [...value].length;
  if (field.min_length !== undefined && length < field.min_length) return { ok: false, problem: 'too_short' };
  if (field.max_length !== undefined && length > field.max_length) return { ok: false, problem: 'too_long' };
  if (field.pattern !== undefined && !new RegExp(field.pattern, 'u').test(value)) return { ok: false, problem: 'pattern_mismatch' };
  return typed(value);
}

function answerNumber(field: NumberField, text: string): FieldOutcome {
  if (!NUMBER.test(text)) return { ok: false, problem: 'not_a_number' };
  const value = Number(text);
  if (!Number.isFinite(value)) return { ok: false, problem: 'not_a_number' };
  if (field.integer && !Number.isInteger(value)) return { ok: false, problem: 'not_an_integer' };
  if (field.minimum !== undefined && value < field.minimum) return { ok: false, problem: 'too_small' };
  if (field.maximum !== undefined && value > field.maximum) return { ok: false, problem: 'too_large' };
  return typed(String(value));
}

function answerChoice(field: ChoiceField, question: InteractionQuestion, input: FieldInput): FieldOutcome {
  const known = new Set(question.options.map((option) => option.value));
  const other = field.other && input.values.includes(CUSTOM_VALUE);
  const chosen = input.values.filter((value) => value !== CUSTOM_VALUE);
  if (chosen.some((value) => !known.has(value))) return { ok: false, problem: 'unknown_option' };
  const text = other ? input.text.trim() : '';
  if (other && !text) return { ok: false, problem: 'custom_text_required' };
  // In the options' order, whatever order they were clicked in.
  const selected = question.options.map((option) => option.value).filter((value) => chosen.includes(value));
  const count = selected.length + (other ? 1 : 0);
  if (count === 0) {
    if (!field.required) return { ok: true };
    // Required means at least one choice, unless the schema allows none (minItems 0, maxItems 0).
    const noneAllowed = field.multiple && (field.min_items === 0 || field.max_items === 0);
    return noneAllowed ? { ok: true, answer: { selected_options: [], text: '', raw_value: '' } } : { ok: false, problem: 'unanswered' };
  }
  if (!field.multiple) {
    if (count > 1) return { ok: false, problem: 'too_many' };
    return other
      ? { ok: true, answer: { selected_options: [CUSTOM_VALUE], text, raw_value: text } }
      : { ok: true, answer: { selected_options: selected, text: '', raw_value: selected[0] ?? '' } };
  }
  if (field.min_items !== undefined && count < field.min_items) return { ok: false, problem: 'too_few' };
  if (field.max_items !== undefined && count > field.max_items) return { ok: false, problem: 'too_many' };
  const labels = question.options.filter((option) => selected.includes(option.value)).map((option) => option.label);
  return {
    ok: true,
    answer: {
      selected_options: other ? [...selected, CUSTOM_VALUE] : selected,
      text,
      raw_value: [...labels, ...(other ? [text] : [])].join(', '),
    },
  };
}

/**
 * Checks one field's input against its field and builds its answer: text as typed (trimmed),
 * numbers in their shortest form, booleans as "true"/"false", choices as option values. An
 * empty field that is not required has no answer.
 */
export function answerField(question: InteractionQuestion & { field: QuestionField }, input: FieldInput): FieldOutcome {
  const { field } = question;
  if (field.type === 'boolean') {
    const value = input.values.includes('true') ? 'true' : 'false';
    return { ok: true, answer: { selected_options: [], text: '', raw_value: value } };
  }
  if (field.type === 'choice') return answerChoice(field, question, input);
  const text = input.text.trim();
  if (!text) return field.required ? { ok: false, problem: 'unanswered' } : { ok: true };
  return field.type === 'number' ? answerNumber(field, text) : answerText(field, text);
}
