// The entries a session shows for calls decided without the user: a result decided elsewhere
// (`tool_result` from the runtime), and a call a session grant already allowed (DESIGN §12.1).
import { PROTOCOL_VERSION } from '../protocol/constants.js';
import type { WireContext } from '../protocol/context.js';
import type { KitToolResultMessage } from '../protocol/kit-messages.js';
import { interactionResponseSchema } from '../protocol/response.js';
import type { RuntimeToolResultMessage } from '../protocol/runtime-messages.js';
import type { ResultLanguage } from '../rules/content.js';
import { resolveContext } from '../rules/context.js';
import { receiptFor } from '../rules/receipts.js';
import { answerApproval } from '../rules/responses.js';
import { toolResultFor } from '../rules/results.js';
import { receiptEntry, type RequestEntry, type SessionEntry, type ShownRequest } from './entry.js';

/** The read-only entry for a result decided elsewhere, replacing `existing`; undefined when nothing can be shown (no half card). */
export function runtimeReceipt(
  message: RuntimeToolResultMessage,
  existing: SessionEntry | undefined,
  sessionId: string,
  session: WireContext | undefined,
): SessionEntry | undefined {
  const { call_id: id, tool, result } = message;
  const response = interactionResponseSchema.safeParse(result.interaction_response);
  const context = resolveContext(session);
  const receipt = receiptFor(tool, result, {
    response: response.success ? response.data : undefined,
    shown: existing?.kind === 'request' ? existing.request : undefined,
    ids: { request_id: id, session_id: sessionId },
    context,
  });
  return receipt && receiptEntry(id, receipt, existing, existing?.context ?? context);
}

/**
 * A call a session grant allowed: never a card, a receipt at once (已按本会话授权自动批准), and
 * the plain approval's result as its answer, which is how the page acknowledges it.
 */
export function grantedReceipt(shown: ShownRequest, at: string, resultLanguage: ResultLanguage): [RequestEntry, KitToolResultMessage] {
  const response = answerApproval(shown.request, true, '', at);
  const { deadline: _none, ...rest } = shown;
  const entry: RequestEntry = { ...rest, kind: 'request', phase: 'sending', response, granted: true };
  const result = toolResultFor(shown.request, response, { resultLanguage });
  return [entry, { v: PROTOCOL_VERSION, type: 'tool_result', call_id: shown.id, tool: shown.tool, result }];
}
