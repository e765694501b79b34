import { isRecord, PROTOCOL_VERSION, SUPERSEDED_CLOSE_CODE, type ToolName } from '../protocol/constants.js';
import type { WireContext } from '../protocol/context.js';
import { messageValue } from '../protocol/json.js';
import { errorMessageSchema, kitToolResultSchema, revokeGrantSchema } from '../protocol/kit-messages.js';
import { toolResultSchemas, type ToolResult, type ToolResults } from '../protocol/results.js';
import { systemClock, type Clock } from '../protocol/clock.js';
import { toTimeoutSeconds } from '../rules/coerce.js';
import { checkResultLanguage, inResultLanguage, type ResultLanguage } from '../rules/content.js';
import type { SessionGrant } from '../protocol/runtime-messages.js';
import { Auditor, decisionOf, sourceOf, type Decided } from './audit.js';
import { callFrame, outcomePromise, type AgentConnection, type AgentSessionOptions, type CallOutcome, type CallToolOptions, type PendingCall, type Waiter } from './call.js';
import { checkGrant, offeredGrant, SessionGrants, type Grant } from './grants.js';
import { grantedResult, timeoutOutcome, type OwnResultScope } from './own-results.js';
import { abortError, closedError, KitError } from './kit-error.js';

export { KitError, callFrame, outcomePromise };
export type { AgentConnection, AgentSessionOptions, CallOutcome, CallToolOptions, PendingCall };

/** Results remembered after their calls resolved, to answer re-asks and late results. */
const RESOLVED_MEMORY = 1000;

