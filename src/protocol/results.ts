import * as z from 'zod/mini';
import { PROVIDERS, RESPONSE_STATUSES, SEVERITIES, type Provider } from './constants.js';
import { optionSchema, questionSchema } from './request.js';
import { interactionResponseSchema, questionAnswerSchema } from './response.js';
import { stringRecord } from './string-record.js';

/** `content_parts[0]` of every tool result. */
export const toolEventPartSchema = z.object({
  type: z.literal('tool_event'),
  tool_name: z.string(),
  status: z.literal(RESPONSE_STATUSES),
  summary: z.string(),
});
export type ToolEventPart = z.infer<typeof toolEventPartSchema>;

export const approvalResultSchema = z.object({
  source_tool: z.literal('request_user_approval'),
  content: z.string(),
  content_parts: z.tuple([toolEventPartSchema]),
  interaction_request: z.object({
    kind: z.literal('approval'),
    message: z.string(),
    title: z.string(),
    severity: z.literal(SEVERITIES),
    details: z.string(),
    timeout_seconds: z.number(),
  }),
  interaction_response: interactionResponseSchema,
});
export type ApprovalResult = z.infer<typeof approvalResultSchema>;

export const questionnaireEchoSchema = z.object({
  kind: z.literal('questionnaire'),
  message: z.string(),
  title: z.string(),
  questions: z.array(questionSchema),
  purpose: z.string(),
  allow_free_text: z.literal(true),
  timeout_seconds: z.number(),
});

export const choiceEchoSchema = z.object({
  kind: z.literal(['text', 'choice', 'multi_choice']),
  message: z.string(),
  title: z.string(),
  options: z.array(optionSchema),
  questions: z.array(z.never()),
  allow_free_text: z.boolean(),
  timeout_seconds: z.number(),
});

export const inputResultSchema = z.object({
  source_tool: z.literal('request_user_input'),
  content: z.string(),
  content_parts: z.tuple([toolEventPartSchema]),
  interaction_request: z.union([questionnaireEchoSchema, choiceEchoSchema]),
  interaction_response: interactionResponseSchema,
  answers: stringRecord(questionAnswerSchema),
  purpose: z.string(),
});
export type InputResult = z.infer<typeof inputResultSchema>;

/** One `file` part of a `publish_artifacts` result: what `<artifact-list>` shows. */
export const filePartSchema = z.object({
  type: z.literal('file'),
  subtype: z.string(),
  name: z.string(),
  path: z.string(),
  url: z.string(),
  mime: z.string(),
  size: z.nullable(z.number()),
  caption: z.string(),
  audience: z.string(),
  artifact_source: z.literal('publish_artifacts'),
  delivered: z.boolean(),
  delivery_reason: z.string(),
});
export type FilePart = z.infer<typeof filePartSchema>;

export const providerDeliverySchema = z.object({
  ok: z.boolean(),
  enabled: z.boolean(),
  reason: z.string(),
  success: z.array(z.object({ name: z.string(), type: z.string() })),
  failed: z.array(z.object({ name: z.string(), reason: z.string() })),
  skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
});
export type ProviderDelivery = z.infer<typeof providerDeliverySchema>;

/** `{<provider>: ProviderDelivery}`, with exactly one provider. */
export type DeliveryResult = Partial<Record<Provider, ProviderDelivery>>;

export const artifactsResultSchema = z.object({
  source_tool: z.literal('publish_artifacts'),
  content: z.string(),
  content_parts: z.array(z.union([toolEventPartSchema, filePartSchema])),
  delivery_result: z.partialRecord(z.literal(PROVIDERS), providerDeliverySchema),
});
export interface ArtifactsResult {
  source_tool: 'publish_artifacts';
  content: string;
  content_parts: [ToolEventPart, ...FilePart[]];
  delivery_result: DeliveryResult;
}

/** A tool rule refused a well-formed call: the model reads the sentence. */
export const errorResultSchema = z.object({ error: z.string() });
export type ErrorResult = z.infer<typeof errorResultSchema>;

export type ToolResult = ApprovalResult | InputResult | ArtifactsResult | ErrorResult;
export const toolResultSchema = z.union([
  approvalResultSchema,
  inputResultSchema,
  artifactsResultSchema,
  errorResultSchema,
]);

/** The result each tool may answer with: only publish_artifacts has a rule that refuses a call. */
export interface ToolResults {
  request_user_approval: ApprovalResult;
  request_user_input: InputResult;
  publish_artifacts: ArtifactsResult | ErrorResult;
}
export const toolResultSchemas = {
  request_user_approval: approvalResultSchema,
  request_user_input: inputResultSchema,
  publish_artifacts: z.union([artifactsResultSchema, errorResultSchema]),
} as const;
