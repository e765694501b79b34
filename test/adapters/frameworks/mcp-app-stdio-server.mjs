// The kit's MCP App on a stdio MCP server, as a newcomer starts it: an McpServer from
// `@modelcontextprotocol/server` with the package's `agent-interaction-kit/mcp-app` tools
// registered on it (the card's HTML is the built package's own). The MCP Inspector's CLI runs it;
// its first argument, when given, is the conversation's channel (`feishu` offers publish_artifacts).
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { registerInteractionTools } from 'agent-interaction-kit/mcp-app';

const server = new McpServer({ name: 'kit-mcp-app', version: '1.0.0' });
const tools = registerInteractionTools(server, { context: { requester: 'kit-mcp-app', ...(process.argv[2] ? { channel: process.argv[2] } : {}) } });
await server.connect(new StdioServerTransport());
process.stdin.on('end', () => tools.close());
