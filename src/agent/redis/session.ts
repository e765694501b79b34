// A session shared by every instance given the same Redis. The caller's half
// (local waiters, the deadline + grace timer) stays on the instance that called; the call itself,
// its first valid result and the session's live connection live in Redis, so that any instance can
// send, answer or re-ask it.
import { argumentsSha256, canonicalJson } from '../../protocol/canonical-json.js';
import type { ErrorCode, ToolName } from '../../protocol/constants.js';
import type { ToolResult } from '../../protocol/results.js';
import type { SessionGrant } from '../../protocol/runtime-messages.js';
import { AgentSession, callFrame, KitError, type AgentConnection, type AgentSessionOptions, type CallOutcome, type PendingCall } from '../agent-session.js';
import { auditRecord, decisionOf, sourceOf, type Decided } from '../audit.js';
import type { Grant } from '../grants.js';
import { grantsFrame } from '../grants.js';
import { grantedResult, timeoutOutcome } from '../own-results.js';
import { lateNews, settledFields } from '../places.js';
import type { RedisStore, CallAudit, Deciding, StoredOutcome } from './store.js';

/** Each connection's owner value (`<instance> <n>`), as the session's owner key holds it. */
const names = new WeakMap<AgentConnection, string>();

const unavailable = (id?: string) =>
  new KitError('unavailable', 'The session store (Redis) is unreachable: the call was not sent.', [], id);

export class RedisAgentSession extends AgentSession {
  /**
   * The calls sent on the live connection and not yet ended on it (answered, refused, acked or
   * cancelled there): after a gap in this instance's subscription, those no longer pending ended
   * elsewhere, and their `cancel`, published meanwhile, may have been missed.
   */
  private readonly shown = new Set<string>();

  constructor(
    options: AgentSessionOptions,
    private readonly store: RedisStore,
  ) {
    super(options);
  }

  override attach(connection: AgentConnection): void {
    super.attach(connection);
    this.shown.clear(); // a new page: it is sent every pending call after its `ready`
    const name = this.store.connectionName();
    names.set(connection, name);
    // Claiming tells the instance holding the older connection, if any, to close it with 4000.
    this.store.claim(this.sessionId, name).catch(() => this.storeLost(connection));
  }

  override detach(connection: AgentConnection): void {
    const name = names.get(connection);
    const live = this.connection === connection;
    super.detach(connection);
    if (live && name) this.store.release(this.sessionId, name).catch(() => undefined);
  }

  /** The fleet says a newer connection took the session: close ours if it is the one named. */
  superseded(owner: string): void {
    const connection = this.connection;
    if (!connection || names.get(connection) !== owner) return;
    connection.close(4000, 'superseded');
    this.detach(connection);
  }

  /** Redis is unreachable: the page reconnects later and re-sends its outbox; nothing is acked meanwhile. */
  private storeLost(connection: AgentConnection): void {
    connection.close(1013, 'session store unavailable');
  }

  protected override begin(id: string, call: PendingCall): void {
    if (!this.store.available) return this.reject(id, unavailable(id));
    if (call.grant) this.askGranted(id, call, call.grant);
    else this.ask(id, call);
  }

  /** What the call's hash keeps for its audit record. */
  private async callAudit(call: PendingCall): Promise<CallAudit> {
    return { askedAt: call.askedAt, sha: await argumentsSha256(call.given), arguments: this.auditor.keepArguments ? canonicalJson(call.given) : '' };
  }

  /** How this instance decides a call: with `audit: 'redis'`, the record goes to Redis in the deciding step. */
  private deciding(decided: Decided | undefined, tool: ToolName): Deciding {
    return decided && tool !== 'publish_artifacts' ? { ...decided, toRedis: this.auditor.toRedis } : undefined;
  }

