// What the adapters' entries bring beside their mappings, registered when one is imported: the
// cards' typed fields and link consent, and the session's bridge that runs the adapters. The core
// bundle carries neither (DESIGN §7: room comes from adapter-only code).
import { defineAdapterParts } from './elements/define-adapter-parts.js';
import { AdapterBridge } from './session/adapter-bridge.js';
import { registerAdapterBridge } from './session/bridge-registry.js';

/** Cards rendered and sessions started from now on can show and run the adapters' requests. */
export function defineAdapters(): void {
  defineAdapterParts();
  registerAdapterBridge(AdapterBridge);
}
