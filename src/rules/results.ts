import type { InteractionRequest } from '../protocol/request.js';
import type { InteractionResponse } from '../protocol/response.js';
import type { ApprovalResult, InputResult, ToolEventPart } from '../protocol/results.js';
import { approvalContent, checkResultLanguage, inputContent, type ResultLanguage } from './content.js';

export interface ResultOptions {
  /** The language of `content`, the sentence for the model: `zh` (default) or `en`. */
  resultLanguage?: ResultLanguage;
}

function toolEvent(tool: string, response: InteractionResponse, summary: string): ToolEventPart {
  return { type: 'tool_event', tool_name: tool, status: response.status, summary };
}

/** The `request_user_approval` tool result (docs/protocol.md §5); `content` is for the model. */
export function approvalResult(request: InteractionRequest, response: InteractionResponse, language: ResultLanguage = 'zh'): ApprovalResult {
  const completed = response.status === 'completed';
  const summary = completed ? (response.approved ? 'approved' : 'rejected') : response.status;
  return {
    source_tool: 'request_user_approval',
    content: approvalContent(response, language),
    content_parts: [toolEvent('request_user_approval', response, summary)],
    interaction_request: {
      kind: 'approval',
      message: request.message,
      title: request.title,
      severity: request.metadata.severity ?? 'medium',
      details: request.metadata.details ?? '',
      timeout_seconds: request.timeout_seconds,
    },
    interaction_response: response,
  };
}

function inputSummary(request: InteractionRequest, response: InteractionResponse): string {
  if (!response.approved) return response.status;
  if (request.kind === 'questionnaire') return `answers=${Object.keys(response.answers).length}`;
  if (response.selected_options.length === 0) return response.text;
  // The reference runtime writes the same list twice; the model has been trained on it.
  const values = response.selected_options.join(', ');
  return `selected=${values} | options=${values}`;
}

/** The `request_user_input` tool result (docs/protocol.md §5). */
export function inputResult(request: InteractionRequest, response: InteractionResponse, language: ResultLanguage = 'zh'): InputResult {
  const summary = inputSummary(request, response);
  const purpose = request.metadata.purpose ?? '';
  const content = inputContent(response, request.kind === 'questionnaire', Object.keys(response.answers).length, summary, language);
  const echo: InputResult['interaction_request'] =
    request.kind === 'questionnaire'
      ? {
          kind: 'questionnaire',
          message: request.message,
          title: request.title,
          questions: request.questions,
          purpose,
          allow_free_text: true,
          timeout_seconds: request.timeout_seconds,
        }
      : {
          kind: request.kind as 'text' | 'choice' | 'multi_choice',
          message: request.message,
          title: request.title,
          options: request.options,
          questions: [],
          allow_free_text: request.allow_free_text,
          timeout_seconds: request.timeout_seconds,
        };
  return {
    source_tool: 'request_user_input',
    content,
    content_parts: [toolEvent('request_user_input', response, summary)],
    interaction_request: echo,
    interaction_response: response,
    answers: response.answers,
    purpose,
  };
}

/** The tool result for a request the user (or the timeout policy) answered. */
export function toolResultFor(
  request: InteractionRequest,
  response: InteractionResponse,
  options: ResultOptions = {},
): ApprovalResult | InputResult {
  const language = checkResultLanguage(options.resultLanguage, 'toolResultFor');
  return request.source_tool === 'request_user_approval'
    ? approvalResult(request, response, language)
    : inputResult(request, response, language);
}
