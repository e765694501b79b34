import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { isRecord } from '../protocol/constants.js';

/**
 * A tool's arguments as the MCP SDK sees them: any object passes, and `tools/list` advertises the
 * kit's JSON Schema. The kit's own rules then accept and repair what the tool rules accept
 * (docs/protocol.md §4), and refuse the rest naming the field (an `error`, docs/protocol.md §3):
 * the SDK's stricter check would refuse a
 * `timeout_seconds: "30"` that the kit reads as 30.
 */
export function lenientSchema(jsonSchema: Record<string, unknown>): StandardSchemaWithJSON<Record<string, unknown>> {
  return {
    '~standard': {
      version: 1,
      vendor: 'agent-interaction-kit',
      validate: (value: unknown) => (isRecord(value) ? { value } : { issues: [{ message: 'The arguments must be an object.' }] }),
      jsonSchema: { input: () => jsonSchema, output: () => jsonSchema },
    },
  };
}

/** `interaction_respond`'s arguments: the call the card answers and the response (docs/protocol.md §5.1). */
export const RESPOND_INPUT_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    call_id: { type: 'string', description: 'The call the response answers, as the card derives it from the tool call it shows.' },
    response: {
      type: 'object',
      description: 'The response (docs/protocol.md §5.1): request_id, status, approved, text, selected_options, answers, raw_value, resolved_at.',
    },
  },
  required: ['call_id', 'response'],
};
