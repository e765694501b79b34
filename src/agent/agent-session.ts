import { isRecord, PROTOCOL_VERSION, SUPERSEDED_CLOSE_CODE, type ToolName } from '../protocol/constants.js';
import type { WireContext } from '../protocol/context.js';
import { messageValue } from '../protocol/json.js';
import { errorMessageSchema, revokeGrantSchema } from '../protocol/kit-messages.js';
import type { ToolResult, ToolResults } from '../protocol/results.js';
import { systemClock, type Clock } from '../protocol/clock.js';
import { checkResultLanguage, inResultLanguage, type ResultLanguage } from '../rules/content.js';
import type { SessionGrant } from '../protocol/runtime-messages.js';
import { Auditor, decisionOf, sourceOf, type Decided } from './audit.js';
import { callFrame, newCall, outcomePromise, type AgentConnection, type AgentSessionOptions, type CallOutcome, type CallToolOptions, type PendingCall, type Waiter } from './call.js';
import { checkGrant, SessionGrants, type Grant } from './grants.js';
import { grantedResult, timeoutOutcome, type OwnResultScope } from './own-results.js';
import { byAnotherPlace, chatPlace, endedWithout, kitResultOf, RecentMemory, settledFields, showingOf, type CallPlaces, type KitResult, type ResultPlace, type SettledCall } from './places.js';
import { abortError, closedError, KitError } from './kit-error.js';
import type { CallLinks } from './links/call-links.js';

export { KitError, callFrame, outcomePromise };
export type { AgentConnection, AgentSessionOptions, CallOutcome, CallToolOptions, PendingCall };

/** Results remembered after their calls resolved, to answer re-asks and late results. */
const RESOLVED_MEMORY = 1000;

/**
 * The runtime's side of the protocol for one session, transport-agnostic. `callTool` sends a
 * tool call and resolves with the kit's typed tool result; unresolved calls are re-sent after
 * every `ready`; the first valid result wins, from the chat page or an inbox (the others are told
 * how it settled), and every copy is acked; at deadline + grace the runtime resolves the call with
 * the timeout policy's result. A call re-asked with the id of one resolved gets its stored result
 * at once. A grant the user allowed for the session answers an approval (docs/protocol.md §2.8),
 * and every decided call is written to the audit trail once (§11).
 */
export class AgentSession {
  readonly sessionId: string;
  context: WireContext | undefined;
  protected readonly clock: Clock;
  protected readonly graceMs: number;
  private readonly maxCallBytes: number;
  private readonly resultLanguage: ResultLanguage | undefined;
  protected readonly pending = new Map<string, PendingCall>();
  private readonly resolved = new RecentMemory<CallOutcome>(RESOLVED_MEMORY);
  /** How the calls ended lately settled: told to the places that did not win, and to late results. */
  private readonly settles = new RecentMemory<SettledCall>(RESOLVED_MEMORY);
  /** The places besides the chat page that show the session's calls (an inbox). */
  places: CallPlaces | undefined;
  /** Whose session it is (whose inbox shows its calls), and its title there. */
  owner: string | undefined;
  title: string | undefined;
  /** Mints the answer links of its calls (the server's `links` option). */
  links: CallLinks | undefined;
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
  get pendingIds(): string[] { return [...this.pending.keys()]; }

  /** The calls waiting, by id, in the order they were made: what an inbox lists. */
  get waiting(): ReadonlyMap<string, PendingCall> { return this.pending; }

  get connected(): boolean { return this.connection !== undefined; }

  /** The link that answers a pending call (docs/runtime.md#answer-links); undefined for a call not pending, or without one. */
  readonly linkFor = (callId: string): string | undefined => this.links?.linkFor(this, callId);

  /**
   * Who is on the session's live connection, or was on its last one, as `authorize` named them
   * (`{ actor }`); undefined when it named no one. Kept for the audit trail.
   */
  get actor(): string | undefined { return this.lastActor; }

