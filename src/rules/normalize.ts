import type { InteractionContext } from '../protocol/context.js';
import { isRecord, SEVERITIES, type RequestKind, type ToolName } from '../protocol/constants.js';
import type { InteractionRequest } from '../protocol/request.js';
import { toBoolean, toChoice, toText, toTimeoutSeconds } from './coerce.js';
import { normalizeOptions, normalizeQuestions } from './options.js';

export const DEFAULT_APPROVAL_TITLE = '请确认';
export const DEFAULT_INPUT_TITLE = '需要你的输入';

const INPUT_MODES = ['text', 'choice', 'multi_choice'] as const;

/** The ids a normalised request carries besides what the tool's arguments give. */
export interface RequestIds {
  request_id: string;
  session_id: string;
}

/** `request_user_approval` arguments → the normalised request (docs/protocol.md §4.5). */
export function normalizeApproval(args: Record<string, unknown>, ids: RequestIds): InteractionRequest {
  return {
    ...ids,
    kind: 'approval',
    title: toText(args.title) || DEFAULT_APPROVAL_TITLE,
    message: toText(args.message),
    options: [],
    questions: [],
    allow_free_text: false,
    timeout_seconds: toTimeoutSeconds(args.timeout_seconds),
    source_tool: 'request_user_approval',
    metadata: {
      severity: toChoice(args.severity, SEVERITIES, 'medium'),
      details: toText(args.details),
    },
  };
}

/**
 * `request_user_input` arguments → the normalised request. `autoSelect` is the runtime's own
 * `auto_select_first_on_timeout`, when it sent one; grilling overrides it.
 */
export function normalizeInput(
  args: Record<string, unknown>,
  ids: RequestIds,
  context: InteractionContext,
  autoSelect?: boolean,
): InteractionRequest {
  const common = {
    ...ids,
    title: toText(args.title) || DEFAULT_INPUT_TITLE,
    message: toText(args.message),
    timeout_seconds: toTimeoutSeconds(args.timeout_seconds),
    source_tool: 'request_user_input' as const,
  };
  const purpose = toText(args.purpose).toLowerCase();
  const questions = normalizeQuestions(args.questions);
  if (questions.length > 0) {
    return {
      ...common,
      kind: 'questionnaire',
      options: [],
      questions,
      allow_free_text: true,
      metadata: {
        input_mode: 'questionnaire',
        purpose,
        auto_select_first_on_timeout: context.run_mode !== 'grilling' && (autoSelect ?? true),
      },
    };
  }
  const inputMode = toChoice(args.input_mode, INPUT_MODES, 'text');
  return {
    ...common,
    kind: inputMode,
    options: normalizeOptions(args.options),
    questions: [],
    allow_free_text: toBoolean(args.allow_free_text, true),
    metadata: { input_mode: inputMode, purpose },
  };
}

/** Normalises a raw tool call's arguments (already checked by `checkToolArguments`). */
export function normalizeToolCall(
  tool: Exclude<ToolName, 'publish_artifacts'>,
  args: Record<string, unknown>,
  ids: RequestIds,
  context: InteractionContext,
): InteractionRequest {
  return tool === 'request_user_approval'
    ? normalizeApproval(args, ids)
    : normalizeInput(args, ids, context);
}

/**
 * Re-applies the invariants to a request in the runtime's own shape (`interaction_request`).
 * Normalising is idempotent, so an already-normalised request comes back unchanged; the runtime's
 * `metadata.auto_select_first_on_timeout` is kept when present.
 */
export function renormalizeRequest(
  request: Record<string, unknown> & { request_id: string; kind: RequestKind },
  sessionId: string,
  context: InteractionContext,
): InteractionRequest {
  const metadata = isRecord(request.metadata) ? request.metadata : {};
  const ids = { request_id: request.request_id, session_id: sessionId };
  if (request.kind === 'approval') {
    return normalizeApproval({ ...request, severity: metadata.severity, details: metadata.details }, ids);
  }
  const autoSelect =
    typeof metadata.auto_select_first_on_timeout === 'boolean'
      ? metadata.auto_select_first_on_timeout
      : undefined;
  return normalizeInput(
    {
      ...request,
      input_mode: request.kind === 'questionnaire' ? metadata.input_mode : request.kind,
      purpose: metadata.purpose,
    },
    ids,
    context,
    autoSelect,
  );
}
