import { isRecord, PROTOCOL_VERSION, SUPERSEDED_CLOSE_CODE, type ToolName } from '../protocol/constants.js';
import type { WireContext } from '../protocol/context.js';
import { messageValue } from '../protocol/json.js';
import { errorMessageSchema, kitToolResultSchema } from '../protocol/kit-messages.js';
import { toolResultSchemas, type ToolResult, type ToolResults } from '../protocol/results.js';
import { timeoutResponse } from '../rules/answers.js';
import { systemClock, type Clock } from '../protocol/clock.js';
import { toTimeoutSeconds } from '../rules/coerce.js';
import { checkResultLanguage, inResultLanguage, type ResultLanguage } from '../rules/content.js';
import { resolveContext } from '../rules/context.js';
import { normalizeToolCall } from '../rules/normalize.js';
import { toolResultFor } from '../rules/results.js';
import { abortError, closedError, KitError } from './kit-error.js';

/** One live connection to a kit: a WebSocket, or a window reached with postMessage. */
export interface AgentConnection {
  send(message: object): void;
  close(code?: number, reason?: string): void;
  /** Who the user on it is, as `authorize` named them (DESIGN §3.9). */
  readonly actor?: string;
}

export { KitError };

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
   * own alike: `zh` or `en` (DESIGN §5). Not given: a page's result is kept as the page wrote it
   * (Chinese unless the page chose English), and the runtime's own results are Chinese.
   */
  resultLanguage?: ResultLanguage;
}

/** One caller of a call: several may wait for the same id (a call re-asked while pending). */
interface Waiter {
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

/** Results remembered after their calls resolved, to answer re-asks and late results (DESIGN §3). */
const RESOLVED_MEMORY = 1000;

/**
 * The runtime's side of the protocol for one session, transport-agnostic. `callTool` sends a
 * tool call and resolves with the kit's typed tool result; unresolved calls are re-sent after
 * every `ready`, the first valid result wins and every copy is acked, and at deadline + grace
 * the runtime resolves the call itself with the timeout policy's result (DESIGN §3.4). A call
 * re-asked with the id of one already resolved gets its stored result at once, unsent.
 */
export class AgentSession {
  readonly sessionId: string;
  context: WireContext | undefined;
  protected readonly clock: Clock;
  protected readonly graceMs: number;
  private readonly maxCallBytes: number;
  private readonly resultLanguage: ResultLanguage | undefined;
  protected readonly pending = new Map<string, PendingCall>();
  private readonly resolved = new Map<string, CallOutcome>();
  protected connection: AgentConnection | undefined;
  protected ready = false;
  private closed = false;
  private lastActor: string | undefined;

  constructor(options: AgentSessionOptions) {
    this.sessionId = options.sessionId;
    this.context = options.context;
    this.clock = options.clock ?? systemClock;
    this.graceMs = options.graceMs ?? 10_000;
    this.maxCallBytes = options.maxCallBytes ?? Infinity;
    this.resultLanguage = options.resultLanguage === undefined ? undefined : checkResultLanguage(options.resultLanguage, 'AgentSession');
  }

  /** Calls not yet resolved, in the order they were made. */
  get pendingIds(): string[] {
    return [...this.pending.keys()];
  }

  get connected(): boolean {
    return this.connection !== undefined;
  }

  /**
   * Who is on the session's live connection, or was on its last one, as `authorize` named them
   * (`{ actor }`); undefined when it named no one. Kept for the audit trail (DESIGN §12.4).
   */
  get actor(): string | undefined {
    return this.lastActor;
  }

  /**
   * Its server closed: every pending call rejects with KitError `unavailable` and its deadline
   * timer is cleared (minutes of timer would keep the process alive), and a later call rejects at once.
   */
  close(): void {
    this.closed = true;
    for (const id of [...this.pending.keys()]) this.reject(id, closedError(id));
  }

  /** A new live connection; an older one is closed with 4000 (superseded), never both. */
  attach(connection: AgentConnection): void {
    if (this.connection && this.connection !== connection) this.connection.close(SUPERSEDED_CLOSE_CODE, 'superseded');
    this.connection = connection;
    this.lastActor = connection.actor;
    this.ready = false;
  }

  detach(connection: AgentConnection): void {
    if (this.connection !== connection) return;
    this.connection = undefined;
    this.ready = false;
  }

