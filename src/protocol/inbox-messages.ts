import * as z from 'zod/mini';
import { DECISIONS, PLACES, PROTOCOL_VERSION } from './constants.js';
import { contextSchema } from './context.js';
import type { KitToolResultMessage } from './kit-messages.js';
import { grantOfferSchema } from './runtime-messages.js';

// The messages an inbox connection receives (docs/protocol.md §12.2): the runtime's `hello` with
// `inbox: true`, the snapshot, each call that starts waiting and each that settles. Their own
// module, so that only the inbox's entry carries them; `ack` is the session's (with `session_id`).
// Objects are loose and `null` counts as absent, as in the session's messages.

const id = z.string().check(z.minLength(1));
const v = z.literal(PROTOCOL_VERSION);

/** The runtime's answer to an inbox's `connect`: no session, the person it serves. */
export const inboxHelloSchema = z.looseObject({ v, type: z.literal('hello'), inbox: z.literal(true), actor: id });

/** One waiting call: the session's `tool_call` without `v` and `type`, and where it comes from. */
export const inboxCallSchema = z.looseObject({
  call_id: id,
  tool: z.string(),
  arguments: z.unknown(),
  context: z.nullish(contextSchema),
  deadline: z.nullish(z.string()),
  grant: z.nullish(grantOfferSchema),
  session_id: id,
  session_title: z.nullish(z.string()),
  asked_at: z.string(),
});

/** Every pending call the person may answer, sent after every `ready`. */
export const inboxSnapshotSchema = z.looseObject({ v, type: z.literal('inbox'), calls: z.array(inboxCallSchema) });

/** A call that started waiting (or became visible). */
export const inboxAddSchema = z.looseObject({ v, type: z.literal('inbox_add'), call: inboxCallSchema });

/** A call that settled anywhere: what, where, by whom and when. */
export const inboxRemoveSchema = z.looseObject({
  v,
  type: z.literal('inbox_remove'),
  call_id: id,
  session_id: id,
  decision: z.literal(DECISIONS),
  where: z.literal(PLACES),
  actor: z.nullable(z.string()),
  at: z.string(),
});

/** What the runtime refused of the inbox's messages (`forbidden`: a session the person may not see). */
export const inboxErrorSchema = z.looseObject({ v, type: z.literal('error'), id: z.nullish(z.string()), code: z.string(), message: z.string() });

/** The runtime stored the inbox's result. */
export const inboxAckSchema = z.looseObject({ v, type: z.literal('ack'), id, session_id: z.nullish(z.string()) });

export const inboxMessageSchemas = {
  hello: inboxHelloSchema,
  inbox: inboxSnapshotSchema,
  inbox_add: inboxAddSchema,
  inbox_remove: inboxRemoveSchema,
  ack: inboxAckSchema,
  error: inboxErrorSchema,
} as const;
export type InboxMessageType = keyof typeof inboxMessageSchemas;

export type InboxHelloMessage = z.infer<typeof inboxHelloSchema>;
export type InboxCall = z.infer<typeof inboxCallSchema>;
/** A snapshot's call left out as malformed: its id when it has one, and the fields at fault. */
export interface DroppedCall {
  id?: string;
  fields: string[];
}
/** The snapshot, its malformed calls left out one by one (`dropped`), never the whole of it. */
export type InboxSnapshotMessage = z.infer<typeof inboxSnapshotSchema> & { dropped?: DroppedCall[] };
export type InboxAddMessage = z.infer<typeof inboxAddSchema>;
export type InboxRemoveMessage = z.infer<typeof inboxRemoveSchema>;
export type InboxErrorMessage = z.infer<typeof inboxErrorSchema>;
export type InboxAckMessage = z.infer<typeof inboxAckSchema>;
export type InboxMessage = InboxHelloMessage | InboxSnapshotMessage | InboxAddMessage | InboxRemoveMessage | InboxAckMessage | InboxErrorMessage;

/** How a call settled, as `inbox_remove` (and the chat's `settled`) says it. */
export type SettledFields = Pick<InboxRemoveMessage, 'decision' | 'where' | 'actor' | 'at'>;

/** The inbox's answer: the ordinary `tool_result` and the session the call belongs to. */
export type InboxToolResultMessage = KitToolResultMessage & { session_id: string };

/** Parses one message of an inbox connection; undefined for anything it does not act on. */
export function parseInboxMessage(value: unknown): InboxMessage | undefined {
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !Object.hasOwn(inboxMessageSchemas, type)) return undefined;
  if (type === 'inbox') return parseSnapshot(value as { calls?: unknown });
  const parsed = inboxMessageSchemas[type as InboxMessageType].safeParse(value);
  return parsed.success ? (parsed.data as InboxMessage) : undefined;
}

/** A snapshot call by call: a malformed call is left out (and named in `dropped`), the others are listed. */
function parseSnapshot(value: { calls?: unknown }): InboxSnapshotMessage | undefined {
  const given = Array.isArray(value.calls) ? value.calls : [];
  const calls = given.map((call) => inboxCallSchema.safeParse(call));
  const parsed = inboxSnapshotSchema.safeParse({ ...value, calls: Array.isArray(value.calls) ? calls.flatMap((call) => (call.success ? [call.data] : [])) : value.calls });
  if (!parsed.success) return undefined;
  const dropped = calls.flatMap((call, i): DroppedCall[] => {
    if (call.success) return [];
    const id = (given[i] as { call_id?: unknown } | null)?.call_id;
    return [{ ...(typeof id === 'string' && id ? { id } : {}), fields: call.error.issues.map((issue) => issue.path.join('.') || '(call)') }];
  });
  return { ...parsed.data, ...(dropped.length > 0 ? { dropped } : {}) };
}
