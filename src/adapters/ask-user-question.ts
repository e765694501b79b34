import { isRecord } from '../protocol/constants.js';
import type { InteractionQuestion, InteractionRequest } from '../protocol/request.js';
import type { InteractionResponse } from '../protocol/response.js';
import { CUSTOM_VALUE } from '../rules/options.js';
import { formRequest } from './requests.js';

/** One question of the `AskUserQuestion` tool (Claude Code / Claude Agent SDK). */
export interface AskUserQuestionItem {
  question: string;
  header: string;
  options: { label: string; description: string }[];
  multiSelect: boolean;
}

export interface AskUserQuestionInput {
  questions: AskUserQuestionItem[];
}

/** The tool's output: each question's text → the chosen labels (", "-joined) or the typed "Other". */
export interface AskUserQuestionOutput {
  questions: AskUserQuestionItem[];
  answers: Record<string, string>;
}

export type AskUserQuestionOutcome =
  | { ok: true; request: InteractionRequest; input: AskUserQuestionInput }
  | { ok: false; field: string; message: string };

const fail = (field: string, message: string): AskUserQuestionOutcome => ({ ok: false, field, message });
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

function readQuestion(raw: unknown, at: string): AskUserQuestionItem | { field: string; message: string } {
  if (!isRecord(raw)) return { field: at, message: 'must be an object' };
  const question = text(raw.question);
  if (!question) return { field: `${at}.question`, message: 'must be a non-empty string' };
  if (raw.header !== undefined && typeof raw.header !== 'string') return { field: `${at}.header`, message: 'must be a string' };
  if (raw.multiSelect !== undefined && typeof raw.multiSelect !== 'boolean') return { field: `${at}.multiSelect`, message: 'must be true or false' };
  const options = raw.options;
  if (!Array.isArray(options) || options.length < 2 || options.length > 4) return { field: `${at}.options`, message: 'must hold 2 to 4 options' };
  const read: AskUserQuestionItem['options'] = [];
  for (const [index, option] of options.entries()) {
    const label = isRecord(option) ? text(option.label) : '';
    if (!label) return { field: `${at}.options.${index}.label`, message: 'must be a non-empty string' };
    if (read.some((seen) => seen.label === label)) return { field: `${at}.options.${index}.label`, message: 'repeats another option' };
    read.push({ label, description: isRecord(option) ? text(option.description) : '' });
  }
  return { question, header: text(raw.header), options: read, multiSelect: raw.multiSelect === true };
}

/**
 * `AskUserQuestion` input → a questionnaire: one question each, single or multi-select as the
 * question says, each with the automatic "Other" free text; no option is marked recommended
 * (the tool has no such notion: a model writes "(Recommended)" into a label). Refused, naming
 * the field, when the input breaks the tool's shape (1–4 questions, 2–4 options, unique texts).
 */
export function askUserQuestionRequest(input: unknown, ids: { request_id: string; session_id?: string }): AskUserQuestionOutcome {
  if (!isRecord(input)) return fail('(input)', 'must be an object');
  const raw = input.questions;
  if (!Array.isArray(raw) || raw.length < 1 || raw.length > 4) return fail('questions', 'must hold 1 to 4 questions');
  const items: AskUserQuestionItem[] = [];
  for (const [index, entry] of raw.entries()) {
    const item = readQuestion(entry, `questions.${index}`);
    if ('field' in item) return fail(item.field, item.message);
    // Answers are keyed by the question's text, so two equal texts could not both be answered.
    if (items.some((seen) => seen.question === item.question)) return fail(`questions.${index}.question`, 'repeats another question');
    items.push(item);
  }
  const questions: InteractionQuestion[] = items.map((item, index) => ({
    id: `q${index + 1}`,
    header: item.header,
    question: item.question,
    options: item.options.map((option) => ({ label: option.label, value: option.label, description: option.description })),
    field: { type: 'choice', required: true, multiple: item.multiSelect, other: true },
  }));
  const request = { ...formRequest({ id: ids.request_id, message: '', timeoutSeconds: 0, metadata: { dismiss: true } }, questions), session_id: ids.session_id ?? '' };
  return { ok: true, request, input: { questions: items } };
}

/**
 * The card's response → the tool's output: each question's text maps to its chosen labels
 * (multi-select joined by ", ", in the options' order) and to what the user typed for "Other",
 * never the word "Other" itself. Undefined when the user gave no answer (cancelled or timed
 * out): the caller tells the model the user declined to answer.
 */
export function askUserQuestionAnswers(
  request: InteractionRequest,
  input: AskUserQuestionInput,
  response: InteractionResponse,
): AskUserQuestionOutput | undefined {
  if (response.status !== 'completed') return undefined;
  const answers: Record<string, string> = {};
  request.questions.forEach((question, index) => {
    const answer = Object.hasOwn(response.answers, question.id) ? response.answers[question.id] : undefined;
    const item = input.questions[index];
    if (!answer || !item) return;
    const labels = answer.selected_options.filter((value) => value !== CUSTOM_VALUE);
    answers[item.question] = [...labels, ...(answer.text ? [answer.text] : [])].join(', ');
  });
  return { questions: input.questions, answers };
}
