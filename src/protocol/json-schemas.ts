import * as z from 'zod/mini';
import {
  ackSchema,
  cancelSchema,
  connectSchema,
  errorMessageSchema,
  helloSchema,
  interactionRequestMessageSchema,
  interactionResponseMessageSchema,
  kitToolResultSchema,
  readySchema,
  runtimeToolResultSchema,
  toolCallSchema,
} from './messages.js';
import { interactionRequestSchema } from './request.js';
import { interactionResponseSchema } from './response.js';
import {
  approvalResultSchema,
  artifactsResultSchema,
  errorResultSchema,
  inputResultSchema,
} from './results.js';
import {
  approvalArgumentsSchema,
  artifactsArgumentsSchema,
  inputArgumentsSchema,
} from './tool-arguments.js';

/**
 * Every schema a runtime in another language needs, by file name. They are the schemas the kit
 * itself validates with (none has a transform), so JSON Schema and zod agree by construction.
 */
export const JSON_SCHEMA_SOURCES = {
  'runtime-hello': helloSchema,
  'runtime-tool-call': toolCallSchema,
  'runtime-interaction-request': interactionRequestMessageSchema,
  'runtime-cancel': cancelSchema,
  'runtime-ack': ackSchema,
  'runtime-tool-result': runtimeToolResultSchema,
  'kit-connect': connectSchema,
  'kit-ready': readySchema,
  'kit-tool-result': kitToolResultSchema,
  'kit-interaction-response': interactionResponseMessageSchema,
  'kit-error': errorMessageSchema,
  'arguments-request-user-approval': approvalArgumentsSchema,
  'arguments-request-user-input': inputArgumentsSchema,
  'arguments-publish-artifacts': artifactsArgumentsSchema,
  'interaction-request': interactionRequestSchema,
  'interaction-response': interactionResponseSchema,
  'result-request-user-approval': approvalResultSchema,
  'result-request-user-input': inputResultSchema,
  'result-publish-artifacts': artifactsResultSchema,
  'result-error': errorResultSchema,
} as const;

export type JsonSchemaName = keyof typeof JSON_SCHEMA_SOURCES;

/** The JSON Schema (draft 2020-12) of every protocol shape, by name. */
export function protocolJsonSchemas(): Record<JsonSchemaName, Record<string, unknown>> {
  const schemas = {} as Record<JsonSchemaName, Record<string, unknown>>;
  for (const [name, schema] of Object.entries(JSON_SCHEMA_SOURCES)) {
    const json: Record<string, unknown> = z.toJSONSchema(schema, { io: 'input' });
    schemas[name as JsonSchemaName] = { $id: `agent-interaction-kit/schema/${name}.json`, ...json };
  }
  return schemas;
}