  /** An approval with a grant: answered at once if the session (in Redis) holds it, else asked. */
  private askGranted(id: string, call: PendingCall, grant: Grant): void {
    const result = grantedResult(id, call, this.ownScope());
    const deciding = { ...this.decided('granted', 'grant', null, 'grant'), toRedis: this.auditor.toRedis };
    const frame = callFrame(id, call, true);
    this.callAudit(call)
      .then((audit) => this.store.grant({ session: this.sessionId, id, tool: call.tool, frame, deadlineMs: Date.parse(call.deadline), audit }, grant.key, { how: 'answered', result }, deciding))
      .then(
        (reply) => {
          if (this.pending.get(id) !== call) return; // aborted meanwhile
          if (reply.kind === 'result') return this.conclude(id, toOutcome(id, reply.outcome));
          if (reply.kind === 'ask') return this.ask(id, call);
          this.audit(id, call, { ...deciding, actor: reply.grant.actor });
          this.conclude(id, { how: 'answered', result });
          if (reply.here) this.deliverFrame(frame);
        },
        () => this.reject(id, unavailable(id)),
      );
  }

  /** Audited through Redis (`audit: 'redis'`, in the deciding step) or here, with the function. */
  protected override audit(id: string, call: PendingCall, decided: Decided): void {
    if (!this.auditor.toRedis) super.audit(id, call, decided);
  }

  /** Stores the call (or finds it, or its result) and has the live connection, wherever it is, show it. */
  private ask(id: string, call: PendingCall, again = false): void {
    this.callAudit(call).then((audit) => this.store.ask(this.sessionId, id, call.tool, callFrame(id, call), Date.parse(call.deadline), audit)).then(
      (reply) => {
        if (this.pending.get(id) !== call) return; // aborted meanwhile
        if (reply.kind === 'result') return this.conclude(id, toOutcome(id, reply.outcome));
        // The call as first stored wins: a re-ask keeps its original deadline.
        const { frame } = reply;
        call.tool = frame.tool as ToolName;
        call.args = frame.arguments as Record<string, unknown>;
        call.context = frame.context as PendingCall['context'];
        call.deadline = String(frame.deadline);
        this.arm(id, call);
        this.places?.asked(this, id, call);
        if (reply.here) this.deliverFrame(frame);
      },
      // A call asked again keeps waiting: its timer still runs, and Redis may come back first.
      () => (again ? undefined : this.reject(id, unavailable(id))),
    );
  }

  protected override send(message: object): boolean {
    const { type, call_id: call, id } = message as { type?: string; call_id?: unknown; id?: unknown };
    if (!super.send(message)) return false;
    if (type === 'tool_call' && typeof call === 'string') this.shown.add(call);
    else if ((type === 'cancel' || type === 'ack') && typeof id === 'string') this.shown.delete(id);
    else if (type === 'settled' && typeof call === 'string') this.shown.delete(call);
    return true;
  }

  /**
   * After `ready`: every unresolved call of the session, wherever it was asked; then `settled` for
   * each card the page says it still shows (`showing`) whose stored result says how it settled;
   * and, after a gap (`recheck`), `settled` or a `cancel` for each call the page was shown that ended meanwhile.
   */
  protected override onReady(showing: readonly string[] = []): void {
    const connection = this.connection;
    if (!connection) return;
    // Shown before the pending calls are read: a call asked after that read is not in it.
    const shownBefore = [...this.shown];
    this.store.pendingFrames(this.sessionId).then(
      (frames) => {
        if (this.connection !== connection || !this.ready) return;
        this.sendGrants();
        // A call published here while the read was on its way is in it too: sent once (and its
        // live copy, when the read came first, is skipped by `deliverFrame`).
        const sentMeanwhile: ReadonlySet<unknown> = new Set([...this.shown].filter((id) => !shownBefore.includes(id)));
        for (const frame of frames) if (!sentMeanwhile.has(frame.call_id)) this.send(frame);
        const pending = new Set(frames.map((frame) => frame.call_id));
        const ended = shownBefore.filter((id) => !pending.has(id) && this.shown.has(id));
        if (ended.length > 0) this.tellEnded(connection, ended);
        const away = showing.filter((id) => !pending.has(id) && !ended.includes(id));
        if (away.length > 0) this.tellSettled(connection, away);
      },
      () => this.storeLost(connection),
    );
  }

