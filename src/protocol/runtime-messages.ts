import * as z from 'zod/mini';
import { DECISIONS, PLACES, PROTOCOL_VERSION, REQUEST_KINDS, TOOL_NAMES } from './constants.js';
import { contextSchema } from './context.js';
import { stringRecord } from './string-record.js';

// The messages the runtime sends. The browser bundle parses these and nothing else,
// so the kit → runtime schemas (with every result shape) live apart, in kit-messages.ts.

const id = z.string().check(z.minLength(1));
const v = z.literal(PROTOCOL_VERSION);

// Runtime → kit. Objects are loose: unknown fields are ignored, and `null` counts
// as absent wherever a field is optional.

export const helloSchema = z.looseObject({
  v,
  type: z.literal('hello'),
  session_id: id,
  context: z.nullish(contextSchema),
});

/**
 * A session grant: `key` is the runtime's own name for what it would allow (never
 * the model's words), `label` what the card says it covers.
 */
export const grantOfferSchema = z.looseObject({ key: id, label: z.string() });
export type GrantOffer = z.infer<typeof grantOfferSchema>;

/** A raw tool call: `arguments` stays lenient here; `checkToolArguments` and the rules judge it. */
export const toolCallSchema = z.looseObject({
  v,
  type: z.literal('tool_call'),
  call_id: id,
  tool: z.string(),
  arguments: z.unknown(),
  context: z.nullish(contextSchema),
  deadline: z.nullish(z.string()),
  /** Offered: the card may answer "allow for this session"; with `granted`, the grant that allowed it. */
  grant: z.nullish(grantOfferSchema),
  /** Already allowed by a session grant: a receipt only, answered by the kit without a card. */
  granted: z.nullish(z.boolean()),
});

/**
 * The runtime's own request as `interaction_request` carries it: only the id and the kind are
 * required, since the kit re-applies every invariant of the tool rules (docs/protocol.md §4) to the rest. Here rather than
 * in request.ts, whose normalised-request schemas the browser would then carry unused.
 */
const wireInteractionRequestSchema = z.looseObject({
  request_id: id,
  kind: z.literal(REQUEST_KINDS),
});

export const interactionRequestMessageSchema = z.looseObject({
  v,
  type: z.literal('interaction_request'),
  request: wireInteractionRequestSchema,
  context: z.nullish(contextSchema),
  deadline: z.nullish(z.string()),
});

export const cancelSchema = z.looseObject({
  v,
  type: z.literal('cancel'),
  id,
  reason: z.nullish(z.string()),
});

export const ackSchema = z.looseObject({ v, type: z.literal('ack'), id });

/** A result decided elsewhere (e.g. artifacts the runtime delivered itself), shown read-only. */
export const runtimeToolResultSchema = z.looseObject({
  v,
  type: z.literal('tool_result'),
  call_id: id,
  tool: z.literal(TOOL_NAMES),
  result: stringRecord(z.unknown()),
});

/** One grant the session holds, as the page lists it. */
export const sessionGrantSchema = z.looseObject({ key: id, label: z.string(), at: z.string() });
export type SessionGrant = z.infer<typeof sessionGrantSchema>;

/** The session's grants, all of them: after every `ready` and whenever they change. */
export const grantsSchema = z.looseObject({
  v,
  type: z.literal('grants'),
  grants: z.array(sessionGrantSchema),
});

/**
 * A call decided in another place (an inbox, an answer link): the card becomes a receipt of
 * where, who and when, and the kit sends nothing more for it (docs/protocol.md §12.1).
 */
export const settledSchema = z.looseObject({
  v,
  type: z.literal('settled'),
  call_id: id,
  decision: z.literal(DECISIONS),
  where: z.literal(PLACES),
  actor: z.nullable(z.string()),
  at: z.string(),
  session_id: id,
});

export const runtimeMessageSchemas = {
  hello: helloSchema,
  tool_call: toolCallSchema,
  interaction_request: interactionRequestMessageSchema,
  cancel: cancelSchema,
  ack: ackSchema,
  tool_result: runtimeToolResultSchema,
  grants: grantsSchema,
  settled: settledSchema,
} as const;
export type RuntimeMessageType = keyof typeof runtimeMessageSchemas;

export type HelloMessage = z.infer<typeof helloSchema>;
export type ToolCallMessage = z.infer<typeof toolCallSchema>;
export type InteractionRequestMessage = z.infer<typeof interactionRequestMessageSchema>;
export type CancelMessage = z.infer<typeof cancelSchema>;
export type AckMessage = z.infer<typeof ackSchema>;
export type RuntimeToolResultMessage = z.infer<typeof runtimeToolResultSchema>;
export type GrantsMessage = z.infer<typeof grantsSchema>;
export type SettledMessage = z.infer<typeof settledSchema>;
/** Where and by whom a call was decided in another place, as its receipt says it. */
export type Settlement = Pick<SettledMessage, 'where' | 'actor'>;
export type RuntimeMessage =
  | HelloMessage
  | ToolCallMessage
  | InteractionRequestMessage
  | CancelMessage
  | AckMessage
  | RuntimeToolResultMessage
  | GrantsMessage
  | SettledMessage;

