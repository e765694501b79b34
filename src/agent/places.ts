// One call, many places (docs/protocol.md §12): a pending call may be shown on its session's chat
// page and in inboxes at once. The first valid result wins; every other place that shows the call
// is told how it settled (where, who, when), and a result that comes too late gets its `ack` and
// the same news, never an error.
import { PROTOCOL_VERSION, type ToolName } from '../protocol/constants.js';
import type { AuditDecision, AuditPlace } from '../protocol/audit-record.js';
import { kitToolResultSchema } from '../protocol/kit-messages.js';
import { toolResultSchemas, type ToolResult } from '../protocol/results.js';
import type { WireContext } from '../protocol/context.js';
import type { AgentConnection, PendingCall } from './call.js';

/** How a call settled: the fields `settled` and `inbox_remove` carry. */
export interface Settled {
  decision: AuditDecision;
  where: AuditPlace;
  actor: string | null;
  /** When (ISO 8601). */
  at: string;
}

/** A call's settlement as the session remembers it, with the connection whose result won (if one did). */
export interface SettledCall extends Settled {
  by?: AgentConnection;
}

/** What the latest calls came to, by id (how they resolved, how they settled), the oldest forgotten past `size`. */
export class RecentMemory<T> {
  private readonly byId = new Map<string, T>();

  constructor(private readonly size: number) {}

  get(id: string): T | undefined {
    return this.byId.get(id);
  }

  keep(id: string, value: T): void {
    this.byId.delete(id);
    this.byId.set(id, value);
    const [oldest] = this.byId.keys();
    if (this.byId.size > this.size && oldest !== undefined) this.byId.delete(oldest);
  }
}

/** Where a result came from: the chat page or an inbox connection, and who is on it. */
export interface ResultPlace {
  where: AuditPlace;
  actor: string | null;
  connection: AgentConnection;
  /** Acknowledges the result; `before` is how the call had settled already, when it had. */
  acked(id: string, before: Settled | undefined): void;
}

/** A session as the other places see it: whose it is, what waits in it, and where their answers go. */
export interface ShownSession {
  readonly sessionId: string;
  readonly context: WireContext | undefined;
  readonly owner: string | undefined;
  readonly title: string | undefined;
  /** Who is (or was last) on its chat page, as `authorize` named them. */
  readonly actor: string | undefined;
  readonly waiting: ReadonlyMap<string, PendingCall>;
  answer(given: KitResult, place: ResultPlace): void;
}

/** The places besides the chat page that show a session's calls (the inbox), told as calls come and go. */
export interface CallPlaces {
  /** A call started waiting for its person. */
  asked(session: ShownSession, id: string, call: PendingCall): void;
  /** A call stopped waiting; `settled.by` is the connection whose result won, told nothing more. */
  ended(session: ShownSession, id: string, call: PendingCall, settled: SettledCall): void;
}

/** A result the kit sent, once valid: one its own tool may give (an approval never answers `{error}`). */
export interface KitResult {
  id: string;
  tool: ToolName;
  result: ToolResult;
  /** The user allowed the call's grant for the session. */
  sessionGrant: boolean;
}

/** A `tool_result` message as a valid result, or undefined. */
export function kitResultOf(message: unknown): KitResult | undefined {
  const parsed = kitToolResultSchema.safeParse(message);
  if (!parsed.success || !toolResultSchemas[parsed.data.tool].safeParse(parsed.data.result).success) return undefined;
  const sessionGrant = 'grant' in parsed.data && parsed.data.grant === 'session';
  return { id: parsed.data.call_id, tool: parsed.data.tool, result: parsed.data.result as ToolResult, sessionGrant };
}

/** The fields that say how a call settled, in the order the protocol lists them. */
export function settledFields(sessionId: string, id: string, settled: Settled): Record<string, unknown> {
  return { call_id: id, session_id: sessionId, decision: settled.decision, where: settled.where, actor: settled.actor, at: settled.at };
}

/** `ready`'s `showing` (docs/protocol.md §3): its first 500 non-empty string ids; none when absent or not a list. */
export function showingOf(message: Record<string, unknown>): string[] {
  const { showing } = message;
  return Array.isArray(showing) ? showing.slice(0, 500).filter((id): id is string => typeof id === 'string' && id !== '') : [];
}

/**
 * Settled by a place other than the chat page: an inbox or a link. What the runtime or a grant
 * decided is told as before (`cancel`, a granted receipt), so a kit that knows no places never
 * gets `settled`.
 */
export function byAnotherPlace(settled: Settled): boolean {
  return settled.where === 'inbox' || settled.where === 'link';
}

/** A call that ended without a decision (the kit refused it, or the server closed): withdrawn, by the runtime. */
export function endedWithout(at: string): SettledCall {
  return { decision: 'cancelled', where: 'runtime', actor: null, at };
}

/** What a chat page that answered too late is told besides its `ack`: who won, when an inbox or a link did. */
export function lateNews(sessionId: string, id: string, before: Settled | undefined): Record<string, unknown> | undefined {
  return before && byAnotherPlace(before) ? { v: PROTOCOL_VERSION, type: 'settled', ...settledFields(sessionId, id, before) } : undefined;
}

/** Who answered on the chat page: its `ack`, and for a call another place settled before, `settled` too. */
export function chatPlace(session: ShownSession, connection: AgentConnection): ResultPlace {
  return {
    where: 'chat',
    actor: session.actor ?? null,
    connection,
    acked: (id, before) => {
      connection.send({ v: PROTOCOL_VERSION, type: 'ack', id });
      const news = lateNews(session.sessionId, id, before);
      if (news) connection.send(news);
    },
  };
}