  /** Cards the page still shows that settled while it was away, wherever they were decided: `settled`, as to a live page. */
  private tellSettled(connection: AgentConnection, ids: string[]): void {
    this.store.settlements(this.sessionId, ids).then(
      (settles) => {
        if (this.connection !== connection || !this.ready) return;
        ids.forEach((id, i) => {
          const settled = settles[i];
          if (settled) this.send({ type: 'settled', ...settledFields(this.sessionId, id, settled) });
        });
      },
      () => this.storeLost(connection),
    );
  }

  /**
   * Calls the page still shows that ended while this instance heard nothing: answered in another
   * place (`settled`, from the stored result; the page's own answer left `shown` when it came),
   * withdrawn or timed out (`cancel`).
   */
  private tellEnded(connection: AgentConnection, ids: string[]): void {
    this.store.outcomes(ids).then(
      (outcomes) => {
        if (this.connection !== connection) return;
        ids.forEach((id, i) => {
          const outcome = outcomes[i];
          if (!this.shown.has(id)) return;
          // An answer carries how it settled; no outcome: withdrawn (or lost).
          if (outcome?.how === 'answered') {
            if (outcome.settled) this.send({ type: 'settled', ...settledFields(this.sessionId, id, outcome.settled) });
          } else this.send({ type: 'cancel', id, reason: outcome ? 'expired' : 'aborted' });
        });
      },
      () => this.storeLost(connection),
    );
  }

  /** The fleet says the session's grants changed. */
  grantsChanged(): void {
    this.sendGrants();
  }

  /** A frame another instance (or this one) published for the session's live connection. */
  deliverFrame(frame: Record<string, unknown>): void {
    // A call this connection was sent already (by the read after its `ready`, or before a
    // re-ask): the page has its card.
    if (frame.type === 'tool_call' && typeof frame.call_id === 'string' && this.shown.has(frame.call_id)) return;
    if (this.ready) this.send(frame);
  }

  /** A result from the page: stored if it is the first, acked in any case (or told it came too late). */
  protected override onResult(id: string, tool: ToolName, result: ToolResult, sessionGrant = false): void {
    const connection = this.connection;
    if (!connection) return;
    this.shown.delete(id);
    const decision = decisionOf(tool, result);
    const deciding = this.deciding(decision && this.decided(decision, sourceOf(decision), this.actor ?? null, 'chat'), tool);
    this.store.settle(this.sessionId, id, tool, { how: 'answered', result }, deciding, sessionGrant && decision === 'approved').then(
      (reply) => {
        if (reply.kind === 'mismatch') return;
        // Stored first, and awaited here: resolved at once (the published copy finds it resolved).
        // The record is this instance's to write, from what the call's hash keeps (asked anywhere).
        if (reply.kind === 'won' && deciding && !deciding.toRedis) this.auditWon(id, tool, reply.audit, deciding);
        if (reply.kind === 'won') this.deliver(id, { how: 'answered', result });
        const late = reply.kind === 'taken' && reply.outcome.how === 'expired';
        connection.send(late ? { v: 1, type: 'cancel', id, reason: 'expired' } : { v: 1, type: 'ack', id });
        const news = reply.kind === 'taken' && !late ? lateNews(this.sessionId, id, reply.outcome.settled) : undefined;
        if (news) connection.send(news); // too late, after an inbox or a link won: who did
      },
      () => this.storeLost(connection),
    );
  }

  protected override onError(id: string, error: KitError): void {
    this.shown.delete(id);
    this.store.refuse(this.sessionId, id, { code: error.code, message: error.message, issues: error.issues }).catch(() => undefined);
  }

  protected override withdraw(id: string, call: PendingCall): void {
    const decided = this.decided('cancelled', 'runtime', null, 'runtime');
    this.store.withdraw(this.sessionId, id, { type: 'cancel', id, reason: 'aborted' }, decided.decidedAt, this.auditor.toRedis).then(
      // Still pending in Redis (not answered elsewhere meanwhile): decided here, by the runtime.
      (held) => (held ? this.audit(id, call, decided) : undefined),
      () => undefined,
    );
  }

