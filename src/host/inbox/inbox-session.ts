import { PROTOCOL_VERSION, ASKING_TOOLS, isOneOf, type Decision } from '../../protocol/constants.js';
import { systemClock, type Clock } from '../../protocol/clock.js';
import { parseInboxMessage, type InboxCall, type InboxToolResultMessage, type SettledFields } from '../../protocol/inbox-messages.js';
import { messageValue } from '../../protocol/json.js';
import { errorMessage } from '../../protocol/parse.js';
import type { InteractionResponse } from '../../protocol/response.js';
import { checkToolArguments } from '../../protocol/tool-arguments.js';
import type { ResultLanguage } from '../../rules/content.js';
import { resolveContext } from '../../rules/context.js';
import { normalizeToolCall } from '../../rules/normalize.js';
import { buildResponse, decidedElsewhere } from '../../rules/responses.js';
import { toolResultFor } from '../../rules/results.js';
import { deadlineFor, DeadlineTimers } from '../../session/deadlines.js';
import { withPhase, type RequestEntry } from '../../session/entry.js';
import { OrderedList } from '../../session/ordered-list.js';
import { Outbox } from '../../session/outbox.js';
import { defaultStorage, type KeyValueStorage } from '../../session/storage.js';
import type { Transport, TransportState, TransportStateDetail } from '../../transport/transport.js';
import { KIT_VERSION } from '../../version.js';

/**
 * How a row ended: settled somewhere (its own answer acked, or `inbox_remove`; `decision` unknown
 * for an answer of an earlier visit), or refused to this person.
 */
export type InboxOutcome = ({ kind: 'settled'; decision?: Decision } & Omit<SettledFields, 'decision'>) | { kind: 'forbidden' };

/** One waiting call as the inbox shows it: the card's entry and where the call comes from. */
export interface InboxItem {
  readonly entry: RequestEntry;
  readonly sessionId: string;
  readonly sessionTitle: string | null;
  readonly askedAt: string;
  /** When it times out (epoch ms), for the order and the time left; the chat page or the runtime decides it. */
  readonly due: number;
  /** Its deadline passed with no word from the runtime: time is up, nothing more is sent for it. */
  readonly expired: boolean;
  /** Answered in an earlier visit (a reload): its result waits in the outbox, its response is not kept. */
  readonly resumed?: boolean;
  /** Set once it ended: the row is a one-line receipt (the latest `receiptLimit` stay). */
  readonly outcome?: InboxOutcome;
}

export type InboxEvent =
  | { type: 'change' }
  | { type: 'arrived'; item: InboxItem }
  | { type: 'hello'; actor: string }
  | { type: 'result'; message: InboxToolResultMessage }
  | { type: 'connection'; state: TransportState; detail: TransportStateDetail };

export interface InboxSessionOptions {
  transport: Transport;
  /** Where unacked answers wait, under `inbox:<actor>` (default `sessionStorage`). */
  storage?: KeyValueStorage;
  clock?: Clock;
  resultLanguage?: ResultLanguage;
}

/** Soonest deadline first; calls without one last, oldest first among equals. */
export function byDeadline(a: InboxItem, b: InboxItem): number {
  return a.due - b.due || byAsked(a, b);
}

/** Oldest first. Asked times are ISO 8601 in UTC: their order as strings is their order in time. */
const byAsked = (a: InboxItem, b: InboxItem) => (a.askedAt < b.askedAt ? -1 : a.askedAt > b.askedAt ? 1 : 0);

/** Whether a row still waits for the person (not ended, not past its deadline). */
export const isOpenable = (item: InboxItem) => !item.outcome && !item.expired && item.entry.phase === 'pending';

const idOf = (item: InboxItem) => item.entry.id;

/**
 * The card's entry once its call ended: its own answer's receipt once acked; a call decided
 * elsewhere (or before its own answer got through) as the chat shows it, the decision, where
 * and who, none of the answers; a refused answer stays as it was sent.
 */
function settledEntry(item: InboxItem, outcome: InboxOutcome, own: boolean): RequestEntry {
  const { entry } = item;
  if (outcome.kind === 'forbidden') return entry;
  if (own && entry.phase === 'sending' && !item.resumed) return withPhase(entry, { phase: 'settled', response: entry.response, late: false });
  if (!outcome.decision) return entry;
  return withPhase(entry, { phase: 'settled', response: decidedElsewhere(entry.request, outcome.decision, outcome.at), late: false, elsewhere: { where: outcome.where, actor: outcome.actor } });
}

/** What an answer of the person's own decided, as `inbox_remove` would say it. */
function decisionOf({ entry, resumed }: InboxItem): Decision | undefined {
  if (entry.phase === 'pending' || resumed) return undefined;
  const { response } = entry;
  if (response.status !== 'completed') return response.status;
  if (entry.request.kind !== 'approval') return 'answered';
  return response.approved ? 'approved' : 'rejected';
}

