import * as z from 'zod/mini';
import { PROVIDERS, SEVERITIES } from './constants.js';

// The tools as a model should call them: every field the seed's tool definitions list, with its
// type, enumeration and description. This is the model's contract, not the kit's leniency (the
// kit still accepts and repairs what the tool rules accept (docs/protocol.md §4), see tool-arguments.ts). The schemas give
// the JSON Schemas `arguments-*.json` and the tool definitions of `toolDefinitions()`, so their
// descriptions are what a model reads. Node-side only: the browser bundle never imports it.

const text = (description: string) => z.optional(z.string().check(z.describe(description)));

const timeoutSeconds = z.optional(
  z.number().check(
    z.positive(),
    z.maximum(86_400),
    z.describe('Seconds the user has to answer (default 120, at most 86400). When they pass, the timeout result comes back.'),
  ),
);

const option = z
  .union([
    z.string().check(z.describe('The option as shown; it is also its value.')),
    z
      .object({
        label: z.string().check(z.describe('What the user sees.')),
        value: z.optional(z.string().check(z.describe('What comes back in the answer (default: the label).'))),
        description: text('One line of help under the label.'),
      })
      .check(z.describe('An option with a value distinct from its label, or a description.')),
  ])
  .check(z.describe('One selectable option.'));

const question = z
  .object({
    id: z.string().check(z.describe('Unique within the questionnaire: the key of this answer in the result.')),
    question: z.string().check(z.describe('The question itself.')),
    header: text('A short topic shown above the question.'),
    options: z
      .array(option)
      .check(
        z.minLength(1),
        z.describe('Mutually exclusive choices, the recommended one first. Do not add a custom (自定义) choice: one is appended automatically.'),
      ),
  })
  .check(z.describe('One question of a questionnaire.'));

export const approvalContractSchema = z
  .object({
    message: z.string().check(z.describe('What the user is asked to approve: the action and its consequence, in one or two sentences.')),
    title: text('A short title for the approval card (default 请确认).'),
    severity: z.optional(
      z.literal(SEVERITIES).check(z.describe('How risky the action is: low, medium (default) or high. High asks the user to confirm twice.')),
    ),
    details: text('Extra context shown collapsed as preformatted text: a diff, a command, the affected resources.'),
    timeout_seconds: timeoutSeconds,
  })
  .check(
    z.describe(
      'Ask the user to approve or reject an action before you take it — one that is hard to undo, costly, or affects others. ' +
        'The user sees your message, the optional details and a countdown, and approves or rejects with an optional note; ' +
        'the result says which. It waits for a person: call it on its own, never batched with other tools through parallel tool calls.',
    ),
  );

export const inputContractSchema = z
  .object({
    message: z.string().check(z.describe('The question or instruction shown to the user.')),
    title: text('A short title for the card (default 需要你的输入).'),
    input_mode: z.optional(
      z.literal(['text', 'choice', 'multi_choice']).check(
        z.describe('text (default): a typed answer; choice: one of options; multi_choice: one or more of options. Ignored when questions are given.'),
      ),
    ),
    options: z.optional(z.array(option).check(z.describe('The choices for choice and multi_choice.'))),
    questions: z.optional(
      z
        .array(question)
        .check(
          z.minLength(1),
          z.describe('A questionnaire: several questions answered at once, each with its own options. Preferred for clarifying a task.'),
        ),
    ),
    purpose: text('What the question is for, as a marker for the runtime; grill_checkpoint is reserved for the summary decision at the end of a grilling run.'),
    allow_free_text: z.optional(
      z.boolean().check(z.describe('Whether the user may type an answer instead of (choice) or beside (multi_choice) the options (default true).')),
    ),
    timeout_seconds: timeoutSeconds,
  })
  .check(
    z.describe(
      'Ask the user for input and wait for the answer: free text, one choice, several choices, or a questionnaire of several questions. ' +
        'To clarify a task after read-only exploration, prefer a questionnaire whose questions each have mutually exclusive options with the recommended one first; ' +
        'never add your own custom (自定义) option, the kit appends exactly one to every question. ' +
        'It waits for a person: call it on its own, never batched with other tools through parallel tool calls.',
    ),
  );

const artifactItem = z
  .object({
    path: text('A local file path (delivered as a file on Feishu only).'),
    url: text('An https or http URL the recipient can open.'),
    name: text('The file name shown (default: the last segment of the path or URL).'),
    mime: text('The MIME type (default: guessed from the extension).'),
    subtype: text('image for images (recommended, so they are sent as images).'),
    caption: text('A line shown with the file.'),
    size: z.optional(z.number().check(z.minimum(0), z.describe('The size in bytes, when known.'))),
  })
  .check(z.describe('One artifact: give a path or a url (or both).'));

export const artifactsContractSchema = z
  .object({
    items: z.array(artifactItem).check(z.minLength(1), z.describe('The files, images and links to deliver.')),
    audience: z.optional(
      z.literal(['auto', ...PROVIDERS]).check(z.describe('auto (default): the conversation\'s own channel; or a provider to deliver through.')),
    ),
    summary: text('A short line for the timeline (default: Prepared N artifact(s) for delivery.).'),
    title: text('The title of link messages.'),
  })
  .check(
    z.describe(
      'Deliver files, images or links you produced into the current enterprise chat conversation: Feishu takes local files, images and URLs; ' +
        'DingTalk and WeCom take URLs only (local paths are reported as not delivered). The recipient comes from the conversation itself; never pass one. ' +
        'Read delivery_result in the result: an item that was skipped or failed was not sent, so never describe it as sent. ' +
        'In desktop, QQ and WeChat conversations this tool is not offered: report the real local paths or links in your final answer instead.',
    ),
  );

export const TOOL_CONTRACTS = {
  request_user_approval: approvalContractSchema,
  request_user_input: inputContractSchema,
  publish_artifacts: artifactsContractSchema,
} as const;
