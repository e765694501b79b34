import * as z from 'zod/mini';
import { PROTOCOL_VERSION, TOOL_NAMES } from './constants.js';
import { contextSchema } from './context.js';
import { wireInteractionRequestSchema } from './request.js';

// The messages the runtime sends (DESIGN §3). The browser bundle parses these and nothing else,
// so the kit → runtime schemas (with every result shape) live apart, in kit-messages.ts.

const id = z.string().check(z.minLength(1));
const v = z.literal(PROTOCOL_VERSION);

// Runtime → kit. Objects are loose: unknown fields are ignored (DESIGN §3), and `null` counts
// as absent wherever a field is optional.

export const helloSchema = z.looseObject({
  v,
  type: z.literal('hello'),
  session_id: id,
  context: z.nullish(contextSchema),
});

/** A raw tool call: `arguments` stays lenient here; `checkToolArguments` and the rules judge it. */
export const toolCallSchema = z.looseObject({
  v,
  type: z.literal('tool_call'),
  call_id: id,
  tool: z.string(),
  arguments: z.unknown(),
  context: z.nullish(contextSchema),
  deadline: z.nullish(z.string()),
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
  tool: z.enum(TOOL_NAMES),
  result: z.record(z.string(), z.unknown()),
});

export const runtimeMessageSchemas = {
  hello: helloSchema,
  tool_call: toolCallSchema,
  interaction_request: interactionRequestMessageSchema,
  cancel: cancelSchema,
  ack: ackSchema,
  tool_result: runtimeToolResultSchema,
} as const;
export type RuntimeMessageType = keyof typeof runtimeMessageSchemas;

export type HelloMessage = z.infer<typeof helloSchema>;
export type ToolCallMessage = z.infer<typeof toolCallSchema>;
export type InteractionRequestMessage = z.infer<typeof interactionRequestMessageSchema>;
export type CancelMessage = z.infer<typeof cancelSchema>;
export type AckMessage = z.infer<typeof ackSchema>;
export type RuntimeToolResultMessage = z.infer<typeof runtimeToolResultSchema>;
export type RuntimeMessage =
  | HelloMessage
  | ToolCallMessage
  | InteractionRequestMessage
  | CancelMessage
  | AckMessage
  | RuntimeToolResultMessage;

