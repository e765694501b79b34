import { isRecord, PROTOCOL_VERSION, TOOL_NAMES, type ToolName } from '../protocol/constants.js';
import type { InteractionContext, WireContext } from '../protocol/context.js';
import type { ErrorMessage, KitMessage, ResultMessage } from '../protocol/kit-messages.js';
import type {
  CancelMessage,
  InteractionRequestMessage,
  RuntimeToolResultMessage,
  ToolCallMessage,
} from '../protocol/runtime-messages.js';
import { messageValue, NOT_JSON } from '../protocol/json.js';
import { errorMessage, parseRuntimeMessage } from '../protocol/parse.js';
import type { InteractionRequest } from '../protocol/request.js';
import { interactionResponseSchema, type InteractionResponse } from '../protocol/response.js';
import type { ArtifactsResult, DeliveryResult, ErrorResult, FilePart } from '../protocol/results.js';
import { cancelledResponse, timeoutResponse } from '../rules/answers.js';
import { deliverArtifacts, DELIVERY_REASONS, fileParts, undeliveredParts, type DeliverFunction } from '../rules/artifacts/deliver.js';
import { prepareArtifacts } from '../rules/artifacts/prepare.js';
import { systemClock, type Clock } from '../protocol/clock.js';
import { resolveContext } from '../rules/context.js';
import { normalizeToolCall, renormalizeRequest } from '../rules/normalize.js';
import { toolResultFor } from '../rules/results.js';
import type { Transport, TransportState, TransportStateDetail } from '../transport/transport.js';
import { KIT_VERSION } from '../version.js';
import type { EnvelopeAction, EnvelopeAdapter, SessionProtocol } from './envelope.js';
import { Outbox } from './outbox.js';
import { defaultStorage, type KeyValueStorage } from './storage.js';

/** What a card shows: one request (or artifacts listing) and where it stands. */
export interface SessionEntry {
  id: string;
  tool: ToolName;
  /**
   * How it arrived: answered with `tool_result`, with `interaction_response`, shown read-only, or
   * through an adapter's envelope (answered with the adapter's reply).
   */
  source: 'tool_call' | 'interaction_request' | 'tool_result' | 'adapter';
  context: InteractionContext;
  /** Approval and input requests. */
  request?: InteractionRequest;
  /** `publish_artifacts`: the file parts and, once delivered, the delivery result. */
  artifacts?: { title: string; items: FilePart[]; delivery?: DeliveryResult };
  /** Epoch ms, for pending requests. */
  deadline?: number;
  status: 'pending' | 'answered' | 'expired' | 'cancelled';
  response?: InteractionResponse;
  /** The answer reached the runtime after it had timed the call out itself. */
  late: boolean;
  /** The result is in the outbox, waiting for the runtime's ack. */
  unacked: boolean;
  /** A request the kit could not show: the field that stopped it (shown as a receipt). */
  refused?: string;
  /** An accepted link request (MCP URL mode): the peer has not, or has, reported it done. */
  external?: 'waiting' | 'complete';
}

export type SessionEvent =
  | { type: 'request'; entry: SessionEntry }
  | { type: 'update'; entry: SessionEntry }
  | { type: 'remove'; id: string }
  | { type: 'result'; message: ResultMessage }
  | { type: 'connection'; state: TransportState; detail: TransportStateDetail }
  | { type: 'hello'; sessionId: string; context: InteractionContext }
  | { type: 'error'; error: ErrorMessage };

export interface SessionOptions {
  transport: Transport;
  /** Where results wait for their ack (default: `sessionStorage`). */
  storage?: KeyValueStorage;
  clock?: Clock;
  /** Delivers `publish_artifacts` items; without it every item is skipped (DESIGN §4). */
  deliver?: DeliverFunction;
  /** Finished entries kept (default 50), so memory stays flat however long the session runs. */
  receiptLimit?: number;
  /** Other protocols' envelopes accepted on the same transport (e.g. `mcpElicitation()`). */
  adapters?: EnvelopeAdapter[];
  /** `jsonrpc`: pure JSON-RPC 2.0 for the adapters, no v1 frames (default `v1`). */
  protocol?: SessionProtocol;
}

export type { SessionProtocol };

