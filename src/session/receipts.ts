// The entry a session shows for a result decided elsewhere (`tool_result` from the runtime).
import type { WireContext } from '../protocol/context.js';
import { interactionResponseSchema } from '../protocol/response.js';
import type { RuntimeToolResultMessage } from '../protocol/runtime-messages.js';
import { resolveContext } from '../rules/context.js';
import { receiptFor } from '../rules/receipts.js';
import { receiptEntry, type SessionEntry } from './entry.js';

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
