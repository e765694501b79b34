// The results the runtime gives itself, without the page: the timeout policy's at deadline +
// grace, and a plain approval for a call a session grant allowed (§12.1).
import type { WireContext } from '../protocol/context.js';
import type { ApprovalResult } from '../protocol/results.js';
import type { ResultLanguage } from '../rules/content.js';
import { resolveContext } from '../rules/context.js';
import { normalizeToolCall } from '../rules/normalize.js';
import { answerApproval, timeoutResponse } from '../rules/responses.js';
import { toolResultFor } from '../rules/results.js';
import type { CallOutcome, PendingCall } from './call.js';
import { KitError } from './kit-error.js';

/** What the result is for: the call's ids, the session's context, when, and in which language. */
export interface OwnResultScope {
  sessionId: string;
  context: WireContext | undefined;
  at: string;
  resultLanguage: ResultLanguage;
}

type CallShape = Pick<PendingCall, 'tool' | 'args' | 'context'>;

/** What the runtime answers itself at deadline + grace. */
export function timeoutOutcome(id: string, call: CallShape, scope: OwnResultScope): CallOutcome {
  if (call.tool === 'publish_artifacts') {
    return { how: 'expired', error: new KitError('timeout', 'The kit did not answer publish_artifacts before its deadline.', [], id) };
  }
  const request = normalizeToolCall(call.tool, call.args, { request_id: id, session_id: scope.sessionId }, resolveContext(scope.context, call.context));
  return { how: 'expired', result: toolResultFor(request, timeoutResponse(request, scope.at), { resultLanguage: scope.resultLanguage }) };
}

/** The result of a call a grant answered: byte for byte a plain approval's, the very response the card's approve button gives. */
export function grantedResult(id: string, call: CallShape, scope: OwnResultScope): ApprovalResult {
  const request = normalizeToolCall('request_user_approval', call.args, { request_id: id, session_id: scope.sessionId }, resolveContext(scope.context, call.context));
  return toolResultFor(request, answerApproval(request, true, '', scope.at), { resultLanguage: scope.resultLanguage }) as ApprovalResult;
}
