import * as z from 'zod/mini';
import {
  ackSchema,
  cancelSchema,
  connectSchema,
  errorMessageSchema,
  grantsSchema,
  helloSchema,
  interactionRequestMessageSchema,
  interactionResponseMessageSchema,
  kitToolResultSchema,
  readySchema,
  revokeGrantSchema,
  runtimeToolResultSchema,
  settledSchema,
  toolCallSchema,
} from './messages.js';
import { auditRecordSchema } from './audit-record.js';
import { inboxAddSchema, inboxHelloSchema, inboxRemoveSchema, inboxSnapshotSchema } from './inbox-messages.js';
import { inboxToolResultSchema } from './inbox-kit-messages.js';
import { interactionRequestSchema } from './request.js';
import { interactionResponseSchema, rawValueSchema } from './response.js';
import {
  approvalResultSchema,
  artifactsResultSchema,
  errorResultSchema,
  inputResultSchema,
} from './results.js';
import { shapeOf, writtenAs, type WrittenShape } from './written-as.js';
import { CONTEXT_DESCRIPTION, CONTEXT_FIELDS, MESSAGE_DESCRIPTIONS } from './descriptions.js';
import { approvalContractSchema, artifactsContractSchema, inputContractSchema } from './tool-contract.js';

/**
 * Every schema a runtime in another language needs, by file name. The messages, requests,
 * responses and results are the schemas the kit itself validates with (none has a transform), so
 * JSON Schema and zod agree by construction; the tool arguments are the model's contract
 * (tool-contract.ts), stricter than what the kit accepts.
 */
export const JSON_SCHEMA_SOURCES = {
  'runtime-hello': helloSchema,
  'runtime-tool-call': toolCallSchema,
  'runtime-interaction-request': interactionRequestMessageSchema,
  'runtime-cancel': cancelSchema,
  'runtime-ack': ackSchema,
  'runtime-tool-result': runtimeToolResultSchema,
  'runtime-grants': grantsSchema,
  'runtime-settled': settledSchema,
  'kit-connect': connectSchema,
  'kit-ready': readySchema,
  'kit-tool-result': kitToolResultSchema,
  'kit-interaction-response': interactionResponseMessageSchema,
  'kit-error': errorMessageSchema,
  'kit-revoke-grant': revokeGrantSchema,
  'inbox-hello': inboxHelloSchema,
  'inbox-snapshot': inboxSnapshotSchema,
  'inbox-add': inboxAddSchema,
  'inbox-remove': inboxRemoveSchema,
  'inbox-tool-result': inboxToolResultSchema,
  'arguments-request-user-approval': approvalContractSchema,
  'arguments-request-user-input': inputContractSchema,
  'arguments-publish-artifacts': artifactsContractSchema,
  'interaction-request': interactionRequestSchema,
  'interaction-response': interactionResponseSchema,
  'result-request-user-approval': approvalResultSchema,
  'result-request-user-input': inputResultSchema,
  'result-publish-artifacts': artifactsResultSchema,
  'result-error': errorResultSchema,
  'audit-record': auditRecordSchema,
} as const;

export type JsonSchemaName = keyof typeof JSON_SCHEMA_SOURCES;

type Json = Record<string, unknown>;

/** The object branch of a field that may also be null (`anyOf: [{type: object}, {type: null}]`). */
function objectBranch(schema: Json): Json | undefined {
  if (schema.type === 'object') return schema;
  const branches = Array.isArray(schema.anyOf) ? (schema.anyOf as Json[]) : [];
  return branches.find((branch) => branch.type === 'object');
}

/** Puts the descriptions of docs/protocol.md on a message schema and its fields. */
function describe(name: string, json: Json): Json {
  const entry = MESSAGE_DESCRIPTIONS[name];
  if (!entry) return json;
  const properties = (json.properties ?? {}) as Record<string, Json>;
  for (const [field, description] of Object.entries(entry.fields ?? {})) {
    if (properties[field]) properties[field] = { description, ...properties[field] };
  }
  if (name === 'runtime-tool-call') {
    // The kit answers non-object arguments with invalid_arguments; a runtime must send an object.
    properties.arguments = { description: properties.arguments?.description, type: 'object' };
  }
  const context = properties.context && objectBranch(properties.context);
  if (context) {
    context.description = CONTEXT_DESCRIPTION;
    const fields = (context.properties ?? {}) as Record<string, Json>;
    for (const [field, description] of Object.entries(CONTEXT_FIELDS)) {
      if (fields[field]) fields[field] = { description, ...fields[field] };
    }
  }
  return { description: entry.description, ...json };
}

/**
 * `raw_value`'s union, which its predicate checks (response.ts); registered here rather than
 * where it is made, so the browser bundle carries no registration it never reads.
 */
writtenAs(rawValueSchema, 'raw-value');
const rawValueUnion = z.union([z.boolean(), z.string(), z.array(z.string()), z.record(z.string(), z.string()), z.null()]);

/** How each registered shape is written (written-as.ts), in place. */
const WRITE: Record<WrittenShape, (json: Record<string, unknown>) => void> = {
  // As `z.record(z.string(), …)`'s, key for key, in its order.
  'string-record': (json) => {
    const { additionalProperties } = json;
    delete json.properties;
    delete json.additionalProperties;
    json.propertyNames = { type: 'string' };
    json.additionalProperties = additionalProperties;
  },
  'raw-value': (json) => {
    const { $schema: _schema, ...union } = z.toJSONSchema(rawValueUnion, { io: 'input' });
    Object.assign(json, union);
  },
};

/**
 * A schema's JSON Schema as the shape it stands for. One that zod cannot represent (a custom
 * predicate) and that names no shape is refused, naming its file, rather than published as
 * "anything".
 */
function asWritten(zodSchema: z.core.$ZodType, json: Record<string, unknown>, name: string): void {
  const shape = shapeOf(zodSchema);
  if (shape) WRITE[shape](json);
  else if (zodSchema._zod.def.type === 'custom') throw new TypeError(`schema/${name}.json: a custom schema with no written shape (register one with writtenAs)`);
}

/** One schema's JSON Schema (draft 2020-12), each part written as the shape it stands for. */
export function jsonSchemaOf(schema: z.core.$ZodType, name: string): Json {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', override: ({ zodSchema, jsonSchema }) => asWritten(zodSchema, jsonSchema, name) }) as Json;
}

/** The JSON Schema (draft 2020-12) of every protocol shape, by name, with its descriptions. */
export function protocolJsonSchemas(): Record<JsonSchemaName, Json> {
  const schemas = {} as Record<JsonSchemaName, Json>;
  for (const [name, schema] of Object.entries(JSON_SCHEMA_SOURCES)) {
    const json = jsonSchemaOf(schema, name);
    schemas[name as JsonSchemaName] = { $id: `agent-interaction-kit/schema/${name}.json`, ...describe(name, json) };
  }
  return schemas;
}
