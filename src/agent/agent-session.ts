import { isRecord, PROTOCOL_VERSION, type ErrorCode, type ToolName } from '../protocol/constants.js';
import type { WireContext } from '../protocol/context.js';
import { errorMessageSchema, kitToolResultSchema, type ArgumentIssue } from '../protocol/kit-messages.js';
import type { ToolResult } from '../protocol/results.js';
import { timeoutResponse } from '../rules/answers.js';
import { systemClock, type Clock } from '../rules/clock.js';
import { toTimeoutSeconds } from '../rules/coerce.js';
import { resolveContext } from '../rules/context.js';
import { normalizeToolCall } from '../rules/normalize.js';
import { toolResultFor } from '../rules/results.js';

/** One live connection to a kit: a WebSocket, or a window reached with postMessage. */
export interface AgentConnection {
  send(message: object): void;
  close(code?: number, reason?: string): void;
}

/**
 * The kit answered a call with an `error` message (DESIGN §3.1); or the call timed out unanswered
 * (`timeout`); or it was refused before sending, its frame over a quarter of `maxPayload` (`too_large`).
 */
export class KitError extends Error {
  override name = 'KitError';
  constructor(
    readonly code: ErrorCode | 'timeout' | 'too_large',
    message: string,
    readonly issues: ArgumentIssue[] = [],
    readonly callId?: string,
  ) {
    super(message);
  }
}

export interface CallToolOptions {
  /** Overrides the session's context for this call, field by field. */
  context?: WireContext;
  /** Default: the arguments' `timeout_seconds` as the rules read it (120 when absent). */
  timeoutSeconds?: number;
  /** Aborting sends `cancel` and rejects with an `AbortError`. */
  signal?: AbortSignal;
  /** Default: a random UUID. */
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
}

interface PendingCall {
  tool: ToolName;
  args: Record<string, unknown>;
  context?: WireContext;
  deadline: string;
  timer: unknown;
  resolve: (result: ToolResult) => void;
  reject: (error: Error) => void;
  cleanup: () => void;
}

/** Ids remembered after they resolved, to ack repeats and to answer late results. */
const RESOLVED_MEMORY = 1000;

/**
 * The runtime's side of the protocol for one session, transport-agnostic. `callTool` sends a
 * tool call and resolves with the kit's typed tool result; unresolved calls are re-sent after
 * every `ready`, the first valid result wins and every copy is acked, and at deadline + grace
 * the runtime resolves the call itself with the timeout policy's result (DESIGN §3.4).
 */
export class AgentSession {
  readonly sessionId: string;
  context: WireContext | undefined;
  private readonly clock: Clock;
  private readonly graceMs: number;
  private readonly maxCallBytes: number;
  private readonly pending = new Map<string, PendingCall>();
  private readonly resolved = new Map<string, 'answered' | 'expired'>();
  private connection: AgentConnection | undefined;
  private ready = false;

  constructor(options: AgentSessionOptions) {
    this.sessionId = options.sessionId;
    this.context = options.context;
    this.clock = options.clock ?? systemClock;
    this.graceMs = options.graceMs ?? 10_000;
    this.maxCallBytes = options.maxCallBytes ?? Infinity;
  }

  /** Calls not yet resolved, in the order they were made. */
  get pendingIds(): string[] {
    return [...this.pending.keys()];
  }

  get connected(): boolean {
    return this.connection !== undefined;
  }

  /** A new live connection; an older one is closed with 4000 (superseded), never both. */
  attach(connection: AgentConnection): void {
    if (this.connection && this.connection !== connection) this.connection.close(4000, 'superseded');
    this.connection = connection;
    this.ready = false;
  }

  detach(connection: AgentConnection): void {
    if (this.connection !== connection) return;
    this.connection = undefined;
    this.ready = false;
  }

  private send(message: object): boolean {
    if (!this.connection) return false;
    this.connection.send({ v: PROTOCOL_VERSION, ...message });
    return true;
  }

  /** Handles one message from the kit on `connection` (a string frame or a value). */
  receive(connection: AgentConnection, data: unknown): void {
    if (connection !== this.connection) return; // a superseded connection's late words
    let message: unknown = data;
    if (typeof data === 'string') {
      try {
        message = JSON.parse(data);
      } catch {
        return;
      }
    }
    if (!isRecord(message) || message.v !== PROTOCOL_VERSION) return;
    switch (message.type) {
      case 'connect':
        this.send({ type: 'hello', session_id: this.sessionId, ...(this.context ? { context: this.context } : {}) });
        break;
      case 'ready':
        this.ready = true;
        for (const [id, call] of this.pending) this.sendCall(id, call);
        break;
      case 'tool_result':
        this.onResult(message);
        break;
      case 'error':
        this.onError(message);
        break;
    }
  }

