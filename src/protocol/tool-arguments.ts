import * as z from 'zod/mini';
import { isRecord, type ToolName } from './constants.js';
import type { ArgumentIssue } from './kit-messages.js';

// Top-level types only (DESIGN §3.1): the rules drop bad elements inside `options` and
// `questions` and coerce the other fields, so only what the rules cannot repair is checked here.

export const approvalArgumentsSchema = z.looseObject({
  message: z.string(),
  title: z.optional(z.unknown()),
  severity: z.optional(z.unknown()),
  details: z.optional(z.unknown()),
  timeout_seconds: z.optional(z.unknown()),
});

export const inputArgumentsSchema = z.looseObject({
  message: z.string(),
  title: z.optional(z.unknown()),
  input_mode: z.optional(z.unknown()),
  options: z.nullish(z.array(z.unknown())),
  questions: z.nullish(z.array(z.unknown())),
  purpose: z.optional(z.unknown()),
  allow_free_text: z.optional(z.unknown()),
  timeout_seconds: z.optional(z.unknown()),
});

/** Every `publish_artifacts` problem is answered with a tool result the model reads, not here. */
export const artifactsArgumentsSchema = z.looseObject({
  items: z.optional(z.unknown()),
  audience: z.optional(z.unknown()),
  summary: z.optional(z.unknown()),
  title: z.optional(z.unknown()),
});

const schemas = {
  request_user_approval: approvalArgumentsSchema,
  request_user_input: inputArgumentsSchema,
  publish_artifacts: artifactsArgumentsSchema,
} as const;

const EXPECTED = new Set<ArgumentIssue['expected']>(['string', 'array', 'object']);

/** The fields of a tool call's `arguments` whose top-level type is wrong; empty when fine. */
export function checkToolArguments(tool: ToolName, args: unknown): ArgumentIssue[] {
  if (!isRecord(args)) return [{ path: 'arguments', expected: 'object' }];
  const result = schemas[tool].safeParse(args);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const expected = 'expected' in issue ? String(issue.expected) : '';
    return {
      path: ['arguments', ...issue.path.map(String)].join('.'),
      expected: EXPECTED.has(expected as ArgumentIssue['expected'])
        ? (expected as ArgumentIssue['expected'])
        : 'string',
    };
  });
}