  /** Its server closed: every pending call rejects with KitError `unavailable`, its deadline timer cleared (minutes of timer would keep the process alive); a later call rejects at once. */
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
        this.onReady(showingOf(message));
        break;
      case 'tool_result': {
        const given = kitResultOf(message);
        if (given) this.answer(given, chatPlace(this, connection));
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

  /** A valid result from `place`: the chat page, or an inbox that may see the session. */
  answer(given: KitResult, place: ResultPlace): void {
    this.local.receipts.delete(given.id); // a granted call's receipt, answered
    this.onResult(given.id, given.tool, given.result, given.sessionGrant, place);
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
      const call = newCall(id, tool, args, options, grant, waiter, { now: this.clock.now(), context: this.context, maxCallBytes: this.maxCallBytes });
      if (call instanceof KitError) {
        waiter.cleanup();
        return reject(call);
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
    this.places?.asked(this, id, call);
  }

  /** Where and when the runtime gives a result itself. */
  protected ownScope(): OwnResultScope {
    return { sessionId: this.sessionId, context: this.context, at: new Date(this.clock.now()).toISOString(), resultLanguage: this.resultLanguage ?? 'zh' };
  }

  /** The call is allowed already: resolved now, and the page gets its receipt (answered without a card). */
  private answerByGrant(id: string, call: PendingCall, actor: string | null): void {
    this.audit(id, call, this.decided('granted', 'grant', actor, 'grant'));
    this.conclude(id, { how: 'answered', result: grantedResult(id, call, this.ownScope()) });
    const receipt = this.local.receipt(id, callFrame(id, call, true));
    if (this.ready) this.send(receipt);
  }

  protected decided(decision: Decided['decision'], source: Decided['source'], actor: string | null, where: Decided['where']): Decided {
    return { decision, source, actor, where, decidedAt: new Date(this.clock.now()).toISOString() };
  }

  /** Writes the call's one record (nothing without `audit`; never for artifacts), and keeps how it settled and who won. */
  protected audit(id: string, call: PendingCall, decided: Decided, by?: AgentConnection): void {
    this.auditor.write({ callId: id, sessionId: this.sessionId, tool: call.tool, given: call.given, askedAt: call.askedAt }, decided);
    this.settles.keep(id, { decision: decided.decision, where: decided.where, actor: decided.actor, at: decided.decidedAt, by });
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

  /** After `ready`: the pending calls, then `settled` for each card the page still shows that settled while it was away. */
  protected onReady(showing: readonly string[] = []): void {
    this.sendGrants();
    for (const [id, call] of this.pending) this.sendCall(id, call);
    for (const receipt of this.local.receipts.values()) this.send(receipt);
    for (const id of showing) {
      const settled = this.pending.has(id) ? undefined : this.settles.get(id);
      if (settled) this.send({ type: 'settled', ...settledFields(this.sessionId, id, settled) });
    }
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
    this.withdraw(id, call);
    this.finish(id);
  }

  /** Tells the kit that the agent stopped waiting for `id`: decided by the runtime. */
  protected withdraw(id: string, call: PendingCall): void {
    this.send({ type: 'cancel', id, reason: 'aborted' });
    this.audit(id, call, this.decided('cancelled', 'runtime', null, 'runtime'));
  }

  /** Removes a pending call (timer, abort listeners): the chat page gets `settled` when a result from elsewhere won, the other places hear it ended. */
  protected finish(id: string): PendingCall | undefined {
    const call = this.pending.get(id);
    if (!call) return undefined;
    this.pending.delete(id);
    this.clock.clearTimeout(call.timer);
    for (const waiter of call.waiters) waiter.cleanup();
    const settled = this.settles.get(id) ?? endedWithout(new Date(this.clock.now()).toISOString());
    if (byAnotherPlace(settled)) this.send({ type: 'settled', ...settledFields(this.sessionId, id, settled) });
    this.places?.ended(this, id, call, settled);
    return call;
  }

  /** The call resolved: every caller gets the outcome (`content` in the session's language), and it is kept for re-asks. */
  protected conclude(id: string, resolved: CallOutcome): void {
    const language = this.resultLanguage;
    const outcome: CallOutcome = language && 'result' in resolved ? { ...resolved, result: inResultLanguage(resolved.result, language) } : resolved;
    const call = this.finish(id);
    this.resolved.keep(id, outcome);
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

  /** A result from a place (the chat page, an inbox): the first valid one wins; every copy is acked. */
  protected onResult(id: string, tool: ToolName, result: ToolResult, sessionGrant: boolean, from: ResultPlace): void {
    if (from.where === 'chat' && this.resolved.get(id)?.how === 'expired') {
      // Too late: the runtime already answered the model. Tell the kit, which shows it expired.
      this.send({ type: 'cancel', id, reason: 'expired' });
      return;
    }
    const call = this.pending.get(id);
    if (call && call.tool !== tool) return;
    from.acked(id, call ? undefined : this.settles.get(id));
    if (!call) return;
    const decision = decisionOf(tool, result);
    if (decision) {
      const decided = this.decided(decision, sourceOf(decision), from.actor, from.where);
      // Only the grant the runtime offered, and only with an approval: the page names none itself.
      if (sessionGrant && call.grant && decision === 'approved') this.holdGrant(call.grant, decided);
      this.audit(id, call, decided, from.connection);
    }
    this.conclude(id, { how: 'answered', result });
  }

  /** Deadline + grace passed without the kit's result: resolve with the timeout policy's result. */
  protected expire(id: string): void {
    const call = this.pending.get(id);
    if (!call) return;
    this.send({ type: 'cancel', id, reason: 'expired' });
    const outcome = timeoutOutcome(id, call, this.ownScope());
    const decision = 'result' in outcome ? decisionOf(call.tool, outcome.result) : undefined;
    if (decision) this.audit(id, call, this.decided(decision, 'timeout', null, 'runtime'));
    this.conclude(id, outcome);
  }
}

