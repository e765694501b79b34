import type { ToolName } from '../protocol/constants.js';
import type { InteractionContext } from '../protocol/context.js';
import type { InteractionRequest } from '../protocol/request.js';
import type { InteractionResponse } from '../protocol/response.js';
import type { DeliveryResult, FilePart } from '../protocol/results.js';
import type { GrantOffer, Settlement } from '../protocol/runtime-messages.js';
import type { Receipt } from '../rules/receipts.js';

interface EntryBase {
  readonly id: string;
  readonly context: InteractionContext;
}

/**
 * Where a request is in its life, as one state, so that an answer without a response or a
 * deadline after one cannot be written:
 * - `pending`: a card with a form; `deadline` is the epoch ms at which the session answers with
 *   the timeout policy (none when the request has no time limit);
 * - `sending`: answered, its result in the outbox until the runtime acks it;
 * - `settled`: acked, or decided without a result to send (a cancel, a runtime's receipt);
 *   `late`: the answer reached the runtime after it had timed the call out itself; `elsewhere`:
 *   decided in another place (an inbox, an answer link), which the receipt names.
 */
export type RequestPhase =
  | { readonly phase: 'pending'; readonly deadline?: number }
  | { readonly phase: 'sending'; readonly response: InteractionResponse }
  | { readonly phase: 'settled'; readonly response: InteractionResponse; readonly late: boolean; readonly elsewhere?: Settlement };

/** An approval or input request: a card with a form until it has a response, then a receipt. */
export type RequestEntry = EntryBase &
  RequestPhase & {
    readonly kind: 'request';
    readonly tool: Exclude<ToolName, 'publish_artifacts'>;
    /**
     * How it arrived: answered with `tool_result`, with `interaction_response`, shown read-only, or
     * through an adapter's envelope (answered with the adapter's reply).
     */
    readonly source: 'tool_call' | 'interaction_request' | 'tool_result' | 'adapter';
    readonly request: InteractionRequest;
    /** A session grant allowed the call: shown only as its receipt, never as a card. */
    readonly granted?: boolean;
    /** The session grant the call offers (`{key, label}`): the card may answer "allow for this session". */
    readonly grant?: GrantOffer;
    /** An accepted link request (MCP URL mode): the peer has not, or has, reported it done. */
    readonly external?: 'waiting' | 'running' | 'complete' | 'cancelled';
  };

/** A request as it is shown, before its life begins. */
export interface ShownRequest {
  readonly id: string;
  readonly tool: RequestEntry['tool'];
  readonly source: RequestEntry['source'];
  readonly context: InteractionContext;
  readonly request: InteractionRequest;
  readonly deadline?: number;
  readonly grant?: GrantOffer;
}

/** The response a request settled with; none while it is pending. */
export const responseOf = (entry: RequestEntry): InteractionResponse | undefined => (entry.phase === 'pending' ? undefined : entry.response);

/**
 * Where a `publish_artifacts` call is in its life, as one state, so that a Retry of files still
 * being delivered, or an ack of a result never sent, cannot be written:
 * - `delivering`: `deliver` runs (the card says "sending");
 * - `delivered`: the result is decided; `unacked` while it waits in the outbox for the runtime's
 *   ack; `retrying`, the items (by index) a Retry delivers again right now; `retried`, those a
 *   Retry delivered (the card says so beside them);
 * - `withdrawn`: the runtime cancelled the call while its files were being delivered.
 */
export type ArtifactsPhase =
  | { readonly phase: 'delivering' }
  | { readonly phase: 'delivered'; readonly unacked: boolean; readonly retrying: readonly number[]; readonly retried: readonly number[] }
  | { readonly phase: 'withdrawn' };

/** A delivered call's phase: unacked or not, no Retry under way or done. */
export const delivered = (unacked: boolean): ArtifactsPhase => ({ phase: 'delivered', unacked, retrying: [], retried: [] });

