// The shapes of one call on the runtime side: its options, what is kept while it is pending, how
// it ended, and its `tool_call` frame.
import { PROTOCOL_VERSION, type ToolName } from '../protocol/constants.js';
import type { WireContext } from '../protocol/context.js';
import type { ToolResult } from '../protocol/results.js';
import type { ResultLanguage } from '../rules/content.js';
import { toTimeoutSeconds } from '../rules/coerce.js';
import type { Clock } from '../protocol/clock.js';
import type { AuditOption } from './audit.js';
import { offeredGrant, type Grant } from './grants.js';
import { KitError } from './kit-error.js';

/** One live connection to a kit: a WebSocket, or a window reached with postMessage. */
export interface AgentConnection {
  send(message: object): void;
  close(code?: number, reason?: string): void;
  /** Who the user on it is, as `authorize` named them. */
  readonly actor?: string;
}

export interface CallToolOptions {
  /** Overrides the session's context for this call, field by field. */
  context?: WireContext;
  /** Default: the arguments' `timeout_seconds` as the rules read it (120 when absent). */
  timeoutSeconds?: number;
  /** Aborting rejects with an `AbortError` and, when no other caller waits for the id, sends `cancel` with reason `aborted`. */
  signal?: AbortSignal;
  /**
   * Default: a random UUID. Re-asking the id of a resolved call returns its stored result at
   * once, without sending it again (the last 1,000 per session; with Redis, until its key
   * expires); re-asking a pending one waits for the same result.
   */
  callId?: string;
  /**
   * Approvals only: what the user may allow for the rest of the session. Offered
   * only for `low` and `medium` severity outside grilling mode (otherwise the call asks as any
   * approval, silently); a grant the session holds answers the call at once.
   */
  grant?: Grant;
}

export interface AgentSessionOptions {
  sessionId: string;
  context?: WireContext;
  clock?: Clock;
  /** How long past the deadline the runtime waits for the kit's own timeout result (default 10 s). */
  graceMs?: number;
  /** Largest `tool_call` frame sent, in UTF-8 bytes; a larger call rejects with `too_large` (default: no bound). */
  maxCallBytes?: number;
  /**
   * The language of `content` in every result a call resolves with, the page's and the runtime's
   * own alike: `zh` or `en`. Not given: a page's result is kept as the page wrote it
   * (Chinese unless the page chose English), and the runtime's own results are Chinese.
   */
  resultLanguage?: ResultLanguage;
  /** The audit trail (docs/protocol.md §11): a function called once per decided call, or `'redis'` in a fleet. */
  audit?: AuditOption;
  /** Put the arguments themselves in the audit records (default: only their SHA-256). */
  auditArguments?: boolean;
  /** This instance's id, as the audit records name it. */
  instance?: string;
}

/** One caller of a call: several may wait for the same id (a call re-asked while pending). */
export interface Waiter {
  resolve: (result: ToolResult) => void;
  reject: (error: Error) => void;
  cleanup: () => void;
}

export interface PendingCall {
  tool: ToolName;
  args: Record<string, unknown>;
  context?: WireContext;
  /** ISO 8601, as sent on the wire. */
  deadline: string;
  timer: unknown;
  waiters: Waiter[];
  /** The session grant this call offers (only when it may: docs/protocol.md §2.8). */
  grant?: Grant;
  /** The arguments as given to `callTool` (before `timeout_seconds` is added): what the audit trail hashes. */
  given: Record<string, unknown>;
  /** When it was first asked (ISO 8601). */
  askedAt: string;
}

/** How a resolved call ended: the result every later ask of its id gets at once. */
export type CallOutcome =
  | { how: 'answered' | 'expired'; result: ToolResult }
  /** Only for publish_artifacts, which has no timeout result of its own. */
  | { how: 'expired'; error: KitError };

/** The outcome as a promise's settlement. */
export function outcomePromise(outcome: CallOutcome): Promise<ToolResult> {
  return 'result' in outcome ? Promise.resolve(outcome.result) : Promise.reject(outcome.error);
}

/** The `tool_call` frame for a call (without `v`); `granted`: its receipt (a grant answered it). */
export function callFrame(
  id: string,
  call: Pick<PendingCall, 'tool' | 'args' | 'context' | 'deadline' | 'grant'>,
  granted = false,
): Record<string, unknown> {
  return {
    type: 'tool_call',
    call_id: id,
    tool: call.tool,
    arguments: call.args,
    deadline: call.deadline,
    ...(call.context ? { context: call.context } : {}),
    ...(call.grant ? { grant: { key: call.grant.key, label: call.grant.label } } : {}),
    ...(granted ? { granted: true } : {}),
  };
}

/** What a new call is asked in: the session's clock reading and context, and the largest frame it may send. */
export interface CallScope {
  now: number;
  context: WireContext | undefined;
  maxCallBytes: number;
}

/**
 * A new call as the session keeps it while pending, its deadline from the timeout given (or the
 * arguments'); a KitError `too_large` when its `tool_call` frame is over `maxCallBytes`.
 */
export function newCall(id: string, tool: ToolName, args: Record<string, unknown>, options: CallToolOptions, grant: Grant | undefined, waiter: Waiter, scope: CallScope): PendingCall | KitError {
  const seconds = toTimeoutSeconds(options.timeoutSeconds ?? args.timeout_seconds);
  const deadline = new Date(scope.now + seconds * 1000).toISOString();
  // The kit bounds its timer by the arguments' timeout_seconds (120 when absent), so a limit the
  // caller sets travels in the arguments too, or the page would time out first.
  const sent = options.timeoutSeconds === undefined ? args : { ...args, timeout_seconds: seconds };
  const offered = offeredGrant(grant, args, scope.context, options.context);
  const askedAt = new Date(scope.now).toISOString();
  const call: PendingCall = { tool, args: sent, context: options.context, deadline, timer: undefined, waiters: [waiter], grant: offered, given: args, askedAt };
  const bytes = new TextEncoder().encode(JSON.stringify({ v: PROTOCOL_VERSION, ...callFrame(id, call) })).length;
  if (bytes <= scope.maxCallBytes) return call;
  return new KitError('too_large', `The ${tool} call is ${bytes} bytes, over the ${scope.maxCallBytes} a call may take (a quarter of maxPayload).`, [], id);
}
