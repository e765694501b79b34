import type { InteractionQuestion, InteractionRequest } from '../protocol/request.js';
import type { InteractionResponse, QuestionAnswer } from '../protocol/response.js';
import { answerField, type FieldInput, type FieldOutcome, type FieldProblem } from './fields.js';
import { CUSTOM_VALUE } from './options.js';
import { answerApproval, buildResponse } from './responses.js';

export { cancelledResponse, declineResponse, skipResponse, timeoutResponse } from './responses.js';

/** What the user did, in the shapes of the fixtures' `answer_forms`. */
export type UserAnswer =
  | { approve: boolean; note?: string }
  | { text: string }
  | { values: string[]; text?: string }
  | { answers: Record<string, QuestionChoice> };

/**
 * One questionnaire answer: an option's value, the text typed for the custom option, or what was
 * entered in a typed field (questions with a `field`, from the adapters).
 */
export type QuestionChoice = { value: string } | { custom: string } | { input: FieldInput };

/** Why an answer cannot be sent yet; `question` names the questionnaire question it is about. */
export interface AnswerProblem {
  code:
    | 'wrong_answer_kind'
    | 'text_required'
    | 'choose_one'
    | 'choose_at_least_one'
    | 'unknown_option'
    | 'free_text_not_allowed'
    | 'custom_text_required'
    | FieldProblem;
  question?: string;
}

export type AnswerOutcome =
  | { ok: true; response: InteractionResponse }
  | { ok: false; problems: AnswerProblem[] };

/**
 * The check of one questionnaire question: `answerQuestion` for plain questions only (the core
 * bundle leaves the typed fields' rules out), `answerTyped` for typed fields too.
 */
type QuestionCheck = (question: InteractionQuestion, choice: QuestionChoice | undefined) => FieldOutcome;

const fail = (...problems: AnswerProblem[]): AnswerOutcome => ({ ok: false, problems });
const done = (
  request: InteractionRequest,
  resolvedAt: string,
  fields: Parameters<typeof buildResponse>[3],
): AnswerOutcome => ({
  ok: true,
  response: buildResponse(request, 'completed', resolvedAt, { approved: true, ...fields }),
});

/** The user's choice for question `id`, when `given` has one. */
const choiceFor = (given: Readonly<Record<string, QuestionChoice>> | undefined, id: string) => (given && Object.hasOwn(given, id) ? given[id] : undefined);

/**
 * A plain question answered by `choice`: one of its options, or the custom option's text once
 * non-empty. Without the typed fields' rules a typed field is never answered.
 */
function answerQuestion(question: InteractionQuestion, choice: QuestionChoice | undefined): FieldOutcome {
  if (question.field || !choice || 'input' in choice) return { ok: false, problem: 'unanswered' };
  if ('custom' in choice) {
    const text = choice.custom.trim();
    return text ? { ok: true, answer: { selected_options: [CUSTOM_VALUE], text, raw_value: text } } : { ok: false, problem: 'custom_text_required' };
  }
  const known = choice.value !== CUSTOM_VALUE && question.options.some((option) => option.value === choice.value);
  return known ? { ok: true, answer: { selected_options: [choice.value], text: '', raw_value: choice.value } } : { ok: false, problem: 'unknown_option' };
}

/** Any question answered by `choice`: a typed field by its rules (rules/fields.ts), a plain one as `answerQuestion`. */
const answerTyped: QuestionCheck = (question, choice) => {
  if (!question.field) return answerQuestion(question, choice);
  return answerField({ ...question, field: question.field }, choice && 'input' in choice ? choice.input : { values: [], text: '' });
};

function answerQuestionnaire(
  request: InteractionRequest,
  given: Record<string, QuestionChoice>,
  resolvedAt: string,
  check: QuestionCheck,
): AnswerOutcome {
  const problems: AnswerProblem[] = [];
  const answers: Record<string, QuestionAnswer> = {};
  for (const question of request.questions) {
    const outcome = check(question, choiceFor(given, question.id));
    if (!outcome.ok) problems.push({ code: outcome.problem, question: question.id });
    else if (outcome.answer) answers[question.id] = outcome.answer;
  }
  if (problems.length > 0) return fail(...problems);
  const rawValue = Object.fromEntries(Object.entries(answers).map(([id, a]) => [id, a.raw_value]));
  return done(request, resolvedAt, { answers, raw_value: rawValue });
}

