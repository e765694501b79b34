// Session grants (docs/protocol.md §2.8): "allow for this session". The runtime's
// code offers one with an approval; once the user takes it, later calls with the same key are
// answered by the runtime itself, the model reading a plain approval's result.
import type { ToolName } from '../protocol/constants.js';
import type { WireContext } from '../protocol/context.js';
import type { SessionGrant } from '../protocol/runtime-messages.js';
import { resolveContext } from '../rules/context.js';
import { normalizeToolCall } from '../rules/normalize.js';

/**
 * What an approval would allow for the rest of the session: `key` is the runtime's own name for it
 * (e.g. `shell:kubectl get`), never taken from the model's arguments; `label` what the card says
 * it covers (e.g. `kubectl get …`).
 */
export interface Grant {
  key: string;
  label: string;
}

/** A grant the session holds: when it was given (ISO 8601) and by whom (`authorize`'s actor). */
export interface HeldGrant {
  label: string;
  at: string;
  actor: string | null;
}

/** The `grant` option as given; a TypeError naming the field when it is not one. */
export function checkGrant(grant: unknown, tool: ToolName): Grant | undefined {
  if (grant === undefined || grant === null) return undefined;
  const { key, label } = (typeof grant === 'object' ? grant : {}) as Partial<Grant>;
  if (typeof key !== 'string' || key === '') {
    throw new TypeError("callTool: grant.key must be a non-empty string (the runtime's own name for what is allowed).");
  }
  if (typeof label !== 'string' || label.trim() === '') {
    throw new TypeError('callTool: grant.label must be a non-empty string (what the card says it allows).');
  }
  if (tool !== 'request_user_approval') throw new TypeError(`callTool: grant is for request_user_approval only; got it for ${tool}.`);
  return { key, label };
}

/**
 * The grant, when this call may offer it: `low` or `medium` severity as the rules read it, and
 * not in grilling mode. Otherwise it is not offered, silently: the severity is the model's to
 * write, and the call asks as any approval does (a grant the session holds never answers it).
 */
export function offeredGrant(
  grant: Grant | undefined,
  args: Record<string, unknown>,
  session: WireContext | undefined,
  call: WireContext | undefined,
): Grant | undefined {
  if (!grant) return undefined;
  const context = resolveContext(session, call);
  const request = normalizeToolCall('request_user_approval', args, { request_id: '', session_id: '' }, context);
  const severity = request.metadata.severity;
  return (severity === 'low' || severity === 'medium') && context.run_mode !== 'grilling' ? grant : undefined;
}

/** The `grants` message (without `v`): every grant, oldest first. */
export function grantsFrame(held: ReadonlyMap<string, HeldGrant>): { type: 'grants'; grants: SessionGrant[] } {
  const grants = [...held].map(([key, { label, at }]) => ({ key, label, at }));
  grants.sort((a, b) => (a.at === b.at ? (a.key < b.key ? -1 : 1) : a.at < b.at ? -1 : 1));
  return { type: 'grants', grants };
}

/** A grant as the fleet's grants hash stores it (JSON `{label, at, actor}`); undefined when unreadable. */
export function storedGrant(text: string): HeldGrant | undefined {
  try {
    const value = JSON.parse(text) as Partial<HeldGrant>;
    if (typeof value.label !== 'string' || typeof value.at !== 'string') return undefined;
    return { label: value.label, at: value.at, actor: typeof value.actor === 'string' ? value.actor : null };
  } catch {
    return undefined;
  }
}

/** Receipts kept for re-sending, as many as resolved results are remembered. */
const RECEIPT_MEMORY = 1000;

/** One process's grants for a session, and the granted calls' receipts the page has not answered. */
export class SessionGrants {
  readonly held = new Map<string, HeldGrant>();
  /** Sent again after every `ready` until the page answers them. */
  readonly receipts = new Map<string, Record<string, unknown>>();

  hold(grant: Grant, actor: string | null, at: string): void {
    this.held.delete(grant.key); // given again: listed as the newest
    this.held.set(grant.key, { label: grant.label, at, actor });
  }

  receipt(id: string, frame: Record<string, unknown>): Record<string, unknown> {
    this.receipts.set(id, frame);
    const [oldest] = this.receipts.keys();
    if (this.receipts.size > RECEIPT_MEMORY && oldest !== undefined) this.receipts.delete(oldest);
    return frame;
  }

  frame(): ReturnType<typeof grantsFrame> {
    return grantsFrame(this.held);
  }
}
