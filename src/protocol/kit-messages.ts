import * as z from 'zod/mini';
import { ERROR_CODES, PROTOCOL_VERSION, SHOWING_LIMIT, TOOL_NAMES, type ToolName } from './constants.js';
import { interactionResponseSchema } from './response.js';
import {
  approvalResultSchema,
  artifactsResultSchema,
  errorResultSchema,
  inputResultSchema,
  type ToolResult,
} from './results.js';

// The messages the kit sends: validated by runtimes (src/agent) and exported as JSON
// Schema; the browser builds them from typed values and needs no schema for them.

const v = z.literal(PROTOCOL_VERSION);

// Kit → runtime.

export const argumentIssueSchema = z.object({
  path: z.string(),
  expected: z.literal(['string', 'array', 'object']),
});
export type ArgumentIssue = z.infer<typeof argumentIssueSchema>;

export const connectSchema = z.object({ v, type: z.literal('connect'), kit_version: z.string() });
export const readySchema = z.object({
  v,
  type: z.literal('ready'),
  kit_version: z.string(),
  capabilities: z.object({
    tools: z.array(z.literal(TOOL_NAMES)),
    /** The kit shows grant offers and granted receipts and reads `grants`. */
    grants: z.optional(z.boolean()),
  }),
  resume: z.array(z.string()),
  /** The cards the page still shows pending (its first 500): the runtime tells it which of them settled meanwhile. */
  showing: z.optional(z.array(z.string().check(z.minLength(1))).check(z.maxLength(SHOWING_LIMIT))),
});
/** A `tool_result` whose `result` is that tool's result: a valid result, for the runtime. */
const toolResultMessage = <T extends (typeof TOOL_NAMES)[number], R extends z.core.$ZodType>(tool: T, result: R) =>
  z.object({ v, type: z.literal('tool_result'), call_id: z.string(), tool: z.literal(tool), result });
export const kitToolResultSchema = z.union([
  // The user allowed it for the session: said beside the result, which stays a plain approval's.
  z.extend(toolResultMessage('request_user_approval', approvalResultSchema), { grant: z.optional(z.literal('session')) }),
  toolResultMessage('request_user_input', inputResultSchema),
  // Only publish_artifacts is answered with an error result.
  toolResultMessage('publish_artifacts', z.union([artifactsResultSchema, errorResultSchema])),
]);
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
  code: z.literal(ERROR_CODES),
  message: z.string(),
  issues: z.optional(z.array(argumentIssueSchema)),
});

/** The user withdrew one of the session's grants. */
export const revokeGrantSchema = z.object({ v, type: z.literal('revoke_grant'), key: z.string().check(z.minLength(1)) });

export type ConnectMessage = z.infer<typeof connectSchema>;
export type ReadyMessage = z.infer<typeof readySchema>;
/** Typed loosely by tool, as the session builds it; the schema ties each result to its tool. */
export interface KitToolResultMessage {
  v: typeof PROTOCOL_VERSION;
  type: 'tool_result';
  call_id: string;
  tool: ToolName;
  result: ToolResult;
  /** An approval the user allowed for the session (the result itself is a plain approval's). */
  grant?: 'session';
}
export type InteractionResponseMessage = z.infer<typeof interactionResponseMessageSchema>;
export type ErrorMessage = z.infer<typeof errorMessageSchema>;
export type RevokeGrantMessage = z.infer<typeof revokeGrantSchema>;
/** A result the kit sends for one id, and keeps in its outbox until the runtime acks it. */
export type ResultMessage = KitToolResultMessage | InteractionResponseMessage;
export type KitMessage =
  | ConnectMessage
  | ReadyMessage
  | KitToolResultMessage
  | InteractionResponseMessage
  | ErrorMessage
  | RevokeGrantMessage;
