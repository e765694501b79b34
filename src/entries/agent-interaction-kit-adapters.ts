// The standalone file with the adapters (dist/agent-interaction-kit-adapters.js): everything the
// core standalone file has and registers, and the adapters' mappings with what only they need
// (typed fields, link consent, the session's bridge), for a page that loads the kit with one
// script tag and speaks MCP, AskUserQuestion or AG-UI.
export * from './index.js';
export * from '../adapters/index.js';
export { provideAdapterParts } from '../extensions/adapters-extension.js';
