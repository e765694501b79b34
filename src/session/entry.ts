import type { ToolName } from '../protocol/constants.js';
import type { InteractionContext } from '../protocol/context.js';
import type { InteractionRequest } from '../protocol/request.js';
import type { InteractionResponse } from '../protocol/response.js';
import type { DeliveryResult, FilePart } from '../protocol/results.js';
import type { GrantOffer } from '../protocol/runtime-messages.js';
import type { Receipt } from '../rules/receipts.js';

interface EntryBase {
  readonly id: string;
  readonly context: InteractionContext;
  /** The result is in the outbox, waiting for the runtime's ack. */
  readonly unacked: boolean;
}

/** An approval or input request: a card with a form until it has a response, then a receipt. */
export interface RequestEntry extends EntryBase {
  readonly kind: 'request';
  readonly tool: Exclude<ToolName, 'publish_artifacts'>;
  /**
   * How it arrived: answered with `tool_result`, with `interaction_response`, shown read-only, or
   * through an adapter's envelope (answered with the adapter's reply).
   */
  readonly source: 'tool_call' | 'interaction_request' | 'tool_result' | 'adapter';
  readonly request: InteractionRequest;
  /** Epoch ms at which the session answers with the timeout policy; set while pending. */
  readonly deadline?: number;
  /** How it settled (`statusOf`); none while pending. */
  readonly response?: InteractionResponse;
  /** The answer reached the runtime after it had timed the call out itself. */
  readonly late: boolean;
  /** A session grant allowed the call (DESIGN §12.1): shown only as its receipt, never as a card. */
  readonly granted?: boolean;
  /** The session grant the call offers (`{key, label}`): the card may answer "allow for this session". */
  readonly grant?: GrantOffer;
  /** An accepted link request (MCP URL mode): the peer has not, or has, reported it done. */
  readonly external?: 'waiting' | 'complete';
}

/** A request as it is shown, before its lifecycle fields (response, acks). */
export type ShownRequest = Pick<RequestEntry, 'id' | 'tool' | 'source' | 'context' | 'request' | 'deadline' | 'grant'>;

/** A `publish_artifacts` call: its files, while they are delivered and after. */
export interface ArtifactsEntry extends EntryBase {
  readonly kind: 'artifacts';
  readonly tool: 'publish_artifacts';
  readonly source: 'tool_call' | 'tool_result';
  readonly title: string;
  readonly items: FilePart[];
  readonly delivery?: DeliveryResult;
  /** `delivering` while `deliver` runs (the card says "sending"); `withdrawn` if cancelled meanwhile. */
  readonly phase: 'delivering' | 'delivered' | 'withdrawn';
  /** Items (by index) the user's Retry is delivering again right now. */
  readonly retrying?: readonly number[];
  /** Items a Retry delivered: the card says so beside them. */
  readonly retried?: readonly number[];
}

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
  return entry.kind === 'request' ? entry.response === undefined : entry.phase === 'delivering';
}

/**
 * The read-only entry for a result decided elsewhere; it keeps what the card it replaces knew
 * (how the call came, its context, an artifacts title the result does not carry).
 */
export function receiptEntry(id: string, receipt: Receipt, replaced: SessionEntry | undefined, context: InteractionContext): SessionEntry {
  const base = { id, context, unacked: false };
  if (receipt.kind === 'artifacts') {
    const known = replaced?.kind === 'artifacts' ? replaced : undefined;
    return {
      ...base, kind: 'artifacts', tool: 'publish_artifacts', source: known?.source ?? 'tool_result', title: known?.title ?? '',
      items: receipt.items, delivery: receipt.delivery, phase: 'delivered',
    };
  }
  return {
    ...base, kind: 'request', tool: receipt.request.source_tool, source: replaced?.kind === 'request' ? replaced.source : 'tool_result',
    request: receipt.request, response: receipt.response, late: false,
  };
}