/** The longest single timer: browsers overflow past 2^31 − 1 ms. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * The request lifecycle of DESIGN §3, independent of the DOM: `connect` on open, `ready` for each
 * `hello`, parsing and error answers, dedupe by id, the deadline timer, cancel, and the outbox
 * that keeps every result until its `ack` and re-sends it after every `ready`.
 */
export class InteractionSession {
  private readonly transport: Transport;
  private readonly clock: Clock;
  private readonly outbox: Outbox;
  private readonly listeners = new Set<(event: SessionEvent) => void>();
  private readonly entries = new Map<string, SessionEntry>();
  private readonly timers = new Map<string, unknown>();
  private readonly unsubscribe: (() => void)[] = [];
  private readonly adapters: EnvelopeAdapter[];
  /** Pure JSON-RPC: no v1 frames, and no `"id": null` (MCP forbids it). */
  private readonly jsonrpc: boolean;
  /** Which adapter answers each of its entries. */
  private readonly adapterOf = new Map<string, EnvelopeAdapter>();
  /** Adapter replies the transport could not take yet: sent on the next open. */
  private replies: object[] = [];
  private sessionId = '';
  private context: WireContext | undefined;
  private started = false;

  deliver: DeliverFunction | undefined;
  receiptLimit: number;

  constructor(options: SessionOptions) {
    this.transport = options.transport;
    this.clock = options.clock ?? systemClock;
    this.outbox = new Outbox(options.storage ?? defaultStorage());
    this.outbox.load(this.sessionId);
    this.deliver = options.deliver;
    this.receiptLimit = options.receiptLimit ?? 50;
    this.adapters = options.adapters ?? [];
    this.jsonrpc = options.protocol === 'jsonrpc';
  }

  get id(): string {
    return this.sessionId;
  }

  /** Every entry, in arrival order. */
  list(): SessionEntry[] {
    return [...this.entries.values()];
  }

