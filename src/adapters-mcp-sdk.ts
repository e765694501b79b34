// agent-interaction-kit/adapters/mcp-sdk: the MCP SDK client's elicitations, and the card parts
// their forms and links need (typed fields, link consent), registered when this entry is imported.
import { defineAdapterParts } from './elements/define-adapter-parts.js';

export * from './adapters/mcp-sdk.js';

defineAdapterParts();
