import * as z from 'zod/mini';
import { isRecord, RESPONSE_STATUSES } from './constants.js';
import { booleanSchema } from './predicate-schemas.js';
import { stringRecord } from './string-record.js';

/** One question's answer in a questionnaire response. */
export const questionAnswerSchema = z.object({
  selected_options: z.array(z.string()),
  text: z.string(),
  raw_value: z.string(),
});
export type QuestionAnswer = z.infer<typeof questionAnswerSchema>;

/** A response's `raw_value`: what the user gave, as the card's kind has it. */
export type RawValue = boolean | string | string[] | Record<string, string> | null;

const allStrings = (values: unknown[]) => values.every((value) => typeof value === 'string');

/**
 * `raw_value`, checked by one predicate (zod's custom schema) rather than a union of five schemas,
 * whose machinery would cost the browser bundle about 400 B for this one field. Its JSON Schema
 * is the union's, `anyOf` the five (json-schemas.ts).
 */
export const rawValueSchema = z.custom<RawValue>(
  (value) => value === null || typeof value === 'boolean' || typeof value === 'string' || (Array.isArray(value) ? allStrings(value) : isRecord(value) && allStrings(Object.values(value))),
);

/** The response (docs/protocol.md §5.1): what a user's answer, a timeout or a cancel comes to. */
export const interactionResponseSchema = z.object({
  request_id: z.string(),
  status: z.literal(RESPONSE_STATUSES),
  approved: booleanSchema,
  text: z.string(),
  selected_options: z.array(z.string()),
  answers: stringRecord(questionAnswerSchema),
  raw_value: rawValueSchema,
  resolved_at: z.string(),
});
export type InteractionResponse = z.infer<typeof interactionResponseSchema>;