/**
 * An inbox connection's life (docs/protocol.md#122-the-inbox-connection), apart from the DOM:
 * `connect` on open, `ready` for the `hello` (re-sending every unacked answer), the snapshot, the
 * calls that arrive and leave, and answers as `tool_result` with `session_id`, kept in the outbox
 * under `inbox:<actor>` until acked. Time stays with the chat page or the runtime: at a deadline
 * a row only turns to "time is up"; the inbox never sends a timeout result.
 */
export class InboxSession {
  private readonly transport: Transport;
  private readonly clock: Clock;
  private readonly storage: KeyValueStorage;
  private readonly outbox: Outbox;
  private readonly timers: DeadlineTimers;
  /** Every row, kept in order as rows come, change and go (a binary search each, not a sort of all). */
  private readonly rows = new OrderedList<InboxItem>(byDeadline, idOf);
  /** The rows still waiting for the person, oldest first (then by deadline): the title count and `interaction-waiting`. */
  private readonly open = new OrderedList<InboxItem>((a, b) => byAsked(a, b) || byDeadline(a, b), idOf);
  private readonly listeners = new Set<(event: InboxEvent) => void>();
  private readonly off: (() => void)[] = [];
  private resultLanguage: ResultLanguage;
  private receiptLimit = 50; // as the chat page keeps its receipts
  /** The receipt rows, oldest first: the first to leave past `receiptLimit`. */
  private readonly ended: string[] = [];
  private person = '';

  constructor(options: InboxSessionOptions) {
    this.transport = options.transport;
    this.clock = options.clock ?? systemClock;
    this.storage = options.storage ?? defaultStorage();
    this.outbox = new Outbox(this.storage);
    this.timers = new DeadlineTimers(this.clock);
    this.resultLanguage = options.resultLanguage === 'en' ? 'en' : 'zh';
  }

  /** The person the runtime said the inbox serves (empty before its `hello`). */
  get actor(): string {
    return this.person;
  }

  /** Every row, soonest deadline first (receipts keep their place while they stay): the same array until the next change. */
  items(): readonly InboxItem[] {
    return this.rows.values();
  }

  /** The rows still waiting for the person, oldest first: the same array until the next change. */
  waiting(): readonly InboxItem[] {
    return this.open.values();
  }

