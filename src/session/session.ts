import { PROTOCOL_VERSION, SHOWING_LIMIT, TOOL_NAMES, type ToolName } from '../protocol/constants.js';
import { systemClock, type Clock } from '../protocol/clock.js';
import type { WireContext } from '../protocol/context.js';
import { messageValue } from '../protocol/json.js';
import type { ResultMessage } from '../protocol/kit-messages.js';
import { parseRuntimeValue } from '../protocol/parse.js';
import type { InteractionResponse } from '../protocol/response.js';
import type { CancelMessage, InteractionRequestMessage, RuntimeToolResultMessage, SessionGrant, SettledMessage, ToolCallMessage } from '../protocol/runtime-messages.js';
import { cancelledResponse, keptAnswers, timeoutResponse } from '../rules/answers.js';
import type { DeliverFunction } from '../rules/artifacts/deliver.js';
import { checkResultLanguage, type ResultLanguage } from '../rules/content.js';
import { resolveContext } from '../rules/context.js';
import { normalizeToolCall, renormalizeRequest } from '../rules/normalize.js';
import { answerApproval, decidedElsewhere } from '../rules/responses.js';
import { toolResultFor } from '../rules/results.js';
import type { Transport } from '../transport/transport.js';
import { KIT_VERSION } from '../version.js';
import { ArtifactPublisher } from './artifact-publisher.js';
import { deadlineFor, DeadlineTimers } from './deadlines.js';
import { bridgeFor, type EnvelopeBridge } from './envelope.js';
import { acked, isPending, isUnacked, withArtifactsPhase, withPhase, type RequestEntry, type SessionEntry, type ShownRequest } from './entry.js';
import { EntryStore } from './entry-store.js';
import { Outbox } from './outbox.js';
import { runtimeReceipt } from './receipts.js';
import type { SessionEvent, SessionOptions, SessionSettings } from './session-options.js';
import { defaultStorage } from './storage.js';

export type { ArtifactsEntry, RefusedEntry, RequestEntry, SessionEntry } from './entry.js';
export type { SessionProtocol } from './envelope.js';
export type { SessionEvent, SessionOptions, SessionSettings } from './session-options.js';

/**
 * The request lifecycle of the wire protocol (docs/protocol.md), independent of the DOM: `connect` on open, `ready` for each
 * `hello`, parsing and error answers, dedupe by id, cancel, and the outbox that keeps every result
 * until its `ack` and re-sends it after every `ready`. Its parts have their own modules: the
 * entries (immutable snapshots), the deadline timers, the adapters' bridge and the publisher.
 */
export class InteractionSession {
  private readonly transport: Transport;
  private readonly clock: Clock;
  private readonly outbox: Outbox;
  private readonly listeners = new Set<(event: SessionEvent) => void>();
  private readonly store = new EntryStore((change) => this.emit(change));
  private readonly timers: DeadlineTimers;
  /** Only with adapters (or pure JSON-RPC): it comes with the adapters' entries. */
  private readonly bridge: EnvelopeBridge | undefined;
  private readonly publisher: ArtifactPublisher;
  private readonly unsubscribe: (() => void)[] = [];
  private readonly jsonrpc: boolean; // pure JSON-RPC: no v1 frames
  private sessionId = '';
  private context: WireContext | undefined;
  private link?: unknown; // an answer link's page (`"link": true` in `hello`): its time is the runtime's
  private started = false;
  private deliver: DeliverFunction | undefined;
  private receiptLimit = 50;
  private resultLanguage: ResultLanguage = 'zh';
  private draftOf: SessionSettings['draftOf'];
  private grantList: readonly SessionGrant[] = [];

