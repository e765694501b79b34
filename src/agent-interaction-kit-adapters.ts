// The standalone file with the adapters (dist/agent-interaction-kit-adapters.js): everything the
// core standalone file has and registers, the adapters' mappings, and their card parts (typed
// fields, link consent), for a page that loads the kit with one script tag and speaks MCP,
// AskUserQuestion or AG-UI.
import { defineAdapterParts } from './elements/define-adapter-parts.js';

export * from './index.js';
export * from './adapters/index.js';

defineAdapterParts();