  protected send(message: object): boolean {
    if (!this.connection) return false;
    this.connection.send({ v: PROTOCOL_VERSION, ...message });
    return true;
  }

  /** Handles one message from the kit on `connection` (a string frame or a value). */
  receive(connection: AgentConnection, data: unknown): void {
    if (connection !== this.connection) return; // a superseded connection's late words
    const message = messageValue(data);
    if (!isRecord(message) || message.v !== PROTOCOL_VERSION) return;
    switch (message.type) {
      case 'connect':
        this.send({ type: 'hello', session_id: this.sessionId, ...(this.context ? { context: this.context } : {}) });
        break;
      case 'ready':
        this.ready = true;
        this.onReady();
        break;
      case 'tool_result': {
        // A valid result is one its own tool may give (an approval never answers `{error}`).
        const parsed = kitToolResultSchema.safeParse(message);
        if (parsed.success && toolResultSchemas[parsed.data.tool].safeParse(parsed.data.result).success) {
          this.onResult(parsed.data.call_id, parsed.data.tool, parsed.data.result as ToolResult);
        }
        break;
      }
      case 'error': {
        const parsed = errorMessageSchema.safeParse(message);
        if (!parsed.success || parsed.data.id === undefined) return;
        const { id, code, issues } = parsed.data;
        this.onError(id, new KitError(code, parsed.data.message, issues ?? [], id));
        break;
      }
    }
  }

  /**
   * Sends a tool call and resolves with its typed result: an approval's or an input's own result,
   * and for publish_artifacts its result or the `{error}` a rule refused the call with.
   */
  callTool<T extends ToolName>(tool: T, args: Record<string, unknown>, options?: CallToolOptions): Promise<ToolResults[T]>;
  callTool(tool: ToolName, args: Record<string, unknown>, options: CallToolOptions = {}): Promise<ToolResult> {
    const id = options.callId ?? globalThis.crypto.randomUUID();
    const signal = options.signal;
    if (signal?.aborted) return Promise.reject(abortError(signal.reason));
    if (this.closed) return Promise.reject(closedError(id));
    const known = this.resolved.get(id);
    if (known) return outcomePromise(known);
    return new Promise<ToolResult>((resolve, reject) => {
      const onAbort = () => this.abandon(id, waiter, abortError(signal?.reason));
      const waiter: Waiter = { resolve, reject, cleanup: () => signal?.removeEventListener('abort', onAbort) };
      signal?.addEventListener('abort', onAbort, { once: true });
      const existing = this.pending.get(id);
      if (existing) {
        existing.waiters.push(waiter); // re-asked while pending: wait for the same result
        return;
      }
      const seconds = toTimeoutSeconds(options.timeoutSeconds ?? args.timeout_seconds);
      const deadline = new Date(this.clock.now() + seconds * 1000).toISOString();
      // The kit bounds its timer by the arguments' timeout_seconds (120 when absent), so a limit the
      // caller sets travels in the arguments too, or the page would time out first.
      const sent = options.timeoutSeconds === undefined ? args : { ...args, timeout_seconds: seconds };
      const call: PendingCall = { tool, args: sent, context: options.context, deadline, timer: undefined, waiters: [waiter] };
      const bytes = new TextEncoder().encode(JSON.stringify({ v: PROTOCOL_VERSION, ...callFrame(id, call) })).length;
      if (bytes > this.maxCallBytes) {
        waiter.cleanup();
        reject(new KitError('too_large', `The ${tool} call is ${bytes} bytes, over the ${this.maxCallBytes} a call may take (a quarter of maxPayload).`, [], id));
        return;
      }
      this.pending.set(id, call);
      this.begin(id, call);
    });
  }

  /** A new call is pending: arm its timer and send it when the kit is ready. */
  protected begin(id: string, call: PendingCall): void {
    this.arm(id, call);
    if (this.ready) this.sendCall(id, call);
  }

  /** The runtime's own timer: deadline + grace. */
  protected arm(id: string, call: PendingCall): void {
    this.clock.clearTimeout(call.timer);
    const ms = Math.max(0, Date.parse(call.deadline) - this.clock.now()) + this.graceMs;
    call.timer = this.clock.setTimeout(() => this.expire(id), ms);
  }

  protected onReady(): void {
    for (const [id, call] of this.pending) this.sendCall(id, call);
  }

