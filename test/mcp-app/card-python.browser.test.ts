// The MCP App's cards served by the Python server (agent_interaction_kit.mcp_app), through the same host page.
import { cardSuite } from './card-suite.js';

cardSuite('python');