  constructor(options: SessionOptions) {
    this.transport = options.transport;
    this.clock = options.clock ?? systemClock;
    this.outbox = new Outbox(options.storage ?? defaultStorage());
    this.outbox.load(this.sessionId);
    this.timers = new DeadlineTimers(this.clock);
    this.jsonrpc = options.protocol === 'jsonrpc';
    const adapters = options.adapters ?? [];
    const Bridge = bridgeFor(adapters, this.jsonrpc);
    this.bridge = Bridge && new Bridge(adapters, this.transport, this.jsonrpc, this.store, {
      context: () => resolveContext(this.context),
      open: (shown) => this.open(shown),
      withdraw: (entry) => this.withdraw(entry),
      prune: () => this.prune(),
      clock: this.clock,
    });
    this.publisher = new ArtifactPublisher({
      store: this.store,
      deliver: () => this.deliver,
      language: () => this.resultLanguage,
      dispatch: (entry, message) => this.dispatchResult(entry, message),
    });
    this.configure(options);
  }

  /** The session's grants, as the runtime last listed them (oldest first). */
  get grants(): readonly SessionGrant[] { return this.grantList; }
  /** Withdraws a session grant: the runtime ends it and sends the new list; the next such call asks again. */
  revokeGrant(key: string): void {
    if (key && !this.jsonrpc) this.transport.send({ v: PROTOCOL_VERSION, type: 'revoke_grant', key });
  }

  /** Every entry, in arrival order: snapshots, which a later change replaces rather than edits. */
  list(): SessionEntry[] { return this.store.list(); }