  private auditWon(id: string, tool: ToolName, audit: CallAudit, decided: Decided): void {
    const call = { callId: id, sessionId: this.sessionId, tool, given: audit.arguments ? (JSON.parse(audit.arguments) as Record<string, unknown>) : {}, askedAt: audit.askedAt };
    this.auditor.writeRecord(auditRecord(call, decided, audit.sha, this.auditor.instance, audit.arguments !== ''));
  }

  override async grants(): Promise<SessionGrant[]> {
    return grantsFrame(await this.store.grants(this.sessionId)).grants;
  }

  override async revokeGrant(key: string): Promise<boolean> {
    return this.store.revoke(this.sessionId, key); // the fleet tells the page, wherever it is
  }

  /** Recorded with the result, in the SETTLE step; the page is told by the fleet. */
  protected override holdGrant(): void {}

  /** The session's grants as Redis holds them now, to the live connection here. */
  protected override sendGrants(): void {
    const connection = this.connection;
    if (!connection || !this.ready || !this.kitGrants) return;
    this.store.grants(this.sessionId).then(
      (held) => (this.connection === connection && this.ready ? this.send(grantsFrame(held)) : undefined),
      () => undefined,
    );
  }

  /** Deadline + grace on the calling instance: the timeout result, unless a result was stored first. */
  protected override expire(id: string): void {
    const call = this.pending.get(id);
    if (!call) return;
    const outcome = timeoutOutcome(id, call, this.ownScope());
    const decision = 'result' in outcome ? decisionOf(call.tool, outcome.result) : undefined;
    const decided = decision && this.decided(decision, 'timeout', null, 'runtime');
    this.store.settle(this.sessionId, id, call.tool, toStored(outcome), this.deciding(decided, call.tool)).then(
      (reply) => {
        if (!this.pending.has(id)) return; // its result arrived meanwhile
        if (reply.kind === 'taken') return this.conclude(id, toOutcome(id, reply.outcome));
        if (reply.kind === 'won' && decided) this.audit(id, call, decided);
        if (reply.kind === 'won') this.store.forward(this.sessionId, { type: 'cancel', id, reason: 'expired' }).catch(() => undefined);
        this.conclude(id, outcome);
      },
      () => this.reject(id, unavailable(id)),
    );
  }

  /** A result stored by the instance it arrived on. */
  deliver(id: string, stored: StoredOutcome): void {
    if (this.pending.has(id)) this.conclude(id, toOutcome(id, stored));
  }

  /** The kit refused a call this instance asked. */
  refused(id: string, error: { code: string; message: string; issues?: unknown[] }): void {
    this.reject(id, new KitError(error.code as ErrorCode, error.message, (error.issues ?? []) as KitError['issues'], id));
  }

  /**
   * After either client was away (Redis down or restarted empty, or the subscriber alone
   * reconnecting): results and frames published meanwhile were missed, and a restarted Redis has
   * lost the calls and the owner key. Each pending call is asked again (a stored result resolves
   * it); the live connection here becomes the owner again, or closes with 4000 if a newer one took
   * the session meanwhile; and it gets every pending frame again, as after `ready` (the kit shows a
   * repeated pending call once).
   */
  recheck(): void {
    for (const [id, call] of this.pending) this.ask(id, call, true);
    const connection = this.connection;
    const name = connection && names.get(connection);
    if (!connection || !name) return;
    this.store.reclaim(this.sessionId, name).then(
      (mine) => {
        if (this.connection !== connection) return;
        if (!mine) return this.superseded(name);
        if (this.ready) this.onReady();
      },
      () => this.storeLost(connection),
    );
  }
}

function toStored(outcome: CallOutcome): StoredOutcome {
  if ('result' in outcome) return outcome;
  return { how: 'expired', error: { code: outcome.error.code, message: outcome.error.message } };
}

function toOutcome(id: string, stored: StoredOutcome): CallOutcome {
  if ('result' in stored) return stored;
  return { how: 'expired', error: new KitError(stored.error.code as ErrorCode, stored.error.message, [], id) };
}
