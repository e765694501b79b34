import type { InteractionRequest } from '../protocol/request.js';
import { interactionResponseSchema, type InteractionResponse } from '../protocol/response.js';
import { answerRequest, cancelledResponse, type QuestionChoice, type UserAnswer } from '../rules/answers.js';
import { buildResponse } from '../rules/responses.js';
import { CUSTOM_VALUE } from '../rules/options.js';
import { canonicalJson } from './call-id.js';

// A response the View sends is checked as the runtime side checks what reaches it: its shape
// (docs/protocol.md §5.1), and then that the kit's own rules, given the same answer, build this very
// response. A response the rules would not build (an option the request does not offer, a
// questionnaire with a question unanswered, a "timeout" before the deadline) is refused.

export type ResponseCheck = { ok: true; response: InteractionResponse } | { ok: false; error: string };

/** The answer a response says the user gave, in the rules' own terms. */
function answerOf(request: InteractionRequest, response: InteractionResponse): UserAnswer {
  switch (request.kind) {
    case 'approval':
      return { approve: response.approved, note: response.text };
    case 'text':
      return { text: response.text };
    case 'choice':
      return response.selected_options.length > 0 ? { values: response.selected_options } : { values: [], text: response.text };
    case 'multi_choice':
      return { values: response.selected_options, text: response.text };
    case 'questionnaire': {
      const answers: Record<string, QuestionChoice> = {};
      for (const [id, answer] of Object.entries(response.answers)) {
        const [value = ''] = answer.selected_options;
        answers[id] = value === CUSTOM_VALUE ? { custom: answer.text } : { value };
      }
      return { answers };
    }
  }
}

/** What the rules build for the response's own answer (and status), or why they would not. */
function rebuilt(request: InteractionRequest, response: InteractionResponse, deadlinePassed: boolean): InteractionResponse | string {
  const at = response.resolved_at;
  switch (response.status) {
    case 'cancelled':
      return cancelledResponse(request, at);
    case 'timeout':
      return deadlinePassed ? buildResponse(request, 'timeout', at) : 'a timeout before the deadline';
    case 'auto_selected': {
      if (!deadlinePassed) return 'a timeout before the deadline';
      if (request.kind !== 'questionnaire' || request.metadata.auto_select_first_on_timeout !== true) return 'auto_selected for a request that never auto-selects';
      const outcome = answerRequest(request, answerOf(request, response), at);
      return outcome.ok ? { ...outcome.response, status: 'auto_selected' } : outcome.problems.map((p) => p.code).join(', ');
    }
    case 'completed': {
      const outcome = answerRequest(request, answerOf(request, response), at);
      return outcome.ok ? outcome.response : outcome.problems.map((p) => (p.question ? `${p.code} (${p.question})` : p.code)).join(', ');
    }
  }
}

/**
 * Checks `value` as the response to `request` (whose `request_id` is the call's id): the §5 shape,
 * the id, a parseable `resolved_at`, and that the rules build exactly this response.
 */
export function checkResponse(request: InteractionRequest, value: unknown, deadlinePassed: boolean): ResponseCheck {
  const parsed = interactionResponseSchema.safeParse(value);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => ['response', ...issue.path.map(String)].join('.')))];
    return { ok: false, error: `Invalid response: ${fields.join(', ')} ${fields.length > 1 ? 'are' : 'is'} missing or of the wrong type.` };
  }
  const response = parsed.data;
  if (response.request_id !== request.request_id) {
    return { ok: false, error: `Invalid response: response.request_id must be the call's id, ${JSON.stringify(request.request_id)}.` };
  }
  if (!Number.isFinite(Date.parse(response.resolved_at))) {
    return { ok: false, error: 'Invalid response: response.resolved_at must be an ISO 8601 time.' };
  }
  const expected = rebuilt(request, response, deadlinePassed);
  if (typeof expected === 'string') return { ok: false, error: `The response does not answer this request: ${expected}.` };
  if (canonicalJson(expected) !== canonicalJson(response)) {
    return { ok: false, error: 'The response does not answer this request: its fields are not what the answer it gives comes to.' };
  }
  return { ok: true, response };
}