/**
 * The answers a questionnaire keeps at a timeout, from what the user had given
 * (`given`, the card's draft): each question's option, or its custom text once non-empty. What
 * does not count (nothing, an unknown value, blank custom text, a typed field's input) is left
 * out, and `timeoutResponse` gives that question its recommended option.
 */
export function keptAnswers(request: InteractionRequest, given: Readonly<Record<string, QuestionChoice>> | undefined): Record<string, QuestionAnswer> {
  const kept: Record<string, QuestionAnswer> = {};
  for (const question of request.questions) {
    // Without the typed fields' rules, a typed field's input counts as unanswered.
    const outcome = answerQuestion(question, choiceFor(given, question.id));
    if (outcome.ok && outcome.answer) kept[question.id] = outcome.answer;
  }
  return kept;
}

/** The questions a timeout gives their recommended option: those the user gave nothing `keptAnswers` keeps. */
export function timeoutFilled(request: InteractionRequest, given: Readonly<Record<string, QuestionChoice>> | undefined): Set<string> {
  const kept = keptAnswers(request, given);
  return new Set(request.questions.filter((question) => !Object.hasOwn(kept, question.id)).map((question) => question.id));
}

/**
 * Checks the user's answer against the tool rules (docs/protocol.md §4) and builds the response (§5.1), or
 * lists every problem (per question for a questionnaire) so the form can point at each.
 */
export function answerRequest(request: InteractionRequest, answer: UserAnswer, resolvedAt: string): AnswerOutcome {
  return answerRequestWith(request, answer, resolvedAt, answerTyped);
}

/**
 * `answerRequest` with each questionnaire question checked by `check`: by default without the
 * typed fields' rules, so that the core bundle leaves them out (a typed field is never answered).
 */
export function answerRequestWith(request: InteractionRequest, answer: UserAnswer, resolvedAt: string, check: QuestionCheck = answerQuestion): AnswerOutcome {
  const known = new Set(request.options.map((option) => option.value));
  switch (request.kind) {
    case 'approval': {
      if (!('approve' in answer)) return fail({ code: 'wrong_answer_kind' });
      return { ok: true, response: answerApproval(request, answer.approve, answer.note ?? '', resolvedAt) };
    }
    case 'text': {
      if (!('text' in answer) || 'values' in answer) return fail({ code: 'wrong_answer_kind' });
      const text = answer.text.trim();
      return text ? done(request, resolvedAt, { text, raw_value: text }) : fail({ code: 'text_required' });
    }
    case 'choice': {
      if (!('values' in answer)) return fail({ code: 'wrong_answer_kind' });
      const text = (answer.text ?? '').trim();
      if (answer.values.length === 1 && !text) {
        const [value] = answer.values as [string];
        if (!known.has(value)) return fail({ code: 'unknown_option' });
        return done(request, resolvedAt, { text: value, selected_options: [value], raw_value: value });
      }
      if (answer.values.length === 0 && text) {
        if (!request.allow_free_text) return fail({ code: 'free_text_not_allowed' });
        return done(request, resolvedAt, { text, raw_value: text });
      }
      return fail({ code: 'choose_one' });
    }
    case 'multi_choice': {
      if (!('values' in answer)) return fail({ code: 'wrong_answer_kind' });
      const text = (answer.text ?? '').trim();
      if (answer.values.some((value) => !known.has(value))) return fail({ code: 'unknown_option' });
      if (text && !request.allow_free_text) return fail({ code: 'free_text_not_allowed' });
      const chosen = new Set(answer.values);
      const selected = request.options.map((o) => o.value).filter((value) => chosen.has(value));
      if (selected.length === 0) return fail({ code: 'choose_at_least_one' });
      return done(request, resolvedAt, { text, selected_options: selected, raw_value: selected });
    }
    case 'questionnaire':
      if (!('answers' in answer)) return fail({ code: 'wrong_answer_kind' });
      return answerQuestionnaire(request, answer.answers, resolvedAt, check);
  }
}

