import type { InteractionQuestion, InteractionRequest, RequestMetadata } from '../protocol/request.js';
import { DEFAULT_APPROVAL_TITLE, DEFAULT_INPUT_TITLE } from '../rules/normalize.js';

/** What every adapter's request has of its own; the rest is the same for all of them. */
export interface AdapterRequest {
  id: string;
  message: string;
  /** 0: no time limit. */
  timeoutSeconds: number;
  /** Decline and Cancel, the link to consent to: the adapters' metadata (see RequestMetadata). */
  metadata: Pick<RequestMetadata, 'decline' | 'dismiss' | 'url' | 'details'>;
}

function base(request: AdapterRequest) {
  return {
    request_id: request.id, session_id: '', message: request.message, options: [], allow_free_text: false,
    timeout_seconds: request.timeoutSeconds,
  };
}

/** A form of typed fields in `<questionnaire-form>` (MCP form mode, AskUserQuestion, AG-UI). */
export function formRequest(request: AdapterRequest, questions: InteractionQuestion[]): InteractionRequest {
  return {
    ...base(request), kind: 'questionnaire', title: DEFAULT_INPUT_TITLE, questions, source_tool: 'request_user_input',
    metadata: { input_mode: 'form', purpose: '', ...request.metadata },
  };
}

/** A yes or no in `<approval-dialog>`: an AG-UI approval, or consent to open an MCP link. */
export function consentRequest(request: AdapterRequest): InteractionRequest {
  return {
    ...base(request), kind: 'approval', title: DEFAULT_APPROVAL_TITLE, questions: [], source_tool: 'request_user_approval',
    metadata: { severity: 'medium', details: '', ...request.metadata },
  };
}
