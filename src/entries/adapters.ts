// agent-interaction-kit/adapters: the adapters' mappings. `mcpElicitation()` brings what runs it
// (the session's bridge, the cards' typed fields and link consent); `provideAdapterParts(root)`
// gives the cards' parts to standalone cards showing AskUserQuestion's and AG-UI's requests.
export * from '../adapters/index.js';
export { provideAdapterParts } from '../extensions/adapters-extension.js';