/**
 * The runtime's side of the protocol for one session, transport-agnostic. `callTool` sends a
 * tool call and resolves with the kit's typed tool result; unresolved calls are re-sent after
 * every `ready`, the first valid result wins and every copy is acked, and at deadline + grace
 * the runtime resolves the call itself with the timeout policy's result. A call
 * re-asked with the id of one already resolved gets its stored result at once, unsent. An
 * approval asked with a grant the user allowed for the session is answered by the runtime itself
 * (docs/protocol.md §2.8), and every decided call is written to the audit trail once (§11).
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
  protected readonly auditor: Auditor;
  private readonly local = new SessionGrants();
  /** The page's `ready` said it shows grants: an older kit gets neither receipts (it would show cards) nor `grants`. */
  protected kitGrants = false;

  constructor(options: AgentSessionOptions) {
    this.sessionId = options.sessionId;
    this.context = options.context;
    this.clock = options.clock ?? systemClock;
    this.graceMs = options.graceMs ?? 10_000;
    this.maxCallBytes = options.maxCallBytes ?? Infinity;
    this.resultLanguage = options.resultLanguage === undefined ? undefined : checkResultLanguage(options.resultLanguage, 'AgentSession');
    this.auditor = new Auditor(options.audit, options.auditArguments === true, options.instance ?? '');
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
   * (`{ actor }`); undefined when it named no one. Kept for the audit trail.
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
    const { type, granted } = message as { type?: unknown; granted?: unknown };
    if ((granted === true || type === 'grants') && !this.kitGrants) return false;
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
        this.kitGrants = isRecord(message.capabilities) && message.capabilities.grants === true;
        this.ready = true;
        this.onReady();
        break;
      case 'tool_result': {
        // A valid result is one its own tool may give (an approval never answers `{error}`).
        const parsed = kitToolResultSchema.safeParse(message);
        if (parsed.success && toolResultSchemas[parsed.data.tool].safeParse(parsed.data.result).success) {
          this.local.receipts.delete(parsed.data.call_id); // a granted call's receipt, answered
          this.onResult(parsed.data.call_id, parsed.data.tool, parsed.data.result as ToolResult, 'grant' in parsed.data && parsed.data.grant === 'session');
        }
        break;
      }
      case 'revoke_grant': {
        const parsed = revokeGrantSchema.safeParse(message);
        if (parsed.success) void this.revokeGrant(parsed.data.key).catch(() => undefined);
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
      const grant = checkGrant(options.grant, tool); // what it throws rejects the promise
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
      const offered = offeredGrant(grant, args, this.context, options.context);
      const askedAt = new Date(this.clock.now()).toISOString();
      const call: PendingCall = { tool, args: sent, context: options.context, deadline, timer: undefined, waiters: [waiter], grant: offered, given: args, askedAt };
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

  /** A new call is pending: answered by a grant the session holds, or armed and sent when the kit is ready. */
  protected begin(id: string, call: PendingCall): void {
    const held = call.grant && this.local.held.get(call.grant.key);
    if (held) return this.answerByGrant(id, call, held.actor);
    this.arm(id, call);
    if (this.ready) this.sendCall(id, call);
  }

  /** Where and when the runtime gives a result itself. */
  protected ownScope(): OwnResultScope {
    return { sessionId: this.sessionId, context: this.context, at: new Date(this.clock.now()).toISOString(), resultLanguage: this.resultLanguage ?? 'zh' };
  }

  /** The call is allowed already: resolved now, and the page gets its receipt (answered without a card). */
  private answerByGrant(id: string, call: PendingCall, actor: string | null): void {
    this.audit(id, call, this.decided('granted', 'grant', actor));
    this.conclude(id, { how: 'answered', result: grantedResult(id, call, this.ownScope()) });
    const receipt = this.local.receipt(id, callFrame(id, call, true));
    if (this.ready) this.send(receipt);
  }

  protected decided(decision: Decided['decision'], source: Decided['source'], actor: string | null): Decided {
    return { decision, source, actor, decidedAt: new Date(this.clock.now()).toISOString() };
  }

  /** Writes the call's one record (nothing without `audit`; never for artifacts). */
  protected audit(id: string, call: PendingCall, decided: Decided): void {
    this.auditor.write({ callId: id, sessionId: this.sessionId, tool: call.tool, given: call.given, askedAt: call.askedAt }, decided);
  }

  /** The grants the session holds, oldest first: `{key, label, at}`. */
  async grants(): Promise<SessionGrant[]> {
    return this.local.frame().grants;
  }

  /** Ends the grant `key` (the page is told); the next call with it asks again. False when none was held. The page's `revoke_grant` calls it too. */
  async revokeGrant(key: string): Promise<boolean> {
    const removed = this.local.held.delete(key);
    if (removed) this.sendGrants();
    return removed;
  }

  /** The user allowed the call's grant for the session (stored with its result, the first valid one). */
  protected holdGrant(grant: Grant, decided: Decided): void {
    this.local.hold(grant, decided.actor, decided.decidedAt);
    this.sendGrants();
  }

  /** The page's list of the session's grants (only a kit that said it shows them gets one). */
  protected sendGrants(): void {
    if (this.ready) this.send(this.local.frame());
  }

  /** The runtime's own timer: deadline + grace. */
  protected arm(id: string, call: PendingCall): void {
    this.clock.clearTimeout(call.timer);
    const ms = Math.max(0, Date.parse(call.deadline) - this.clock.now()) + this.graceMs;
    call.timer = this.clock.setTimeout(() => this.expire(id), ms);
  }

  protected onReady(): void {
    this.sendGrants();
    for (const [id, call] of this.pending) this.sendCall(id, call);
    for (const receipt of this.local.receipts.values()) this.send(receipt);
  }

  protected sendCall(id: string, call: PendingCall): void {
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
    this.withdraw(id, call);
  }

  /** Tells the kit that the agent stopped waiting for `id`: decided by the runtime. */
  protected withdraw(id: string, call: PendingCall): void {
    this.send({ type: 'cancel', id, reason: 'aborted' });
    this.audit(id, call, this.decided('cancelled', 'runtime', null));
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
    this.local.receipts.delete(id);
    this.reject(id, error);
  }

  /** The call ends without a result: every caller gets `error`, and nothing is remembered. */
  protected reject(id: string, error: Error): void {
    for (const waiter of this.finish(id)?.waiters ?? []) waiter.reject(error);
  }

  protected onResult(id: string, tool: ToolName, result: ToolResult, sessionGrant = false): void {
    if (this.resolved.get(id)?.how === 'expired') {
      // Too late: the runtime already answered the model. Tell the kit, which shows it expired.
      this.send({ type: 'cancel', id, reason: 'expired' });
      return;
    }
    const call = this.pending.get(id);
    if (call && call.tool !== tool) return;
    this.send({ type: 'ack', id });
    if (!call) return;
    const decision = decisionOf(tool, result);
    if (decision) {
      const decided = this.decided(decision, sourceOf(decision), this.actor ?? null);
      // Only the grant the runtime offered, and only with an approval: the page names none itself.
      if (sessionGrant && call.grant && decision === 'approved') this.holdGrant(call.grant, decided);
      this.audit(id, call, decided);
    }
    this.conclude(id, { how: 'answered', result });
  }

  /** Deadline + grace passed without the kit's result: resolve with the timeout policy's result. */
  protected expire(id: string): void {
    const call = this.pending.get(id);
    if (!call) return;
    this.send({ type: 'cancel', id, reason: 'expired' });
    const outcome = this.timeoutOutcome(id, call);
    const decision = 'result' in outcome ? decisionOf(call.tool, outcome.result) : undefined;
    if (decision) this.audit(id, call, this.decided(decision, 'timeout', null));
    this.conclude(id, outcome);
  }

  /** What the runtime answers itself at deadline + grace. */
  protected timeoutOutcome(id: string, call: Pick<PendingCall, 'tool' | 'args' | 'context'>): CallOutcome {
    return timeoutOutcome(id, call, this.ownScope());
  }

}

