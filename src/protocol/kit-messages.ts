import * as z from 'zod/mini';
import { ERROR_CODES, PROTOCOL_VERSION, TOOL_NAMES } from './constants.js';
import { interactionResponseSchema } from './response.js';
import { toolResultSchema } from './results.js';

// The messages the kit sends (DESIGN §3): validated by runtimes (src/agent) and exported as JSON
// Schema; the browser builds them from typed values and needs no schema for them.

const v = z.literal(PROTOCOL_VERSION);

// Kit → runtime.

export const argumentIssueSchema = z.object({
  path: z.string(),
  expected: z.enum(['string', 'array', 'object']),
});
export type ArgumentIssue = z.infer<typeof argumentIssueSchema>;

export const connectSchema = z.object({ v, type: z.literal('connect'), kit_version: z.string() });
export const readySchema = z.object({
  v,
  type: z.literal('ready'),
  kit_version: z.string(),
  capabilities: z.object({ tools: z.array(z.enum(TOOL_NAMES)) }),
  resume: z.array(z.string()),
});
export const kitToolResultSchema = z.object({
  v,
  type: z.literal('tool_result'),
  call_id: z.string(),
  tool: z.enum(TOOL_NAMES),
  result: toolResultSchema,
});
export const interactionResponseMessageSchema = z.object({
  v,
  type: z.literal('interaction_response'),
  request_id: z.string(),
  response: interactionResponseSchema,
});
export const errorMessageSchema = z.object({
  v,
  type: z.literal('error'),
  id: z.optional(z.string()),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  issues: z.optional(z.array(argumentIssueSchema)),
});

export type ConnectMessage = z.infer<typeof connectSchema>;
export type ReadyMessage = z.infer<typeof readySchema>;
export type KitToolResultMessage = z.infer<typeof kitToolResultSchema>;
export type InteractionResponseMessage = z.infer<typeof interactionResponseMessageSchema>;
export type ErrorMessage = z.infer<typeof errorMessageSchema>;
/** A result the kit sends for one id, and keeps in its outbox until the runtime acks it. */
export type ResultMessage = KitToolResultMessage | InteractionResponseMessage;
export type KitMessage =
  | ConnectMessage
  | ReadyMessage
  | KitToolResultMessage
  | InteractionResponseMessage
  | ErrorMessage;
