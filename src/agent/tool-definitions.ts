import * as z from 'zod/mini';
import { TOOL_NAMES, type Channel, type ToolName } from '../protocol/constants.js';
import { TOOL_CONTRACTS } from '../protocol/tool-contract.js';

/** The tool-list shapes of the three model APIs a runtime is likely to use. */
export type ToolDefinitionFormat = 'openai' | 'anthropic' | 'mcp';

export type JsonSchemaObject = Record<string, unknown>;

export interface OpenAIToolDefinition {
  type: 'function';
  function: { name: ToolName; description: string; parameters: JsonSchemaObject };
}
export interface AnthropicToolDefinition {
  name: ToolName;
  description: string;
  input_schema: JsonSchemaObject;
}
export interface McpToolDefinition {
  name: ToolName;
  description: string;
  inputSchema: JsonSchemaObject;
}

export interface ToolDefinitionOptions<F extends ToolDefinitionFormat = ToolDefinitionFormat> {
  /** The conversation's channel: on desktop, QQ and WeChat `publish_artifacts` is left out. Default: all three tools. */
  channel?: Channel;
  /** Default `openai`. */
  format?: F;
}

type DefinitionFor<F extends ToolDefinitionFormat> = F extends 'anthropic'
  ? AnthropicToolDefinition
  : F extends 'mcp'
    ? McpToolDefinition
    : OpenAIToolDefinition;

/** The channels where the seed exposes `publish_artifacts`. */
const DELIVERING_CHANNELS: readonly Channel[] = ['feishu', 'dingtalk', 'wecom'];

/** A tool's description and its parameters' JSON Schema, from the model's contract. */
function contractOf(tool: ToolName): { description: string; parameters: JsonSchemaObject } {
  const { $schema: _schema, description, ...parameters } = z.toJSONSchema(TOOL_CONTRACTS[tool], { io: 'input' }) as JsonSchemaObject;
  return { description: String(description), parameters };
}

/**
 * The kit's three tools as a model's tool list: name, description (the seed's guidance) and the
 * JSON Schema of the arguments, in the shape of OpenAI, Anthropic or MCP tool lists.
 */
export function toolDefinitions<F extends ToolDefinitionFormat = 'openai'>(
  options: ToolDefinitionOptions<F> = {},
): DefinitionFor<F>[] {
  const format = options.format ?? 'openai';
  const tools = TOOL_NAMES.filter(
    (tool) => tool !== 'publish_artifacts' || options.channel === undefined || DELIVERING_CHANNELS.includes(options.channel),
  );
  return tools.map((name) => {
    const { description, parameters } = contractOf(name);
    if (format === 'anthropic') return { name, description, input_schema: parameters };
    if (format === 'mcp') return { name, description, inputSchema: parameters };
    return { type: 'function', function: { name, description, parameters } };
  }) as DefinitionFor<F>[];
}