  callTool(tool: ToolName, args: Record<string, unknown>, options: CallToolOptions = {}): Promise<ToolResult> {
    const id = options.callId ?? globalThis.crypto.randomUUID();
    const signal = options.signal;
    if (signal?.aborted) return Promise.reject(abortError(signal.reason));
    const seconds = toTimeoutSeconds(options.timeoutSeconds ?? args.timeout_seconds);
    const deadlineMs = this.clock.now() + seconds * 1000;
    const deadline = new Date(deadlineMs).toISOString();
    let bytes: number;
    try {
      bytes = new TextEncoder().encode(JSON.stringify({ v: PROTOCOL_VERSION, ...callMessage(id, { tool, args, deadline, context: options.context }) })).length;
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new TypeError(String(error)));
    }
    if (bytes > this.maxCallBytes) {
      return Promise.reject(new KitError('too_large', `The ${tool} call is ${bytes} bytes, over the ${this.maxCallBytes} a call may take (a quarter of maxPayload).`, [], id));
    }
    return new Promise<ToolResult>((resolve, reject) => {
      const onAbort = () => {
        if (!this.pending.has(id)) return;
        this.finish(id);
        this.send({ type: 'cancel', id });
        reject(abortError(signal?.reason));
      };
      const call: PendingCall = {
        tool,
        args,
        context: options.context,
        deadline,
        timer: this.clock.setTimeout(() => this.expire(id), seconds * 1000 + this.graceMs),
        resolve,
        reject,
        cleanup: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, call);
      if (this.ready) this.sendCall(id, call);
    });
  }

  private sendCall(id: string, call: PendingCall): void {
    this.send(callMessage(id, call));
  }

  /** Removes a pending call and remembers how it ended. */
  private finish(id: string, how?: 'answered' | 'expired'): PendingCall | undefined {
    const call = this.pending.get(id);
    if (!call) return undefined;
    this.pending.delete(id);
    this.clock.clearTimeout(call.timer);
    call.cleanup();
    if (how) {
      this.resolved.set(id, how);
      const [oldest] = this.resolved.keys();
      if (this.resolved.size > RESOLVED_MEMORY && oldest !== undefined) this.resolved.delete(oldest);
    }
    return call;
  }

  private onResult(message: Record<string, unknown>): void {
    const parsed = kitToolResultSchema.safeParse(message);
    if (!parsed.success) return;
    const { call_id: id, result } = parsed.data;
    if (this.resolved.get(id) === 'expired') {
      // Too late: the runtime already answered the model. Tell the kit, which shows it expired.
      this.send({ type: 'cancel', id, reason: 'expired' });
      return;
    }
    const call = this.pending.get(id);
    if (call && call.tool !== parsed.data.tool) return;
    this.send({ type: 'ack', id });
    if (call) {
      this.finish(id, 'answered');
      call.resolve(result as ToolResult);
    }
  }

  private onError(message: Record<string, unknown>): void {
    const parsed = errorMessageSchema.safeParse(message);
    if (!parsed.success || parsed.data.id === undefined) return;
    const { id, code, issues } = parsed.data;
    const call = this.finish(id);
    call?.reject(new KitError(code, parsed.data.message, issues ?? [], id));
  }

  /** Deadline + grace passed without the kit's result: resolve with the timeout policy's result. */
  private expire(id: string): void {
    const call = this.finish(id, 'expired');
    if (!call) return;
    this.send({ type: 'cancel', id, reason: 'expired' });
    if (call.tool === 'publish_artifacts') {
      call.reject(new KitError('timeout', 'The kit did not answer publish_artifacts before its deadline.', [], id));
      return;
    }
    const context = resolveContext(this.context, call.context);
    const request = normalizeToolCall(call.tool, call.args, { request_id: id, session_id: this.sessionId }, context);
    call.resolve(toolResultFor(request, timeoutResponse(request, new Date(this.clock.now()).toISOString())));
  }
}

function callMessage(id: string, call: Pick<PendingCall, 'tool' | 'args' | 'deadline' | 'context'>): object {
  return {
    type: 'tool_call',
    call_id: id,
    tool: call.tool,
    arguments: call.args,
    deadline: call.deadline,
    ...(call.context ? { context: call.context } : {}),
  };
}

function abortError(reason: unknown): Error {
  return reason instanceof Error && reason.name === 'AbortError'
    ? reason
    : new DOMException('The tool call was aborted.', 'AbortError');
}
