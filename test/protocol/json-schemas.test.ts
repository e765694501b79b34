import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Ajv2020 from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import { toolDefinitions } from '../../src/agent/tool-definitions.js';
import { CONTEXT_FIELDS, MESSAGE_DESCRIPTIONS } from '../../src/protocol/descriptions.js';
import { protocolJsonSchemas } from '../../src/protocol/json-schemas.js';
import { parseRuntimeMessage } from '../../src/protocol/parse.js';
import { golden, withPlaceholders } from '../support/golden.js';

// The JSON Schemas are what a Python or Go runtime validates with: they must accept every golden
// message and result, and refuse what the kit refuses.
const ajv = new Ajv2020({ strict: false, allErrors: true });
const schemas = protocolJsonSchemas();
for (const schema of Object.values(schemas)) ajv.addSchema(schema);
const validate = (name: keyof typeof schemas, value: unknown) => {
  const check = ajv.getSchema(`agent-interaction-kit/schema/${name}.json`)!;
  const valid = check(value) as boolean;
  return { valid, errors: JSON.stringify(check.errors) };
};

describe('JSON Schema export', () => {
  it('every schema is valid draft 2020-12 and has an $id', () => {
    for (const [name, schema] of Object.entries(schemas)) {
      assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema', name);
      assert.ok(ajv.validateSchema(schema), name);
    }
  });

  it('accepts every golden tool call, normalised request and result', () => {
    for (const c of golden.tool_cases) {
      const call = { v: 1, type: 'tool_call', call_id: 'c-1', tool: c.tool, arguments: c.arguments, context: c.context };
      assert.ok(validate('runtime-tool-call', call).valid, c.name);
      if (c.normalized) {
        const request = { request_id: 'c-1', session_id: 's', ...c.normalized };
        const check = validate('interaction-request', request);
        assert.ok(check.valid, `${c.name}: ${check.errors}`);
      }
      if (c.result) {
        const result = withPlaceholders(c.result, 'c-1', '2026-11-29T12:00:00.000Z');
        const message = { v: 1, type: 'tool_result', call_id: 'c-1', tool: c.tool, result };
        const check = validate('kit-tool-result', message);
        assert.ok(check.valid, `${c.name}: ${check.errors}`);
        if ('interaction_response' in result) {
          assert.ok(validate('interaction-response', result.interaction_response).valid, c.name);
        }
      }
    }
  });

  it("accepts the kit's error messages", () => {
    for (const c of golden.message_cases) {
      const parsed = parseRuntimeMessage(c.message);
      assert.ok(!parsed.ok);
      const check = validate('kit-error', parsed.error);
      assert.ok(check.valid, `${c.name}: ${check.errors}`);
    }
  });

  it('refuses what the kit refuses', () => {
    assert.equal(validate('runtime-tool-call', { v: 1, type: 'tool_call', tool: 'x', arguments: {} }).valid, false);
    assert.equal(validate('runtime-hello', { v: 2, type: 'hello', session_id: 's' }).valid, false);
    assert.equal(validate('arguments-request-user-input', { message: 'm', questions: 'q1' }).valid, false);
    assert.equal(validate('arguments-request-user-approval', { title: 'x' }).valid, false);
    assert.equal(validate('interaction-response', { request_id: 'r', status: 'maybe' }).valid, false);
  });

  it('describes every message and field in the words of docs/protocol.md', () => {
    const reference = readFileSync(new URL('../../docs/protocol.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    const said = (text: string) => reference.includes(text.replace(/\s+/g, ' '));
    for (const [name, entry] of Object.entries(MESSAGE_DESCRIPTIONS)) {
      const schema = schemas[name as keyof typeof schemas] as { description?: string; properties?: Record<string, { description?: string }> };
      assert.equal(schema.description, entry.description, name);
      if (!name.startsWith('runtime-') && !name.startsWith('kit-')) continue;
      assert.ok(said(entry.description), `${name}: "${entry.description}" is in docs/protocol.md`);
      for (const field of Object.keys(schema.properties ?? {})) {
        const description = schema.properties![field]!.description;
        assert.ok(description, `${name}.${field} has a description`);
        assert.ok(said(description), `${name}.${field}: "${description}" is in docs/protocol.md`);
      }
    }
    for (const description of Object.values(CONTEXT_FIELDS)) assert.ok(said(description), description);
    for (const name of Object.keys(schemas)) assert.ok((schemas[name as keyof typeof schemas].description as string)?.length > 5, name);
  });

  it('says tool_call.arguments is an object', () => {
    const call = { v: 1, type: 'tool_call', call_id: 'c', tool: 'request_user_input' };
    assert.equal(validate('runtime-tool-call', { ...call, arguments: 'message=hi' }).valid, false);
    assert.equal(validate('runtime-tool-call', { ...call, arguments: ['hi'] }).valid, false);
    assert.equal(validate('runtime-tool-call', { ...call, arguments: { message: 'hi' } }).valid, true);
  });

  it("ties a kit tool_result's result to its tool", () => {
    const approval = golden.tool_cases.find((c) => c.name === 'approval-approved-high')!;
    const result = withPlaceholders(approval.result!, 'c-1', '2026-11-29T12:00:00.000Z');
    const message = (tool: string, value: unknown) => ({ v: 1, type: 'tool_result', call_id: 'c-1', tool, result: value });
    assert.equal(validate('kit-tool-result', message('request_user_approval', result)).valid, true);
    assert.equal(validate('kit-tool-result', message('request_user_input', result)).valid, false);
    assert.equal(validate('kit-tool-result', message('publish_artifacts', result)).valid, false);
    assert.equal(validate('kit-tool-result', message('request_user_approval', { error: 'x' })).valid, false);
    assert.equal(validate('kit-tool-result', message('publish_artifacts', { error: 'x' })).valid, true);
  });

  it('gives the tool argument schemas as the tool definitions use them', () => {
    for (const tool of toolDefinitions()) {
      const file = `arguments-${tool.function.name.replaceAll('_', '-')}` as keyof typeof schemas;
      const { $id: _id, $schema: _schema, description, ...parameters } = schemas[file];
      assert.equal(description, tool.function.description);
      assert.deepEqual(parameters, tool.function.parameters);
    }
  });
});