  subscribe(listener: (event: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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
    for (const handle of this.timers.values()) this.clock.clearTimeout(handle);
    this.timers.clear();
    this.transport.close();
  }

  /** The user answered entry `id` (from its card's `interaction-response`). Exactly once. */
  answer(id: string, response: InteractionResponse): boolean {
    const entry = this.entries.get(id);
    if (!entry?.request || entry.status !== 'pending' || response.request_id !== id) return false;
    const status = response.status === 'completed' ? 'answered' : response.status === 'cancelled' ? 'cancelled' : 'expired';
    this.settle(entry, entry.request, status, response);
    return true;
  }

  /** Sent whenever the transport opens, so the runtime knows the kit is listening. */
  private sendConnect(): void {
    if (!this.jsonrpc) this.send({ v: PROTOCOL_VERSION, type: 'connect', kit_version: KIT_VERSION });
    const waiting = this.replies.splice(0);
    for (const reply of waiting) this.sendReply(reply);
  }

  private sendReply(reply: { id?: unknown }): void {
    if (this.jsonrpc && reply.id === null) delete (reply = { ...reply }).id;
    if (!this.transport.send(reply)) this.replies.push(reply);
  }

  private emit(event: SessionEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  private send(message: KitMessage): boolean {
    return this.transport.send(message);
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }

  private receive(data: unknown): void {
    const value = messageValue(data);
    const adapter = isRecord(value) ? this.adapters.find((candidate) => candidate.claims(value)) : undefined;
    if (adapter && isRecord(value)) {
      for (const action of adapter.receive(value)) this.act(adapter, action);
      return;
    }
    if (this.jsonrpc) {
      // Pure JSON-RPC: what no adapter claims is not a v1 message either.
      const error = value === NOT_JSON ? { code: -32700, message: 'Parse error' } : { code: -32600, message: 'Invalid Request' };
      this.sendReply({ jsonrpc: '2.0', error } as object);
      return;
    }
    const parsed = parseRuntimeMessage(value);
    if (!parsed.ok) {
      this.send(parsed.error);
      this.emit({ type: 'error', error: parsed.error });
      return;
    }
    const message = parsed.message;
    switch (message.type) {
      case 'hello':
        this.hello(message.session_id, message.context ?? undefined);
        break;
      case 'tool_call':
        this.toolCall(message);
        break;
      case 'interaction_request':
        this.interactionRequest(message);
        break;
      case 'cancel':
        this.cancel(message);
        break;
      case 'ack':
        this.ack(message.id);
        break;
      case 'tool_result':
        this.runtimeResult(message);
        break;
    }
  }

  private act(adapter: EnvelopeAdapter, action: EnvelopeAction): void {
    switch (action.type) {
      case 'open': {
        if (this.entries.has(action.id)) return;
        const { id, request } = action;
        const inherited = resolveContext(this.context);
        const context = action.requester ? { ...inherited, requester: action.requester } : inherited;
        this.adapterOf.set(id, adapter);
        const entry: SessionEntry = { id, tool: request.source_tool, source: 'adapter', context, request, status: 'pending', late: false, unacked: false };
        if (request.timeout_seconds > 0) entry.deadline = this.deadlineFor(request, undefined);
        this.entries.set(id, entry);
        this.emit({ type: 'request', entry });
        if (entry.deadline !== undefined) this.arm(entry);
        break;
      }
      case 'refused': {
        if (this.entries.has(action.id)) return;
        const context = resolveContext(this.context);
        const entry: SessionEntry = {
          id: action.id, tool: 'request_user_input', source: 'adapter', context: action.requester ? { ...context, requester: action.requester } : context,
          status: 'cancelled', refused: action.field, late: false, unacked: false,
        };
        this.entries.set(action.id, entry);
        this.emit({ type: 'request', entry });
        this.prune();
        break;
      }
      case 'withdraw': {
        const entry = this.entries.get(action.id);
        if (entry?.status !== 'pending') return;
        this.withdraw(entry);
        this.emit({ type: 'update', entry });
        this.prune();
        break;
      }
      case 'complete': {
        const entry = this.entries.get(action.id);
        // Kept while the card is still pending too (the step was done before the click): once
        // opened, the card shows done instead of waiting for a notification that already came.
        if (!entry || (entry.status !== 'pending' && entry.external !== 'waiting')) return;
        entry.external = 'complete';
        this.emit({ type: 'update', entry });
        break;
      }
      case 'send':
        this.sendReply(action.message);
        break;
    }
  }

  private hello(sessionId: string, context: WireContext | undefined): void {
    if (sessionId !== this.sessionId) {
      // Another session: its own outbox, and none of the previous session's cards.
      this.sessionId = sessionId;
      for (const id of [...this.entries.keys()]) this.remove(id);
      this.outbox.load(sessionId);
    }
    this.context = context;
    this.emit({ type: 'hello', sessionId, context: resolveContext(context) });
    this.send({
      v: PROTOCOL_VERSION,
      type: 'ready',
      kit_version: KIT_VERSION,
      capabilities: { tools: [...TOOL_NAMES] },
      resume: this.outbox.ids(),
    });
    for (const result of this.outbox.messages()) this.send(result);
  }

  /** Repeats: acked → `duplicate`; unacked → the stored result again; pending → nothing. */
  private isRepeat(id: string): boolean {
    if (this.outbox.isAcked(id)) {
      this.send(errorMessage('duplicate', `The result for "${id}" was already acknowledged.`, id));
      return true;
    }
    const stored = this.outbox.get(id);
    if (stored) {
      this.send(stored);
      return true;
    }
    return this.entries.has(id);
  }

  private deadlineFor(request: InteractionRequest, deadline: string | null | undefined): number {
    const received = this.clock.now();
    const bound = received + request.timeout_seconds * 1000;
    const given = deadline ? Date.parse(deadline) : Number.NaN;
    // Never later than receipt + timeout: this bounds the clock skew between runtime and page.
    return Number.isFinite(given) ? Math.min(given, bound) : bound;
  }

  private toolCall(message: ToolCallMessage): void {
    if (this.isRepeat(message.call_id)) return;
    const tool = message.tool as ToolName;
    const context = resolveContext(this.context, message.context);
    const args = message.arguments as Record<string, unknown>;
    if (tool === 'publish_artifacts') {
      void this.publish(message.call_id, args, context);
      return;
    }
    const request = normalizeToolCall(tool, args, { request_id: message.call_id, session_id: this.sessionId }, context);
    this.open({ id: message.call_id, tool, source: 'tool_call', context, request }, message.deadline);
  }

  private interactionRequest(message: InteractionRequestMessage): void {
    const id = message.request.request_id;
    if (this.isRepeat(id)) return;
    const context = resolveContext(this.context, message.context);
    const request = renormalizeRequest(message.request, this.sessionId, context);
    this.open({ id, tool: request.source_tool, source: 'interaction_request', context, request }, message.deadline);
  }

  private open(
    base: Pick<SessionEntry, 'id' | 'tool' | 'source' | 'context'> & { request: InteractionRequest },
    deadline: string | null | undefined,
  ): void {
    const entry: SessionEntry = { ...base, status: 'pending', late: false, unacked: false };
    entry.deadline = this.deadlineFor(base.request, deadline);
    this.entries.set(entry.id, entry);
    this.emit({ type: 'request', entry });
    this.arm(entry);
  }

  private arm(entry: SessionEntry): void {
    const wait = (entry.deadline ?? 0) - this.clock.now();
    if (wait <= 0) {
      this.expire(entry.id);
      return;
    }
    this.timers.set(entry.id, this.clock.setTimeout(() => this.arm(entry), Math.min(wait, MAX_TIMER_MS)));
  }

  /** The session owns the timer: at the deadline it applies the timeout policy and answers. */
  private expire(id: string): void {
    const entry = this.entries.get(id);
    if (!entry?.request || entry.status !== 'pending') return;
    this.settle(entry, entry.request, 'expired', timeoutResponse(entry.request, this.now()));
  }

  private settle(
    entry: SessionEntry,
    request: InteractionRequest,
    status: SessionEntry['status'],
    response: InteractionResponse,
  ): void {
    this.disarm(entry.id);
    entry.status = status;
    entry.response = response;
    const adapter = this.adapterOf.get(entry.id);
    if (adapter) {
      this.adapterOf.delete(entry.id);
      // An opened link waits for the peer's completion, unless it came already.
      if (request.metadata.url !== undefined) entry.external = status === 'answered' && response.approved ? (entry.external ?? 'waiting') : undefined;
      this.sendReply(adapter.reply(entry.id, request, response));
      this.emit({ type: 'update', entry });
      this.prune();
      return;
    }
    const message: ResultMessage =
      entry.source === 'interaction_request'
        ? { v: PROTOCOL_VERSION, type: 'interaction_response', request_id: entry.id, response }
        : { v: PROTOCOL_VERSION, type: 'tool_result', call_id: entry.id, tool: entry.tool, result: toolResultFor(request, response) };
    this.dispatchResult(entry, message);
  }

  private dispatchResult(entry: SessionEntry | undefined, message: ResultMessage): void {
    const id = message.type === 'tool_result' ? message.call_id : message.request_id;
    this.outbox.put(id, message);
    if (entry) {
      entry.unacked = true;
      this.emit({ type: 'update', entry });
    }
    this.send(message);
    this.emit({ type: 'result', message });
    this.prune();
  }

  private async publish(id: string, args: Record<string, unknown>, context: InteractionContext): Promise<void> {
    const prepared = prepareArtifacts(args, context);
    const result = (result: ArtifactsResult | ErrorResult): ResultMessage => ({
      v: PROTOCOL_VERSION,
      type: 'tool_result',
      call_id: id,
      tool: 'publish_artifacts',
      result,
    });
    if (!prepared.ok) {
      // A refused call shows nothing, except on a channel without delivery: the files are listed.
      let entry: SessionEntry | undefined;
      if (prepared.items.length > 0) {
        const items = undeliveredParts(prepared.items, 'auto', DELIVERY_REASONS.notAvailable);
        entry = { id, tool: 'publish_artifacts', source: 'tool_call', context, status: 'answered', late: false, unacked: false, artifacts: { title: prepared.title, items } };
        this.entries.set(id, entry);
        this.emit({ type: 'request', entry });
      }
      this.dispatchResult(entry, result({ error: prepared.error }));
      return;
    }
    // While delivering, the items have no state yet (the card says "sending").
    const pendingItems = undeliveredParts(prepared.items, prepared.audience, '');
    const entry: SessionEntry = {
      id, tool: 'publish_artifacts', source: 'tool_call', context, status: 'pending', late: false, unacked: false,
      artifacts: { title: prepared.title, items: pendingItems },
    };
    this.entries.set(id, entry);
    this.emit({ type: 'request', entry });
    const delivered = await deliverArtifacts(prepared, this.deliver);
    if (this.entries.get(id) !== entry || entry.status !== 'pending') return; // cancelled meanwhile
    entry.status = 'answered';
    entry.artifacts = { title: prepared.title, items: fileParts(delivered), delivery: delivered.delivery_result };
    this.dispatchResult(entry, result(delivered));
  }

  private cancel(message: CancelMessage): void {
    const entry = this.entries.get(message.id);
    this.outbox.settle(message.id);
    if (!entry) return;
    entry.unacked = false;
    if (entry.status === 'pending') this.withdraw(entry);
    else if (message.reason === 'expired') entry.late = true;
    this.emit({ type: 'update', entry });
    this.prune();
  }

  /** The other side took back a pending request: a cancelled receipt, and nothing to send. */
  private withdraw(entry: SessionEntry): void {
    this.disarm(entry.id);
    this.adapterOf.delete(entry.id);
    entry.status = 'cancelled';
    if (entry.request) entry.response = cancelledResponse(entry.request, this.now());
  }

  private ack(id: string): void {
    this.outbox.settle(id);
    const entry = this.entries.get(id);
    if (entry?.unacked) {
      entry.unacked = false;
      this.emit({ type: 'update', entry });
      this.prune();
    }
  }

  /** A result decided elsewhere: shown read-only, replacing a pending card with the same id. */
  private runtimeResult(message: RuntimeToolResultMessage): void {
    const id = message.call_id;
    const existing = this.entries.get(id);
    const shown = this.readOnlyEntry(message, existing);
    if (!shown) return; // nothing the kit can show as a receipt: no half card
    this.disarm(id);
    this.entries.set(id, shown); // replaces a pending entry in place: Map keeps the arrival order
    this.emit({ type: existing ? 'update' : 'request', entry: shown });
    this.prune();
  }

  private readOnlyEntry(message: RuntimeToolResultMessage, existing: SessionEntry | undefined): SessionEntry | undefined {
    const { call_id: id, tool, result } = message;
    const base: SessionEntry = {
      id, tool, source: existing?.source ?? 'tool_result', context: existing?.context ?? resolveContext(this.context),
      status: 'answered', late: false, unacked: false,
    };
    if (tool === 'publish_artifacts') {
      const items = fileParts({ content_parts: Array.isArray(result.content_parts) ? result.content_parts : [] });
      const delivery = isRecord(result.delivery_result) ? (result.delivery_result as DeliveryResult) : undefined;
      return { ...base, artifacts: { title: existing?.artifacts?.title ?? '', items, delivery } };
    }
    const parsed = interactionResponseSchema.safeParse(result.interaction_response);
    const request = existing?.request ?? this.requestFromResult(id, tool, result);
    if (!parsed.success || !request) return undefined;
    const status = parsed.data.status;
    return {
      ...base,
      request,
      response: parsed.data,
      status: status === 'completed' ? 'answered' : status === 'cancelled' ? 'cancelled' : 'expired',
    };
  }

  private requestFromResult(id: string, tool: ToolName, result: Record<string, unknown>): InteractionRequest | undefined {
    const echo = result.interaction_request;
    if (!isRecord(echo) || tool === 'publish_artifacts') return undefined;
    const args = { ...echo, input_mode: echo.kind };
    return normalizeToolCall(tool, args, { request_id: id, session_id: this.sessionId }, resolveContext(this.context));
  }

  private disarm(id: string): void {
    const handle = this.timers.get(id);
    if (handle !== undefined) this.clock.clearTimeout(handle);
    this.timers.delete(id);
  }

  private remove(id: string): void {
    this.disarm(id);
    const adapter = this.adapterOf.get(id);
    const entry = this.entries.get(id);
    // A peer without acks still hears about a card that goes unanswered (another session began).
    if (adapter && entry?.request && entry.status === 'pending') this.sendReply(adapter.reply(id, entry.request, cancelledResponse(entry.request, this.now())));
    this.adapterOf.delete(id);
    if (this.entries.delete(id)) this.emit({ type: 'remove', id });
  }

  /** Keeps the most recent `receiptLimit` finished entries (acked or cancelled); drops older ones. */
  private prune(): void {
    const finished = [...this.entries.values()].filter((entry) => entry.status !== 'pending' && !entry.unacked);
    for (const entry of finished.slice(0, Math.max(0, finished.length - this.receiptLimit))) this.remove(entry.id);
  }
}
