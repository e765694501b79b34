import { KIT_VERSION } from '../version.js';
import type { AdapterBridge } from './adapter-bridge.js';

/** The adapters' bridge, as the session builds one (see `adapter-bridge.ts`). */
export type AdapterBridgeClass = typeof AdapterBridge;

// Like the cards' adapter parts: the bridge comes with the adapters' entries, so the core bundle
// does not carry it (DESIGN §7). On the global object, so a page that carries the kit twice (a
// bundled copy beside the standalone file) still has one registry, one per version of the kit.
const KEY = Symbol.for(`agent-interaction-kit.adapter-bridge@${KIT_VERSION}`);
type Holder = { [KEY]?: AdapterBridgeClass };

/**
 * The bridge a session needs to run `adapters` (or to speak pure JSON-RPC), none when it has
 * nothing to run. Without an adapters entry loaded, that is an error naming the option.
 */
export function bridgeFor(adapters: readonly unknown[], jsonrpc: boolean): AdapterBridgeClass | undefined {
  if (adapters.length === 0 && !jsonrpc) return undefined;
  const bridge = (globalThis as Holder)[KEY];
  if (bridge) return bridge;
  const field = adapters.length > 0 ? 'adapters' : 'protocol';
  throw new TypeError(`${field}: import agent-interaction-kit/adapters (or load agent-interaction-kit-adapters.js) first`);
}

/** Called by the adapters' entries; sessions started from then on run their adapters. */
export function registerAdapterBridge(bridge: AdapterBridgeClass): void {
  (globalThis as Holder)[KEY] = bridge;
}
