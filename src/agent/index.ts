// The Node entry (`agent-interaction-kit/agent`): the runtime's side of the protocol.
export { AgentSession, KitError, type AgentConnection, type AgentSessionOptions, type CallToolOptions } from './agent-session.js';
export { createAgentServer, type AgentServer, type AgentServerOptions } from './ws-server.js';
export { bindAgentToTransport } from './memory-binding.js';
export type { ToolResult, ApprovalResult, InputResult, ArtifactsResult, ErrorResult } from '../protocol/results.js';
export type { WireContext } from '../protocol/context.js';
export {
  toolDefinitions,
  type ToolDefinitionFormat,
  type ToolDefinitionOptions,
  type OpenAIToolDefinition,
  type AnthropicToolDefinition,
  type McpToolDefinition,
  type JsonSchemaObject,
} from './tool-definitions.js';
