// agent-interaction-kit/adapters/mcp-sdk: the MCP SDK client's elicitations, shown in an
// <interaction-host> through the MCP adapter, which brings what its cards need.
export * from '../adapters/mcp-sdk.js';
