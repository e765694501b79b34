// agent-interaction-kit/adapters: the adapters' mappings, and the card parts only their requests
// need (typed fields, link consent), registered when this entry is imported.
import { defineAdapterParts } from './elements/define-adapter-parts.js';

export * from './adapters/index.js';

defineAdapterParts();
