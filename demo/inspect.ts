// The demo's inspector: checks every wire message against the protocol's schemas, both ways, and
// names the field that breaks them (`arguments.options[2].label: expected string`), as the MCP
// Inspector does for MCP servers. A runtime's tool call is also held to the model's contract
// (the tool argument schemas), which is stricter than what the kit accepts and repairs.
import * as z from 'zod/mini';
import { isRecord } from '../src/protocol/constants.js';
import {
  connectSchema,
  errorMessageSchema,
  interactionResponseMessageSchema,
  kitToolResultSchema,
  readySchema,
} from '../src/protocol/kit-messages.js';
import '../src/protocol/json-schemas.js'; // registers the shape each predicate schema stands for
import { approvalResultSchema, artifactsResultSchema, errorResultSchema, inputResultSchema } from '../src/protocol/results.js';
import { runtimeMessageSchemas } from '../src/protocol/runtime-messages.js';
import { TOOL_CONTRACTS } from '../src/protocol/tool-contract.js';
import { shapeOf } from '../src/protocol/written-as.js';

export type Direction = 'in' | 'out';

const kitMessageSchemas: Record<string, z.ZodMiniType> = {
  connect: connectSchema,
  ready: readySchema,
  tool_result: kitToolResultSchema,
  interaction_response: interactionResponseMessageSchema,
  error: errorMessageSchema,
};

const resultSchemas: Record<string, z.ZodMiniType> = {
  request_user_approval: approvalResultSchema,
  request_user_input: inputResultSchema,
  publish_artifacts: z.union([artifactsResultSchema, errorResultSchema]),
};

type Issue = z.core.$ZodIssue;

function pathText(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) text += typeof key === 'number' ? `[${key}]` : `${text ? '.' : ''}${String(key)}`;
  return text || '(message)';
}

/** A union's problem is told by the branch that got furthest: `{label: 5}` is an option, not a string. */
function flatten(issue: Issue, base: readonly PropertyKey[] = []): { path: PropertyKey[]; issue: Issue } {
  const path = [...base, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const branches = issue.errors.map((branch) => branch.map((inner) => flatten(inner, path)));
    const deepest = branches.flat().sort((a, b) => b.path.length - a.path.length)[0];
    if (deepest) return deepest;
  }
  return { path, issue };
}

/** The schema of the field at `path` in an object schema, if the path leads to one. */
function fieldSchema(schema: unknown, path: readonly PropertyKey[]): object | undefined {
  let at = schema;
  for (const key of path) at = (at as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def?.shape?.[String(key)];
  return typeof at === 'object' && at !== null ? at : undefined;
}

/**
 * A field the browser checks by one predicate (an id, a boolean) fails as zod's custom schema
 * does, "Invalid input": it is said as the schema it stands for would say it. The predicates
 * carry no expected type of their own: a message or params on them would grow the standalone
 * bundle (5 to 22 B) for the inspector's sake alone.
 */
function describePredicate(issue: Issue, field: object | undefined): string | undefined {
  const shape = field && shapeOf(field);
  const type = shape === 'non-empty-string' ? 'string' : shape === 'boolean' ? 'boolean' : undefined;
  if (!type) return undefined;
  if (issue.input === undefined) return `required (${type})`;
  return shape === 'non-empty-string' && issue.input === '' ? 'expected at least 1 character(s)' : `expected ${type}`;
}

function describe(issue: Issue, field?: object): string {
  switch (issue.code) {
    case 'custom':
      return describePredicate(issue, field) ?? issue.message;
    case 'invalid_type':
      return issue.input === undefined ? `required (${issue.expected})` : `expected ${issue.expected}`;
    case 'invalid_value':
      return `expected ${issue.values.map((value) => JSON.stringify(value)).join(' or ')}`;
    case 'too_small':
      return `expected at least ${String(issue.minimum)}${issue.origin === 'array' ? ' item(s)' : issue.origin === 'string' ? ' character(s)' : ''}`;
    case 'too_big':
      return `expected at most ${String(issue.maximum)}`;
    case 'unrecognized_keys':
      return `unknown field(s) ${issue.keys.join(', ')}`;
    default:
      return issue.message;
  }
}

function problemsOf(schema: z.ZodMiniType, value: unknown, base: PropertyKey[] = []): string[] {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const flat = flatten(issue, base);
    return `${pathText(flat.path)}: ${describe(flat.issue, fieldSchema(schema, flat.path.slice(base.length)))}`;
  });
}

/**
 * What is wrong with one wire message, as `path: problem` lines; empty when it keeps the
 * protocol. `in` is runtime → kit, `out` kit → runtime. JSON-RPC (the adapters' envelope) is
 * outside the v1 schemas and is not judged.
 */
export function inspectMessage(direction: Direction, message: unknown): string[] {
  if (!isRecord(message)) return ['(message): expected a JSON object'];
  if (message.jsonrpc === '2.0') return [];
  if (message.v !== 1) return [`v: expected 1`];
  const type = typeof message.type === 'string' ? message.type : '';
  const schemas: Record<string, z.ZodMiniType> = direction === 'in' ? runtimeMessageSchemas : kitMessageSchemas;
  const schema = schemas[type];
  if (!schema) return [`type: expected one of ${Object.keys(schemas).join(', ')}`];
  const problems = problemsOf(schema, message);
  if (direction === 'in' && type === 'tool_call' && typeof message.tool === 'string') {
    const contract = (TOOL_CONTRACTS as Record<string, z.ZodMiniType>)[message.tool];
    if (!contract) problems.push(`tool: expected one of ${Object.keys(TOOL_CONTRACTS).join(', ')}`);
    else problems.push(...problemsOf(contract, message.arguments, ['arguments']));
  }
  if (direction === 'in' && type === 'tool_result' && typeof message.tool === 'string' && resultSchemas[message.tool]) {
    problems.push(...problemsOf(resultSchemas[message.tool]!, message.result, ['result']));
  }
  return problems;
}
