// agent-interaction-kit/mcp-app: the kit's cards as an MCP App, on an `@modelcontextprotocol/server`
// McpServer (Node). The cards themselves are the package's mcp-app/card.html, served as its resource.
export { registerInteractionTools, type InteractionTools, type InteractionToolsOptions } from '../mcp-app/register.js';
export { CARD_RESOURCE_MIME, CARD_RESOURCE_URI, RESPOND_TOOL } from '../mcp-app/constants.js';
export { canonicalJson, argumentsDigest } from '../mcp-app/call-id.js';
export type { DeliverFunction, DeliverOutcome } from '../rules/artifacts/deliver.js';
export type { Artifact } from '../rules/artifacts/prepare.js';
export type { Clock } from '../protocol/clock.js';
