import { isRecord, type ToolName } from '../protocol/constants.js';
import type { InteractionContext } from '../protocol/context.js';
import type { InteractionRequest } from '../protocol/request.js';
import type { InteractionResponse } from '../protocol/response.js';
import type { DeliveryResult, FilePart } from '../protocol/results.js';
import { fileParts } from './artifacts/deliver.js';
import { normalizeToolCall, type RequestIds } from './normalize.js';

/** What a result decided elsewhere shows: a settled request, or the files it listed. */
export type Receipt =
  | { kind: 'request'; request: InteractionRequest; response: InteractionResponse }
  | { kind: 'artifacts'; items: FilePart[]; delivery?: DeliveryResult };

export interface ReceiptSource {
  /** The result's `interaction_response`, once the caller validated it (absent when invalid). */
  response: InteractionResponse | undefined;
  /** The request already shown under that id, if any: it wins over the result's echo. */
  shown: InteractionRequest | undefined;
  ids: RequestIds;
  context: InteractionContext;
}

/**
 * The read-only receipt for a `tool_result` the runtime sent: artifacts from the
 * result's file parts; a request from the request it replaces, else from the result's echo of
 * it. Undefined when the result holds nothing a receipt can show, so no half card appears.
 */
export function receiptFor(tool: ToolName, result: Record<string, unknown>, source: ReceiptSource): Receipt | undefined {
  if (tool === 'publish_artifacts') {
    const items = fileParts({ content_parts: Array.isArray(result.content_parts) ? result.content_parts : [] });
    const delivery = isRecord(result.delivery_result) ? (result.delivery_result as DeliveryResult) : undefined;
    return { kind: 'artifacts', items, delivery };
  }
  if (!source.response) return undefined;
  const echo = result.interaction_request;
  const request =
    source.shown ?? (isRecord(echo) ? normalizeToolCall(tool, { ...echo, input_mode: echo.kind }, source.ids, source.context) : undefined);
  if (!request) return undefined;
  return { kind: 'request', request, response: source.response };
}
