// Vercel AI SDK (`ai`, `useChat`): tool parts of a UI message become the kit's cards. A pure
// mapping: it reads the part's fields and builds what `addToolApprovalResponse` and
// `addToolOutput` take; nothing here imports the SDK at run time.
import type { DynamicToolUIPart, ToolUIPart } from 'ai';
import { TOOL_NAMES, type ToolName } from '../protocol/constants.js';
import type { WireContext } from '../protocol/context.js';
import type { InteractionRequest } from '../protocol/request.js';
import type { InteractionResponse } from '../protocol/response.js';
import type { ArtifactsResult, ErrorResult, FilePart, ToolResult } from '../protocol/results.js';

/** An approval's severity. */
export type Severity = 'low' | 'medium' | 'high';
import { deliverArtifacts, fileParts, type DeliverFunction } from '../rules/artifacts/deliver.js';
import { checkResultLanguage, type ResultLanguage } from '../rules/content.js';
import { prepareArtifacts } from '../rules/artifacts/prepare.js';
import { resolveContext } from '../rules/context.js';
import { normalizeToolCall } from '../rules/normalize.js';
import { toolResultFor } from '../rules/results.js';
import { consentRequest } from './requests.js';

/** A tool part of `useChat`'s messages, static (`tool-<name>`) or dynamic. */
export type AiSdkToolPart = ToolUIPart | DynamicToolUIPart;

export interface AiSdkOptions {
  /** The channel, run mode and locale the kit's tool rules need. */
  context?: WireContext;
  /** Severity per tool name, or a function of the part (default `medium`). */
  severity?: Partial<Record<string, Severity>> | ((toolName: string, input: unknown) => Severity | undefined);
  /** The approval card's title (default: the tool's name). */
  title?: (toolName: string, input: unknown) => string | undefined;
  /** The approval card's message (default: the SDK's `requestReason`, else none). */
  message?: (toolName: string, input: unknown) => string | undefined;
  /** Delivers `publish_artifacts` items (see `<interaction-host>`'s `deliver`). */
  deliver?: DeliverFunction;
  /** The language of the outputs' `content`, the sentence the model reads: `zh` (default) or `en`. */
  resultLanguage?: ResultLanguage;
}

/** What one part shows, and how its answer goes back. */
export type AiSdkCard =
  /** A tool awaiting approval: answer with `addToolApprovalResponse(approvalResponse(card, response))`. */
  | { type: 'approval'; toolName: string; request: InteractionRequest; response?: InteractionResponse }
  /** One of the kit's tools run in the browser: answer with `addToolOutput(toolOutput(card, response))`. */
  | { type: 'tool'; toolName: Exclude<ToolName, 'publish_artifacts'>; request: InteractionRequest; response?: InteractionResponse }
  /** `publish_artifacts`: `publishArtifacts(card, options)` delivers and gives the output. */
  | { type: 'artifacts'; toolName: 'publish_artifacts'; input: Record<string, unknown>; items?: FilePart[]; output?: ToolResult };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The tool's name: `tool-deploy` → `deploy`; a dynamic part names it. */
export function toolNameOf(part: AiSdkToolPart): string {
  return part.type === 'dynamic-tool' ? part.toolName : part.type.slice('tool-'.length);
}

function severityOf(options: AiSdkOptions, name: string, input: unknown): Severity {
  const given = typeof options.severity === 'function' ? options.severity(name, input) : options.severity?.[name];
  return given === 'low' || given === 'high' ? given : 'medium';
}

function details(input: unknown): string {
  if (input === undefined) return '';
  return typeof input === 'string' ? input : JSON.stringify(input, null, 2);
}

/** The response a settled approval part stands for, so a reloaded chat shows its receipt. */
function approvalOutcome(request: InteractionRequest, part: AiSdkToolPart): InteractionResponse | undefined {
  const approval = part.approval;
  if (!approval || approval.approved === undefined) return undefined;
  return {
    request_id: request.request_id, status: 'completed', approved: approval.approved, text: approval.approved ? '' : (approval.reason ?? ''),
    selected_options: [], answers: {}, raw_value: approval.approved, resolved_at: '',
  };
}