  subscribe(listener: (event: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Takes new settings; a lower `receiptLimit` prunes at once. */
  configure(settings: SessionSettings): void {
    this.resultLanguage = checkResultLanguage(settings.resultLanguage, 'InteractionSession');
    this.deliver = settings.deliver;
    this.receiptLimit = settings.receiptLimit ?? 50;
    this.draftOf = settings.draftOf;
    this.prune();
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.unsubscribe.push(
      this.transport.onMessage((data) => this.receive(data)),
      this.transport.onStateChange((state, detail) => {
        if (state === 'open') this.sendConnect();
        this.emit({ type: 'connection', state, detail });
      }),
    );
    if (this.transport.state === 'open') this.sendConnect();
    else this.transport.connect();
  }

  stop(): void {
    this.started = false;
    for (const off of this.unsubscribe.splice(0)) off();
    this.timers.clear();
    this.transport.close();
  }

  /**
   * The user answered entry `id` (from its card's `interaction-response`). Exactly once. `grant`
   * `session` (the event's `grant`): an approval allowed for the session, said beside the
   * result when the call offered a grant; the result itself stays the plain approval's.
   */
  answer(id: string, response: InteractionResponse, grant?: 'session'): boolean {
    const entry = this.store.get(id);
    if (entry?.kind !== 'request' || entry.phase !== 'pending' || response.request_id !== id) return false;
    this.settle(entry, response, grant === 'session' && entry.grant !== undefined && response.approved);
    return true;
  }

  /**
   * The user's Retry of a failed delivery: item `index` of artifacts entry `id` goes to the
   * page's `deliver` again, and its outcome replaces the old one in the entry (what the runtime
   * hears of it: nothing, see `ArtifactPublisher.retry`). Resolves true once an attempt ran.
   */
  retryDelivery(id: string, index: number): Promise<boolean> {
    return this.publisher.retry(id, index);
  }

  /** Sent whenever the transport opens, so the runtime knows the kit is listening. */
  private sendConnect(): void {
    if (!this.jsonrpc) this.transport.send({ v: PROTOCOL_VERSION, type: 'connect', kit_version: KIT_VERSION });
    this.bridge?.flush();
  }

  private emit(event: SessionEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  private now(): string { return new Date(this.clock.now()).toISOString(); }

  private receive(data: unknown): void {
    const value = messageValue(data);
    if (this.bridge?.receive(value)) return;
    const parsed = parseRuntimeValue(value);
    if (!parsed.ok) {
      this.transport.send(parsed.error);
      this.emit({ type: 'error', error: parsed.error });
      return;
    }
    const message = parsed.message;
    switch (message.type) {
      case 'hello': this.link = message.link; return this.hello(message.session_id, message.context ?? undefined);
      case 'tool_call': return this.toolCall(message);
      case 'interaction_request': return this.interactionRequest(message);
      case 'cancel': return this.cancel(message);
      case 'ack': return this.ack(message.id);
      case 'tool_result': return this.runtimeResult(message);
      case 'grants': return this.emit({ type: 'grants', grants: [...(this.grantList = message.grants)] });
      case 'settled': return this.settledElsewhere(message);
    }
  }

  private hello(sessionId: string, context: WireContext | undefined): void {
    if (sessionId !== this.sessionId) {
      // Another session: its own outbox, and none of the previous session's cards.
      this.sessionId = sessionId;
      for (const entry of this.store.list()) this.remove(entry);
      this.outbox.load(sessionId);
    }
    this.context = context;
    this.emit({ type: 'hello', sessionId, context: resolveContext(context) });
    const capabilities = { tools: [...TOOL_NAMES], grants: true };
    this.transport.send({ v: PROTOCOL_VERSION, type: 'ready', kit_version: KIT_VERSION, capabilities, resume: this.outbox.ids(), ...this.store.showing(SHOWING_LIMIT) });
    for (const result of this.outbox.messages()) this.transport.send(result);
  }

  /** Repeats: acked → `duplicate`; unacked → the stored result again; pending → nothing. */
  private isRepeat(id: string): boolean {
    const answer = this.outbox.repeatAnswer(id);
    if (answer) this.transport.send(answer);
    return answer !== undefined || this.store.has(id);
  }

  private toolCall(message: ToolCallMessage): void {
    const id = message.call_id;
    if (this.isRepeat(id)) return;
    const tool = message.tool as ToolName;
    const context = resolveContext(this.context, message.context);
    const args = message.arguments as Record<string, unknown>;
    if (tool === 'publish_artifacts') {
      void this.publisher.publish(id, args, context);
      return;
    }
    const request = normalizeToolCall(tool, args, { request_id: id, session_id: this.sessionId }, context);
    const deadline = deadlineFor(request, message.deadline, this.clock.now());
    // An offer only where the card may make it: an approval outside grilling mode.
    const grant = tool === 'request_user_approval' && context.run_mode !== 'grilling' ? (message.grant ?? undefined) : undefined;
    const shown: ShownRequest = { id, tool, source: 'tool_call', context, request, deadline, grant };
    if (message.granted === true && tool === 'request_user_approval') {
      // A session grant allowed it: never a card, a receipt at once (已按本会话授权自动批准),
      // answered with the plain approval's result, which is how the page acknowledges it.
      this.settle({ ...shown, kind: 'request', phase: 'pending', granted: true }, answerApproval(request, true, '', this.now()));
    } else {
      this.open(shown);
    }
  }

  private interactionRequest(message: InteractionRequestMessage): void {
    const id = message.request.request_id;
    if (this.isRepeat(id)) return;
    const context = resolveContext(this.context, message.context);
    const request = renormalizeRequest(message.request, this.sessionId, context);
    const deadline = deadlineFor(request, message.deadline, this.clock.now());
    this.open({ id, tool: request.source_tool, source: 'interaction_request', context, request, deadline });
  }

  private open(shown: ShownRequest): void {
    const { deadline } = shown;
    const entry = this.store.put<RequestEntry>({ ...shown, kind: 'request', phase: 'pending' });
    if (deadline !== undefined) this.timers.arm(entry.id, deadline, () => this.expire(entry.id));
  }

  /**
   * The session owns the timer: at the deadline it applies the timeout policy, keeping what the
   * user gave in the card (`draftOf`), and answers. A link's time is the runtime's: its card shows
   * the timeout and nothing is sent; the runtime's `settled` then says how the call ended.
   */
  private expire(id: string): void {
    const entry = this.store.get(id);
    if (entry?.kind !== 'request' || entry.phase !== 'pending') return;
    const response = timeoutResponse(entry.request, this.now(), keptAnswers(entry.request, this.draftOf?.(id)));
    if (this.link) this.store.put(withPhase(entry, { phase: 'settled', response, late: false }));
    else this.settle(entry, response);
  }

  private settle(pending: RequestEntry, response: InteractionResponse, granting = false): void {
    const { id, request } = pending;
    this.timers.disarm(id);
    if (this.bridge?.settle(pending, response)) return;
    const sending = withPhase(pending, { phase: 'sending', response });
    const message: ResultMessage =
      pending.source === 'interaction_request'
        ? { v: PROTOCOL_VERSION, type: 'interaction_response', request_id: id, response }
        : {
            v: PROTOCOL_VERSION, type: 'tool_result', call_id: id, tool: pending.tool,
            result: toolResultFor(request, response, { resultLanguage: this.resultLanguage }),
            ...(granting ? { grant: 'session' as const } : {}),
          };
    this.dispatchResult(sending, message);
  }

  /**
   * Puts `message` in the outbox and sends it; `entry` (what its card now shows, a request in its
   * `sending` phase) waits for the ack.
   */
  private dispatchResult(entry: SessionEntry | undefined, message: ResultMessage): void {
    this.outbox.put(message.type === 'tool_result' ? message.call_id : message.request_id, message);
    if (entry) this.store.put(entry.kind === 'artifacts' && entry.phase === 'delivered' ? { ...entry, unacked: true } : entry);
    this.transport.send(message);
    this.emit({ type: 'result', message });
    this.prune();
  }

  private cancel(message: CancelMessage): void {
    const entry = this.store.get(message.id);
    this.outbox.settle(message.id);
    if (!entry) return;
    if (isPending(entry)) return this.withdraw(entry);
    this.store.put(acked(entry, message.reason === 'expired'));
    this.prune();
  }

  /** The other side took back a pending request: a cancelled receipt, and nothing to send. */
  private withdraw(entry: SessionEntry): void {
    this.timers.disarm(entry.id);
    this.bridge?.release(entry.id);
    if (entry.kind === 'request') {
      this.store.put(withPhase(entry, { phase: 'settled', response: cancelledResponse(entry.request, this.now()), late: false }));
    } else if (entry.kind === 'artifacts') {
      this.store.put(withArtifactsPhase(entry, { phase: 'withdrawn' }));
    }
    this.prune();
  }

  private ack(id: string): void {
    this.outbox.settle(id);
    const entry = this.store.get(id);
    if (!entry || !isUnacked(entry)) return;
    this.store.put(acked(entry, false));
    this.prune();
  }

  /** A result decided elsewhere: shown read-only, replacing a pending card with the same id. */
  private runtimeResult(message: RuntimeToolResultMessage): void {
    const entry = runtimeReceipt(message, this.store.get(message.call_id), this.sessionId, this.context);
    if (!entry) return; // nothing the kit can show as a receipt: no half card
    this.timers.disarm(entry.id);
    this.bridge?.release(entry.id);
    this.store.put(entry);
    this.prune();
  }

  /**
   * Decided in another place: the card becomes a receipt of where, who and when, its result (if
   * it sent one) leaves the outbox, and nothing more is sent for it. Files are never settled so.
   */
  private settledElsewhere({ call_id: id, decision, where, actor, at }: SettledMessage): void {
    const entry = this.store.get(id);
    this.outbox.settle(id);
    if (entry?.kind !== 'request') return;
    this.timers.disarm(id);
    this.bridge?.release(id);
    this.store.put(withPhase(entry, { phase: 'settled', response: decidedElsewhere(entry.request, decision, at), late: false, elsewhere: { where, actor } }));
    this.prune();
  }

  private remove(entry: SessionEntry): void {
    this.timers.disarm(entry.id);
    this.bridge?.remove(entry);
    this.store.delete(entry.id);
  }

  /** Keeps the most recent `receiptLimit` finished entries (acked or cancelled); drops older ones. */
  private prune(): void {
    for (const entry of this.store.overflow(this.receiptLimit)) this.remove(entry);
  }
}
