import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Ajv2020 from 'ajv/dist/2020.js';
import { toolDefinitions } from '../../src/agent/tool-definitions.js';
import { CHANNELS } from '../../src/protocol/constants.js';

type Schema = { type?: string; description?: string; enum?: string[]; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; required?: string[] };

// Every field the seed's tool definitions list (../shared/seeds), with the enumerations it names.
const SEED_FIELDS = {
  request_user_approval: { message: 'string', title: 'string', severity: 'string', timeout_seconds: 'number', details: 'string' },
  request_user_input: {
    message: 'string', title: 'string', input_mode: 'string', purpose: 'string', options: 'array',
    allow_free_text: 'boolean', timeout_seconds: 'number',
  },
  publish_artifacts: { items: 'array', audience: 'string', summary: 'string', title: 'string' },
} as const;
const SEED_ENUMS: Record<string, string[]> = {
  severity: ['low', 'medium', 'high'],
  input_mode: ['text', 'choice', 'multi_choice'],
  audience: ['auto', 'feishu', 'dingtalk', 'wecom'],
};

describe('toolDefinitions', () => {
  it('describes every field the seed lists, with its type, description and enumeration', () => {
    for (const tool of toolDefinitions()) {
      const { name, parameters } = tool.function;
      const properties = (parameters as Schema).properties!;
      for (const [field, type] of Object.entries(SEED_FIELDS[name])) {
        const schema = properties[field];
        assert.ok(schema, `${name}.${field} is described`);
        assert.equal(schema.type, type, `${name}.${field} type`);
        assert.ok((schema.description ?? '').length > 10, `${name}.${field} has a description`);
        if (SEED_ENUMS[field]) assert.deepEqual(schema.enum, SEED_ENUMS[field], `${name}.${field} enum`);
      }
      assert.deepEqual((parameters as Schema).required, [name === 'publish_artifacts' ? 'items' : 'message']);
    }
    const item = (toolDefinitions({ format: 'mcp' })[2]!.inputSchema as Schema).properties!.items!.items!;
    for (const field of ['path', 'url', 'name', 'mime', 'subtype', 'caption']) {
      assert.equal(item.properties![field]!.type, 'string', `items[].${field}`);
      assert.ok(item.properties![field]!.description, `items[].${field} has a description`);
    }
    const question = (toolDefinitions({ format: 'mcp' })[1]!.inputSchema as Schema).properties!.questions!.items!;
    assert.deepEqual(question.required, ['id', 'question', 'options']);
  });

  it('carries the seed guidance in the descriptions', () => {
    const [approval, input, artifacts] = toolDefinitions({ format: 'anthropic' });
    assert.match(input!.description, /recommended one first/);
    assert.match(input!.description, /never add your own custom \(自定义\) option/);
    for (const interactive of [approval!, input!]) assert.match(interactive.description, /never batched .* parallel tool calls/);
    assert.match(artifacts!.description, /desktop.*final answer/);
    assert.match(artifacts!.description, /never describe it as sent/);
  });

  it('gives the three formats their own shape, around the same schema', () => {
    const openai = toolDefinitions({ format: 'openai' });
    const anthropic = toolDefinitions({ format: 'anthropic' });
    const mcp = toolDefinitions({ format: 'mcp' });
    assert.deepEqual(toolDefinitions(), openai, 'openai is the default');
    openai.forEach((tool, index) => {
      assert.equal(tool.type, 'function');
      assert.deepEqual(Object.keys(tool.function), ['name', 'description', 'parameters']);
      assert.deepEqual(Object.keys(anthropic[index]!), ['name', 'description', 'input_schema']);
      assert.deepEqual(Object.keys(mcp[index]!), ['name', 'description', 'inputSchema']);
      assert.deepEqual(anthropic[index]!.input_schema, tool.function.parameters);
      assert.deepEqual(mcp[index]!.inputSchema, tool.function.parameters);
      assert.equal(mcp[index]!.name, tool.function.name);
      assert.equal((tool.function.parameters as Schema).type, 'object');
      assert.equal(tool.function.parameters.$schema, undefined, 'parameters carry no $schema');
      assert.equal(tool.function.parameters.description, undefined, 'the description is the tool\'s, not repeated');
    });
  });

  it('leaves publish_artifacts out where the seed does not expose it', () => {
    const names = (channel?: (typeof CHANNELS)[number]) => toolDefinitions({ channel }).map((tool) => tool.function.name);
    assert.deepEqual(names(), ['request_user_approval', 'request_user_input', 'publish_artifacts']);
    for (const channel of ['desktop', 'qq', 'wechat'] as const) {
      assert.deepEqual(names(channel), ['request_user_approval', 'request_user_input'], channel);
    }
    for (const channel of ['feishu', 'dingtalk', 'wecom'] as const) assert.equal(names(channel).length, 3, channel);
  });

  it('is a schema a model can be held to: it accepts a proper call and refuses a malformed one', () => {
    const ajv = new Ajv2020({ strict: false });
    const [, input] = toolDefinitions({ format: 'mcp' });
    const check = ajv.compile(input!.inputSchema);
    assert.ok(check({ message: 'Pick', questions: [{ id: 'q', question: 'Which?', options: ['A', { label: 'B', value: 'b' }] }] }));
    assert.equal(check({ message: 'Pick', input_mode: 'choice', options: ['A', { label: 5 }] }), false);
    assert.equal(check({ message: 'Pick', input_mode: 'pick-one' }), false);
    assert.equal(check({ message: 'Pick', timeout_seconds: '45' }), false, 'the contract is a number, though the kit repairs "45"');
  });
});
