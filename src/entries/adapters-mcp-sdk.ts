// agent-interaction-kit/adapters/mcp-sdk: the MCP SDK client's elicitations, and what they need
// (the cards' typed fields and link consent, the session's bridge), registered when this entry is imported.
import { defineAdapters } from '../define-adapters.js';

export * from '../adapters/mcp-sdk.js';

defineAdapters();
