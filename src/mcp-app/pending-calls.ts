import { systemClock, type Clock } from '../protocol/clock.js';
import type { InteractionRequest } from '../protocol/request.js';
import type { InteractionResponse } from '../protocol/response.js';
import type { ApprovalResult, InputResult } from '../protocol/results.js';
import { timeoutResponse } from '../rules/responses.js';
import { toolResultFor } from '../rules/results.js';
import { parseCallId } from './call-id.js';
import { DEFAULT_GRACE_MS } from './constants.js';
import { checkResponse } from './response-check.js';

/** What an approval or an input call ends with: the kit's tool result, or nothing (cancelled). */
export type CallEnd = { how: 'answered' | 'expired'; result: ApprovalResult | InputResult } | { how: 'cancelled' };

/** What `respond` answers the View: the call's result, or why the response was refused. */
export type RespondOutcome = { ok: true; result: ApprovalResult | InputResult } | { ok: false; error: string };

interface PendingCall {
  request: InteractionRequest;
  digest: string;
  requestId: string;
  /** The MCP session the call came in on (undefined on a connection without sessions). */
  sessionId: string | undefined;
  /** Epoch ms on the injected clock: `timeout_seconds` after the call began. */
  deadline: number;
  timer: unknown;
  settle: (end: CallEnd) => void;
}

/** Ended calls remembered, so that a late or second response is told why it is refused. */
const ENDED_MEMORY = 1000;

export interface PendingCallsOptions {
  /** Injected for tests; `Date.now` and real timers by default. */
  clock?: Clock;
  /** How long past the deadline the View's own timeout response is awaited (default 10 s). */
  graceMs?: number;
}

/**
 * The model's approval and input calls that wait for a person: each resolves exactly once, with
 * the response the View sends (`respond`), with the timeout policy's result at deadline + grace,
 * or with nothing when the host cancels it.
 */
export class PendingCalls {
  private readonly clock: Clock;
  private readonly graceMs: number;
  private readonly calls = new Map<string, PendingCall>();
  private readonly ended = new Map<string, CallEnd['how']>();

  constructor(options: PendingCallsOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  }

  /** Ids of the calls still waiting, oldest first. */
  get pendingIds(): string[] {
    return [...this.calls.keys()];
  }

  /**
   * Waits for the person's answer to `request` (its `request_id` is the call id,
   * `<digest>#<request id>`); `signal` is the host's cancellation of the call.
   */
  wait(request: InteractionRequest, sessionId: string | undefined, signal?: AbortSignal): Promise<CallEnd> {
    const id = request.request_id;
    const parts = parseCallId(id);
    const requestId = parts?.requestId;
    if (!parts || requestId === undefined) throw new Error(`Not a full call id: ${id}`);
    return new Promise<CallEnd>((resolve) => {
      const onAbort = () => this.end(id, { how: 'cancelled' });
      const deadline = this.clock.now() + request.timeout_seconds * 1000;
      const call: PendingCall = {
        request,
        digest: parts.digest,
        requestId,
        sessionId,
        deadline,
        timer: this.clock.setTimeout(() => this.expire(id), request.timeout_seconds * 1000 + this.graceMs),
        settle: (end) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(end);
        },
      };
      this.calls.set(id, call);
      if (signal?.aborted) onAbort();
      else signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** The View's response for `callId`; refused unless it answers a call still waiting, once. */
  respond(callId: string, value: unknown, sessionId: string | undefined): RespondOutcome {
    const call = this.find(callId, sessionId);
    if (!call) {
      const how = this.ended.get(callId) ?? [...this.ended].find(([id]) => id.startsWith(`${callId}#`))?.[1];
      const why = how === 'answered' ? 'it was already answered' : how === 'expired' ? 'its deadline passed' : how === 'cancelled' ? 'it was cancelled' : 'no such call is waiting';
      return { ok: false, error: `No response is taken for call ${callId}: ${why}.` };
    }
    // The View names the call as it knows it (its response's request_id says the same); the
    // result the model reads carries the call's full id.
    const check = checkResponse({ ...call.request, request_id: callId }, value, this.clock.now() >= call.deadline);
    if (!check.ok) return check;
    const response: InteractionResponse = { ...check.response, request_id: call.request.request_id };
    const result = toolResultFor(call.request, response);
    this.end(call.request.request_id, { how: 'answered', result });
    return { ok: true, result };
  }

  /** Every waiting call ends unanswered (its server closed); their timers are cleared. */
  close(): void {
    for (const id of [...this.calls.keys()]) this.end(id, { how: 'cancelled' });
  }

  /**
   * The call a View's id names: the very call when the id carries its request id, else the oldest
   * waiting call with the same arguments (a host that does not say which call the View is for).
   */
  private find(callId: string, sessionId: string | undefined): PendingCall | undefined {
    const parts = parseCallId(callId);
    if (!parts) return undefined;
    const candidates = [...this.calls.values()].filter((call) => call.digest === parts.digest && call.sessionId === sessionId);
    return candidates.find((call) => call.requestId === parts.requestId) ?? candidates[0];
  }

  private expire(id: string): void {
    const call = this.calls.get(id);
    if (!call) return;
    const at = new Date(this.clock.now()).toISOString();
    this.end(id, { how: 'expired', result: toolResultFor(call.request, timeoutResponse(call.request, at)) });
  }

  private end(id: string, end: CallEnd): void {
    const call = this.calls.get(id);
    if (!call) return;
    this.calls.delete(id);
    this.clock.clearTimeout(call.timer);
    this.ended.set(id, end.how);
    const [oldest] = this.ended.keys();
    if (this.ended.size > ENDED_MEMORY && oldest !== undefined) this.ended.delete(oldest);
    call.settle(end);
  }
}
