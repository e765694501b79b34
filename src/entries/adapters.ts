// agent-interaction-kit/adapters: the adapters' mappings, and what only their requests need (the
// cards' typed fields and link consent, the session's bridge), registered when this entry is imported.
import { defineAdapters } from '../define-adapters.js';

export * from '../adapters/index.js';

defineAdapters();