/** A `publish_artifacts` call: its files, while they are delivered and after. */
export type ArtifactsEntry = EntryBase &
  ArtifactsPhase & {
    readonly kind: 'artifacts';
    readonly tool: 'publish_artifacts';
    readonly source: 'tool_call' | 'tool_result';
    readonly title: string;
    readonly items: FilePart[];
    readonly delivery?: DeliveryResult;
  };

/** A request an adapter could not show (a schema outside the subset): a receipt naming the field. */
export interface RefusedEntry extends EntryBase {
  readonly kind: 'refused';
  readonly tool: 'request_user_input';
  readonly source: 'adapter';
  /** The field that stopped it, e.g. `requestedSchema.properties.address.type`. */
  readonly field: string;
}

/** What a card shows: an immutable snapshot; a change is a new snapshot with the same id. */
export type SessionEntry = RequestEntry | ArtifactsEntry | RefusedEntry;

/** Waiting for the user (a request without a response) or for delivery. */
export function isPending(entry: SessionEntry): boolean {
  if (entry.kind === 'refused') return false;
  return entry.kind === 'request' ? entry.phase === 'pending' : entry.phase === 'delivering';
}

/** A request whose card waits for the user's answer (files being delivered wait for no one). */
export function isWaiting(entry: SessionEntry): entry is RequestEntry {
  return entry.kind === 'request' && entry.phase === 'pending';
}

/** Its result is in the outbox, waiting for the runtime's ack. */
export function isUnacked(entry: SessionEntry): boolean {
  if (entry.kind === 'refused') return false;
  return entry.kind === 'request' ? entry.phase === 'sending' : entry.phase === 'delivered' && entry.unacked;
}

/**
 * The read-only entry for a result decided elsewhere; it keeps what the card it replaces knew
 * (how the call came, its context, an artifacts title the result does not carry).
 */
export function receiptEntry(id: string, receipt: Receipt, replaced: SessionEntry | undefined, context: InteractionContext): SessionEntry {
  const base = { id, context };
  if (receipt.kind === 'artifacts') {
    const known = replaced?.kind === 'artifacts' ? replaced : undefined;
    return {
      ...base, kind: 'artifacts', tool: 'publish_artifacts', source: known?.source ?? 'tool_result', title: known?.title ?? '',
      items: receipt.items, delivery: receipt.delivery, ...delivered(false),
    };
  }
  return {
    ...base, kind: 'request', tool: receipt.request.source_tool, source: replaced?.kind === 'request' ? replaced.source : 'tool_result',
    request: receipt.request, phase: 'settled', response: receipt.response, late: false,
  };
}

/** `entry` in a new phase: what the old phase carried (a deadline, a response) does not stay behind. */
export function withPhase(entry: RequestEntry, phase: RequestPhase): RequestEntry {
  const { deadline: _deadline, response: _response, late: _late, elsewhere: _elsewhere, ...rest } = entry as RequestEntry & { deadline?: number; response?: InteractionResponse; late?: boolean; elsewhere?: Settlement };
  return { ...rest, ...phase };
}

/** The files' card in a new phase: what the old phase carried (the ack, the retries) does not stay behind. */
export function withArtifactsPhase(entry: ArtifactsEntry, phase: ArtifactsPhase): ArtifactsEntry {
  const { unacked: _unacked, retrying: _retrying, retried: _retried, ...rest } = entry as ArtifactsEntry & { unacked?: boolean; retrying?: unknown; retried?: unknown };
  return { ...rest, ...phase };
}

/** `entry` once the runtime acked its result, or cancelled the call after it (`late`: it had expired). */
export function acked(entry: SessionEntry, late: boolean): SessionEntry {
  if (entry.kind === 'artifacts') return entry.phase === 'delivered' ? { ...entry, unacked: false } : entry;
  if (entry.kind === 'refused' || entry.phase === 'pending') return entry;
  return withPhase(entry, { phase: 'settled', response: entry.response, late });
}
