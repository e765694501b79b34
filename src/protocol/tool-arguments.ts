import * as z from 'zod/mini';
import { isRecord, type ToolName } from './constants.js';
import type { ArgumentIssue } from './kit-messages.js';

// Top-level types only: the rules drop bad elements inside `options` and
// `questions` and coerce the other fields, so only what the rules cannot repair is checked here.
// Every other field may be anything: the arguments are loose objects.

const approvalArgumentsSchema = z.looseObject({ message: z.string() });

const inputArgumentsSchema = z.looseObject({
  message: z.string(),
  options: z.nullish(z.array(z.unknown())),
  questions: z.nullish(z.array(z.unknown())),
});

/** Every `publish_artifacts` problem is answered with a tool result the model reads, not here. */
const artifactsArgumentsSchema = z.looseObject({});

const schemas = {
  request_user_approval: approvalArgumentsSchema,
  request_user_input: inputArgumentsSchema,
  publish_artifacts: artifactsArgumentsSchema,
} as const;

/** The fields of a tool call's `arguments` whose top-level type is wrong; empty when fine. */
export function checkToolArguments(tool: ToolName, args: unknown): ArgumentIssue[] {
  if (!isRecord(args)) return [{ path: 'arguments', expected: 'object' }];
  const result = schemas[tool].safeParse(args);
  if (result.success) return [];
  // Only `message` (a string) and `options` or `questions` (lists) can be of the wrong type.
  return result.error.issues.map((issue) => ({
    path: ['arguments', ...issue.path.map(String)].join('.'),
    expected: issue.code === 'invalid_type' && issue.expected === 'array' ? 'array' : 'string',
  }));
}