  protected sendCall(id: string, call: Pick<PendingCall, 'tool' | 'args' | 'context' | 'deadline'>): void {
    this.send(callFrame(id, call));
  }

  /** One caller gave up (its signal aborted); the call is withdrawn when no caller is left. */
  private abandon(id: string, waiter: Waiter, error: Error): void {
    const call = this.pending.get(id);
    if (!call?.waiters.includes(waiter)) return;
    call.waiters = call.waiters.filter((w) => w !== waiter);
    waiter.cleanup();
    waiter.reject(error);
    if (call.waiters.length > 0) return;
    this.finish(id);
    this.withdraw(id);
  }

  /** Tells the kit that the agent stopped waiting for `id`. */
  protected withdraw(id: string): void {
    this.send({ type: 'cancel', id, reason: 'aborted' });
  }

  /** Removes a pending call (its timer and abort listeners) and returns it. */
  protected finish(id: string): PendingCall | undefined {
    const call = this.pending.get(id);
    if (!call) return undefined;
    this.pending.delete(id);
    this.clock.clearTimeout(call.timer);
    for (const waiter of call.waiters) waiter.cleanup();
    return call;
  }

  /** The call resolved: every caller gets the outcome (`content` in the session's language), and it is kept for re-asks. */
  protected conclude(id: string, resolved: CallOutcome): void {
    const language = this.resultLanguage;
    const outcome: CallOutcome = language && 'result' in resolved ? { ...resolved, result: inResultLanguage(resolved.result, language) } : resolved;
    const call = this.finish(id);
    this.resolved.delete(id);
    this.resolved.set(id, outcome);
    const [oldest] = this.resolved.keys();
    if (this.resolved.size > RESOLVED_MEMORY && oldest !== undefined) this.resolved.delete(oldest);
    for (const waiter of call?.waiters ?? []) {
      if ('result' in outcome) waiter.resolve(outcome.result);
      else waiter.reject(outcome.error);
    }
  }

  /** The kit answered with an `error` message: the call's callers get a KitError. */
  protected onError(id: string, error: KitError): void {
    this.reject(id, error);
  }

  /** The call ends without a result: every caller gets `error`, and nothing is remembered. */
  protected reject(id: string, error: Error): void {
    for (const waiter of this.finish(id)?.waiters ?? []) waiter.reject(error);
  }

  protected onResult(id: string, tool: ToolName, result: ToolResult): void {
    if (this.resolved.get(id)?.how === 'expired') {
      // Too late: the runtime already answered the model. Tell the kit, which shows it expired.
      this.send({ type: 'cancel', id, reason: 'expired' });
      return;
    }
    const call = this.pending.get(id);
    if (call && call.tool !== tool) return;
    this.send({ type: 'ack', id });
    if (call) this.conclude(id, { how: 'answered', result });
  }

  /** Deadline + grace passed without the kit's result: resolve with the timeout policy's result. */
  protected expire(id: string): void {
    const call = this.pending.get(id);
    if (!call) return;
    this.send({ type: 'cancel', id, reason: 'expired' });
    this.conclude(id, this.timeoutOutcome(id, call));
  }

  /** What the runtime answers itself at deadline + grace (DESIGN §3.4). */
  protected timeoutOutcome(id: string, call: Pick<PendingCall, 'tool' | 'args' | 'context'>): CallOutcome {
    if (call.tool === 'publish_artifacts') {
      return { how: 'expired', error: new KitError('timeout', 'The kit did not answer publish_artifacts before its deadline.', [], id) };
    }
    const context = resolveContext(this.context, call.context);
    const request = normalizeToolCall(call.tool, call.args, { request_id: id, session_id: this.sessionId }, context);
    const response = timeoutResponse(request, new Date(this.clock.now()).toISOString());
    return { how: 'expired', result: toolResultFor(request, response, { resultLanguage: this.resultLanguage ?? 'zh' }) };
  }
}

/** The `tool_call` frame for a call (without `v`). */
export function callFrame(id: string, call: Pick<PendingCall, 'tool' | 'args' | 'context' | 'deadline'>): Record<string, unknown> {
  return {
    type: 'tool_call',
    call_id: id,
    tool: call.tool,
    arguments: call.args,
    deadline: call.deadline,
    ...(call.context ? { context: call.context } : {}),
  };
}
