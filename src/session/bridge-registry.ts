import { pageSlot } from '../page-slot.js';
import type { AdapterBridge } from './adapter-bridge.js';

/** The adapters' bridge, as the session builds one (see `adapter-bridge.ts`). */
export type AdapterBridgeClass = typeof AdapterBridge;

// Like the cards' adapter parts: the bridge comes with the adapters' entries, so the core bundle
// does not carry it (DESIGN §7).
const slot = pageSlot<AdapterBridgeClass>('adapter-bridge');

/**
 * The bridge a session needs to run `adapters` (or to speak pure JSON-RPC), none when it has
 * nothing to run. Without an adapters entry loaded, that is an error naming the option.
 */
export function bridgeFor(adapters: readonly unknown[], jsonrpc: boolean): AdapterBridgeClass | undefined {
  if (adapters.length === 0 && !jsonrpc) return undefined;
  const bridge = slot.get();
  if (bridge) return bridge;
  const field = adapters.length > 0 ? 'adapters' : 'protocol';
  throw new TypeError(`${field}: import agent-interaction-kit/adapters (or load agent-interaction-kit-adapters.js) first`);
}

/** Called by the adapters' entries; sessions started from then on run their adapters. */
export const registerAdapterBridge = slot.set;
