import type { InteractionRequest } from '../protocol/request.js';
import type { Decision, ResponseStatus } from '../protocol/constants.js';
import type { InteractionResponse, QuestionAnswer } from '../protocol/response.js';

// The responses (docs/protocol.md §5.1) that need no checking of an answer: an approval's yes or no, a
// decline, a timeout, a cancel. Apart from answers.ts, so that a card that only approves
// carries none of the questionnaire's rules.

/** A response with every field of §5; what `fields` leaves out is empty. */
export function buildResponse(
  request: InteractionRequest,
  status: ResponseStatus,
  resolvedAt: string,
  fields: Partial<Omit<InteractionResponse, 'request_id' | 'status' | 'resolved_at'>> = {},
): InteractionResponse {
  return {
    request_id: request.request_id,
    status,
    approved: fields.approved ?? false,
    text: fields.text ?? '',
    selected_options: fields.selected_options ?? [],
    answers: fields.answers ?? {},
    raw_value: fields.raw_value ?? null,
    resolved_at: resolvedAt,
  };
}

/**
 * An approval's answer: approved, or rejected with the note (trimmed) as its text; `answers`, the
 * arguments an approval lets the person edit (`metadata.edit`), as they approved them.
 */
export function answerApproval(request: InteractionRequest, approve: boolean, note: string, resolvedAt: string, answers?: Record<string, QuestionAnswer> | null): InteractionResponse {
  return buildResponse(request, 'completed', resolvedAt, { approved: approve, text: approve ? '' : note.trim(), raw_value: approve, ...(answers && { answers }) });
}

/**
 * The timeout policy (docs/protocol.md §5.6): a questionnaire that may auto-select keeps the
 * answers the user gave (`kept`: `keptAnswers` of answers.ts, from what the card held at the
 * deadline) and answers the rest with their first (recommended) option; everything else,
 * grilling included, times out unanswered.
 */
export function timeoutResponse(request: InteractionRequest, resolvedAt: string, kept: Readonly<Record<string, QuestionAnswer>> = {}): InteractionResponse {
  if (request.kind === 'questionnaire' && request.metadata.auto_select_first_on_timeout === true) {
    const answers: Record<string, QuestionAnswer> = {};
    const rawValue: Record<string, string> = {};
    for (const question of request.questions) {
      const value = question.options[0]?.value ?? '';
      const answer = (Object.hasOwn(kept, question.id) && kept[question.id]) || { selected_options: [value], text: '', raw_value: value };
      answers[question.id] = answer;
      rawValue[question.id] = answer.raw_value;
    }
    return buildResponse(request, 'auto_selected', resolvedAt, { approved: true, answers, raw_value: rawValue });
  }
  return buildResponse(request, 'timeout', resolvedAt);
}

/** An explicit "no" to a request that offers Decline (the adapters' `metadata.decline`). */
export function declineResponse(request: InteractionRequest, resolvedAt: string): InteractionResponse {
  return buildResponse(request, 'completed', resolvedAt);
}

/** The response for a call the runtime withdrew, or the user dismissed. */
export function cancelledResponse(request: InteractionRequest, resolvedAt: string): InteractionResponse {
  return buildResponse(request, 'cancelled', resolvedAt);
}

/**
 * The user's Skip: status `cancelled`, or the adapter's own decline where its
 * protocol has one (`metadata.decline`, MCP's `decline`).
 */
export function skipResponse(request: InteractionRequest, resolvedAt: string): InteractionResponse {
  return request.metadata.decline ? declineResponse(request, resolvedAt) : cancelledResponse(request, resolvedAt);
}

/**
 * A call decided in another place (an inbox, an answer link), as this page's receipt reads it:
 * the decision and its time, none of the answers, which stayed where they were given.
 */
export function decidedElsewhere(request: InteractionRequest, decision: Decision, resolvedAt: string): InteractionResponse {
  const status = decision === 'timeout' || decision === 'auto_selected' || decision === 'cancelled' ? decision : 'completed';
  return buildResponse(request, status, resolvedAt, { approved: decision !== 'rejected' });
}
