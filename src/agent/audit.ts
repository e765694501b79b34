// The audit trail (docs/protocol.md §11): one record per decided call, naming the
// call, the SHA-256 of its arguments as canonical JSON (the same bytes as the Python runtime's),
// the decision, who made it and when; the arguments themselves only when asked for.
import type { AuditDecision, AuditPlace, AuditRecord, AuditSource } from '../protocol/audit-record.js';
import { argumentsSha256 } from '../protocol/canonical-json.js';
import type { ToolName } from '../protocol/constants.js';
import type { ToolResult } from '../protocol/results.js';

export type { AuditPlace, AuditRecord };
/** Called once with each decided call's record; what it throws (or rejects with) is logged, never the call's failure. */
export type AuditFunction = (record: AuditRecord) => void | Promise<void>;
/** A function, or (with `redis`) `'redis'`: each record appended to the stream `aik:audit` in the step that decided the call. */
export type AuditOption = AuditFunction | 'redis';

/** The decision a result records; undefined for what is no decision (artifacts, an error result). */
export function decisionOf(tool: ToolName, result: ToolResult): AuditDecision | undefined {
  const response = (result as { interaction_response?: { status?: unknown; approved?: unknown } }).interaction_response;
  if (tool === 'publish_artifacts' || !response) return undefined;
  if (response.status === 'completed') return tool === 'request_user_input' ? 'answered' : response.approved === true ? 'approved' : 'rejected';
  return response.status === 'timeout' || response.status === 'auto_selected' || response.status === 'cancelled' ? response.status : undefined;
}

/** Who decided a result the page sent: its deadline, or the user. */
export function sourceOf(decision: AuditDecision): AuditSource {
  return decision === 'timeout' || decision === 'auto_selected' ? 'timeout' : 'user';
}

/** How one call was decided, as the runtime knows it at that moment. */
export interface Decided {
  decision: AuditDecision;
  source: AuditSource;
  actor: string | null;
  /** Where: the chat page, an inbox, a link, a grant, or the runtime itself. */
  where: AuditPlace;
  decidedAt: string;
}

/** What a call is: its ids, tool, arguments as given and when it was asked. */
export interface AuditedCall {
  callId: string;
  sessionId: string;
  tool: ToolName;
  given: Record<string, unknown>;
  askedAt: string;
}

/** Writes the records of one runtime instance to the function given (nothing for `'redis'`, whose records Redis writes). */
export class Auditor {
  readonly toRedis: boolean;
  private readonly sink: AuditFunction | undefined;

  constructor(
    option: AuditOption | undefined,
    readonly keepArguments: boolean,
    readonly instance: string,
    private readonly log: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
  ) {
    if (option !== undefined && option !== 'redis' && typeof option !== 'function') {
      throw new TypeError("audit must be a function or 'redis'.");
    }
    this.toRedis = option === 'redis';
    this.sink = typeof option === 'function' ? option : undefined;
  }

  get enabled(): boolean {
    return this.toRedis || this.sink !== undefined;
  }

  /** The record, its fields in the order of docs/protocol.md §11.1, to the function (once; artifacts never). */
  write(call: AuditedCall, decided: Decided, instance = this.instance): void {
    if (!this.sink || call.tool === 'publish_artifacts') return;
    argumentsSha256(call.given).then(
      (sha) => this.writeRecord(auditRecord(call, decided, sha, instance, this.keepArguments)),
      (error: unknown) => this.fail(call.callId, error),
    );
  }

  /** A record whose hash is known already (a fleet's call, as its Redis hash keeps it). */
  writeRecord(record: AuditRecord): void {
    if (!this.sink) return;
    try {
      Promise.resolve(this.sink(record)).catch((error: unknown) => this.fail(record.call_id, error));
    } catch (error) {
      this.fail(record.call_id, error);
    }
  }

  private fail(id: string, error: unknown): void {
    this.log(`The audit function failed for call ${id}:`, error);
  }
}

/** One record, from what the runtime knows of the call and its decision. */
export function auditRecord(call: AuditedCall, decided: Decided, sha: string, instance: string, keepArguments: boolean): AuditRecord {
  return {
    call_id: call.callId,
    session_id: call.sessionId,
    tool: call.tool as AuditRecord['tool'],
    arguments_sha256: sha,
    decision: decided.decision,
    source: decided.source,
    actor: decided.actor,
    where: decided.where,
    instance,
    asked_at: call.askedAt,
    decided_at: decided.decidedAt,
    ...(keepArguments ? { arguments: call.given } : {}),
  };
}