  subscribe(listener: (event: InboxEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Takes new settings; a lower `receiptLimit` lets the oldest receipts go at once. */
  configure(resultLanguage: ResultLanguage | undefined, receiptLimit: number): void {
    this.resultLanguage = resultLanguage === 'en' ? 'en' : 'zh';
    this.receiptLimit = Math.max(0, receiptLimit);
    if (this.prune()) this.emit({ type: 'change' });
  }

  start(): void {
    this.off.push(
      this.transport.onMessage((data) => this.receive(messageValue(data))),
      this.transport.onStateChange((state, detail) => {
        if (state === 'open') this.sendConnect();
        this.emit({ type: 'connection', state, detail });
      }),
    );
    if (this.transport.state === 'open') this.sendConnect();
    else this.transport.connect();
  }

  stop(): void {
    for (const off of this.off.splice(0)) off();
    this.timers.clear();
    this.transport.close();
  }

  /** The person answered row `id` in its card: sent once, kept until acked. False when it may not be answered. */
  answer(id: string, response: InteractionResponse, grant?: 'session'): boolean {
    const item = this.rows.get(id);
    const entry = item?.entry;
    if (!item || entry?.phase !== 'pending' || item.expired || item.outcome || response.request_id !== id) return false;
    this.timers.disarm(id);
    const message: InboxToolResultMessage = {
      v: PROTOCOL_VERSION, type: 'tool_result', call_id: id, tool: entry.tool,
      result: toolResultFor(entry.request, response, { resultLanguage: this.resultLanguage }),
      ...(grant === 'session' && entry.grant && response.approved ? { grant: 'session' as const } : {}),
      session_id: item.sessionId,
    };
    this.outbox.put(id, message);
    this.put({ ...item, entry: withPhase(entry, { phase: 'sending', response }) });
    this.transport.send(message);
    this.emit({ type: 'result', message });
    return true;
  }

  private sendConnect(): void {
    this.transport.send({ v: PROTOCOL_VERSION, type: 'connect', kit_version: KIT_VERSION });
  }

  private emit(event: InboxEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  private receive(value: unknown): void {
    const message = parseInboxMessage(value);
    switch (message?.type) {
      case 'hello': return this.hello(message.actor);
      case 'inbox':
        // A malformed call is left out, and the runtime told which fields, as the chat page tells it of a bad message.
        for (const { id, fields } of message.dropped ?? []) this.transport.send(errorMessage('invalid_message', `Invalid field(s) in a call of inbox: ${fields.join(', ')}.`, id));
        return this.snapshot(message.calls);
      case 'inbox_add': {
        const item = this.add(message.call);
        if (item) this.emit({ type: 'arrived', item });
        return this.emit({ type: 'change' });
      }
      case 'inbox_remove': {
        const { decision, where, actor, at } = message;
        return this.settle(message.call_id, { kind: 'settled', decision, where, actor, at });
      }
      case 'ack': {
        const item = this.rows.get(message.id);
        this.outbox.settle(message.id);
        const decision = item && decisionOf(item);
        if (item?.entry.phase === 'sending' && !item.outcome) this.settle(message.id, { kind: 'settled', ...(decision ? { decision } : {}), where: 'inbox', actor: this.person, at: new Date(this.clock.now()).toISOString() }, true);
        return;
      }
      case 'error':
        // Nothing was stored for it: the answer leaves the outbox, and the row says why.
        if (message.code === 'forbidden' && message.id) this.settle(message.id, { kind: 'forbidden' });
    }
  }

  private hello(actor: string): void {
    if (actor !== this.person) {
      // Another person: their own outbox, and none of the previous person's rows.
      this.person = actor;
      this.timers.clear();
      this.rows.clear();
      this.open.clear();
      this.ended.length = 0;
      this.outbox.load(`inbox:${actor}`);
    }
    this.emit({ type: 'hello', actor });
    this.transport.send({ v: PROTOCOL_VERSION, type: 'ready', kit_version: KIT_VERSION, capabilities: { tools: [...ASKING_TOOLS], grants: true }, resume: this.outbox.ids() });
    for (const result of this.outbox.messages()) this.transport.send(result);
  }

  /** Every call waiting now: new ones join, pending ones it no longer lists settled while away and go. */
  private snapshot(calls: readonly InboxCall[]): void {
    const listed = new Set(calls.map((call) => call.call_id));
    for (const item of this.rows.values()) {
      const id = item.entry.id;
      if (!listed.has(id) && !item.outcome && item.entry.phase === 'pending') {
        this.timers.disarm(id);
        this.drop(id);
      }
    }
    for (const call of calls) this.add(call);
    this.emit({ type: 'change' });
  }

  /** A call the person may answer, as its card's entry; a call already known, answered or malformed is left. */
  private add(call: InboxCall): InboxItem | undefined {
    const id = call.call_id;
    const tool = call.tool;
    if (this.rows.has(id) || this.outbox.isAcked(id) || !isOneOf(ASKING_TOOLS, tool) || checkToolArguments(tool, call.arguments).length > 0) return undefined;
    const context = resolveContext(undefined, call.context);
    const request = normalizeToolCall(tool, call.arguments as Record<string, unknown>, { request_id: id, session_id: call.session_id }, context);
    const deadline = deadlineFor(request, call.deadline, this.clock.now());
    const grant = tool === 'request_user_approval' && context.run_mode !== 'grilling' ? (call.grant ?? undefined) : undefined;
    const base = { id, tool, source: 'tool_call' as const, kind: 'request' as const, context, request, grant };
    // An answer of an earlier visit still unacked: the row waits for its ack, not for a second answer.
    // Only the result sent is kept, not the response: the row says "sending" until the ack.
    const unacked = this.outbox.ids().includes(id);
    const entry: RequestEntry = unacked ? { ...base, phase: 'sending', response: buildResponse(request, 'completed', new Date(this.clock.now()).toISOString()) } : { ...base, phase: 'pending', deadline };
    const item: InboxItem = { entry, sessionId: call.session_id, sessionTitle: call.session_title ?? null, askedAt: call.asked_at, due: deadline, expired: false, ...(unacked ? { resumed: true } : {}) };
    this.store(item);
    if (!unacked) this.timers.arm(id, deadline, () => this.expire(id));
    return item;
  }

  private expire(id: string): void {
    const item = this.rows.get(id);
    if (item && item.entry.phase === 'pending' && !item.outcome) this.put({ ...item, expired: true });
  }

  /** The call ended: its row becomes a receipt, its answer (if any) leaves the outbox, its timer stops. */
  private settle(id: string, outcome: InboxOutcome, own = false): void {
    const item = this.rows.get(id);
    this.outbox.settle(id);
    this.timers.disarm(id);
    if (!item || item.outcome) return;
    this.ended.push(id);
    this.store({ ...item, entry: settledEntry(item, outcome, own), outcome });
    this.prune();
    this.emit({ type: 'change' });
  }

  /**
   * Receipts past `receiptLimit` leave, oldest first (true when one did), so that an inbox open
   * all day holds as many rows as one opened now, as the chat page keeps its receipts.
   */
  private prune(): boolean {
    const over = this.ended.splice(0, Math.max(0, this.ended.length - this.receiptLimit));
    for (const id of over) this.drop(id);
    return over.length > 0;
  }

  private put(item: InboxItem): void {
    this.store(item);
    this.emit({ type: 'change' });
  }

  /** Row `item` in its place, and among the open ones while it waits for the person. */
  private store(item: InboxItem): void {
    this.rows.set(item);
    if (isOpenable(item)) this.open.set(item);
    else this.open.delete(item.entry.id);
  }

  private drop(id: string): void {
    this.rows.delete(id);
    this.open.delete(id);
  }
}