/**
 * The card for one message part, or `undefined` when the part is not the kit's to show: a tool
 * part in `approval-requested` (or later, as a receipt), or a client-side tool named like one
 * of the kit's three (declared without `execute`) while it waits for its output.
 */
export function aiSdkCard(part: AiSdkToolPart, options: AiSdkOptions = {}): AiSdkCard | undefined {
  const name = toolNameOf(part);
  const input = part.input;
  if ((TOOL_NAMES as readonly string[]).includes(name) && !part.approval) {
    if (part.state === 'input-streaming') return undefined; // the arguments are not complete yet
    const args = isRecord(input) ? input : {};
    const output = part.state === 'output-available' && isRecord(part.output) ? (part.output as ToolResult) : undefined;
    if (name === 'publish_artifacts') {
      return { type: 'artifacts', toolName: name, input: args, ...(output ? { output, items: fileParts(output as { content_parts: unknown[] }) } : {}) };
    }
    const tool = name as Exclude<ToolName, 'publish_artifacts'>;
    const request = normalizeToolCall(tool, args, { request_id: part.toolCallId, session_id: '' }, resolveContext(options.context));
    const echo = output && (output as { interaction_response?: unknown }).interaction_response;
    const answered = isRecord(echo) ? (echo as InteractionResponse) : undefined;
    return { type: 'tool', toolName: tool, request, ...(answered ? { response: answered } : {}) };
  }
  if (!part.approval) return undefined;
  const title = options.title?.(name, input) || name;
  const request: InteractionRequest = {
    ...consentRequest({
      id: part.toolCallId,
      message: options.message?.(name, input) ?? part.approval.requestReason ?? '',
      timeoutSeconds: 0, // the SDK waits for the answer as long as the chat lives
      metadata: { details: details(input) },
    }),
    title,
    metadata: { severity: severityOf(options, name, input), details: details(input) },
  };
  const response = approvalOutcome(request, part);
  return { type: 'approval', toolName: name, request, ...(response ? { response } : {}) };
}

/** The argument of `addToolApprovalResponse`: the rejection note is the reason. */
export function approvalResponse(
  part: AiSdkToolPart,
  response: InteractionResponse,
): { id: string; approved: boolean; reason?: string } {
  const id = part.approval?.id;
  if (!id) throw new TypeError('approvalResponse: part.approval.id is missing; the part is not awaiting approval.');
  const approved = response.status === 'completed' && response.approved;
  const reason = approved ? '' : response.text || (response.status === 'completed' ? '' : `timed out (${response.status})`);
  return { id, approved, ...(reason ? { reason } : {}) };
}

/** The argument of `addToolOutput`: the kit's typed tool result, as a runtime would get it. */
export function toolOutput(
  card: Extract<AiSdkCard, { type: 'tool' }>,
  response: InteractionResponse,
  toolCallId = card.request.request_id,
  options: Pick<AiSdkOptions, 'resultLanguage'> = {},
): { tool: string; toolCallId: string; output: ToolResult } {
  return { tool: card.toolName, toolCallId, output: toolResultFor(card.request, response, options) };
}

/** Runs `publish_artifacts` by the kit's rules; the result is the tool's output. */
export async function publishArtifacts(
  card: Extract<AiSdkCard, { type: 'artifacts' }>,
  toolCallId: string,
  options: AiSdkOptions = {},
): Promise<{ tool: 'publish_artifacts'; toolCallId: string; output: ArtifactsResult | ErrorResult }> {
  const prepared = prepareArtifacts(card.input, resolveContext(options.context));
  const language = checkResultLanguage(options.resultLanguage, 'publishArtifacts');
  const output = prepared.ok ? await deliverArtifacts(prepared, options.deliver, language) : { error: prepared.error };
  return { tool: 'publish_artifacts', toolCallId, output };
}
