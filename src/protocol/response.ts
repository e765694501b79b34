import * as z from 'zod/mini';
import { RESPONSE_STATUSES } from './constants.js';
import { stringRecord } from './string-record.js';

/** One question's answer in a questionnaire response. */
export const questionAnswerSchema = z.object({
  selected_options: z.array(z.string()),
  text: z.string(),
  raw_value: z.string(),
});
export type QuestionAnswer = z.infer<typeof questionAnswerSchema>;

export const rawValueSchema = z.union([
  z.boolean(),
  z.string(),
  z.array(z.string()),
  stringRecord(z.string()),
  z.null(),
]);
export type RawValue = z.infer<typeof rawValueSchema>;

/** The response (docs/protocol.md §5.1): what a user's answer, a timeout or a cancel comes to. */
export const interactionResponseSchema = z.object({
  request_id: z.string(),
  status: z.literal(RESPONSE_STATUSES),
  approved: z.boolean(),
  text: z.string(),
  selected_options: z.array(z.string()),
  answers: stringRecord(questionAnswerSchema),
  raw_value: rawValueSchema,
  resolved_at: z.string(),
});
export type InteractionResponse = z.infer<typeof interactionResponseSchema>;
