import * as z from 'zod/mini';
import { ASKING_TOOLS, REQUEST_KINDS, SEVERITIES } from './constants.js';
import type { QuestionField } from './fields.js';

export const optionSchema = z.object({
  label: z.string(),
  value: z.string(),
  description: z.string(),
});
export type InteractionOption = z.infer<typeof optionSchema>;

export const questionSchema = z.object({
  header: z.string(),
  id: z.string(),
  question: z.string(),
  options: z.array(optionSchema),
});
/** A question; `field`, set only by the adapters, makes it a typed form field (see fields.ts). */
export type InteractionQuestion = z.infer<typeof questionSchema> & { field?: QuestionField };

export const requestMetadataSchema = z.looseObject({
  severity: z.optional(z.literal(SEVERITIES)),
  details: z.optional(z.string()),
  input_mode: z.optional(z.string()),
  purpose: z.optional(z.string()),
  auto_select_first_on_timeout: z.optional(z.boolean()),
});
/**
 * The adapters' extras, never read from the wire (renormalising rebuilds metadata): `decline`
 * and `dismiss` add Decline and Cancel buttons; `url` makes an approval a consent to open a link,
 * and `follows` says that, once consented to, the link waits for a call the kit can cancel;
 * `edit` makes an approval's questions the arguments it approves, which the person may change.
 */
export type RequestMetadata = z.infer<typeof requestMetadataSchema> & {
  decline?: boolean;
  dismiss?: boolean;
  url?: string;
  follows?: boolean;
  edit?: boolean;
};

/** The normalised request (docs/protocol.md §4.5): what the elements render. */
export const interactionRequestSchema = z.object({
  request_id: z.string().check(z.minLength(1)),
  session_id: z.string(),
  kind: z.literal(REQUEST_KINDS),
  title: z.string(),
  message: z.string(),
  options: z.array(optionSchema),
  questions: z.array(questionSchema),
  allow_free_text: z.boolean(),
  timeout_seconds: z.number(),
  source_tool: z.literal(ASKING_TOOLS),
  metadata: requestMetadataSchema,
});
export type InteractionRequest = Omit<z.infer<typeof interactionRequestSchema>, 'questions' | 'metadata'> & {
  questions: InteractionQuestion[];
  metadata: RequestMetadata;
};
