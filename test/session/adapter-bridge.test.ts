// The session runs adapters with the bridge the adapters' entries register (DESIGN §7: the core
// bundle does not carry it). Without it, a session given adapters says which option needs what;
// once registered, the same options run. Node runs each test file in its own process, so this
// file starts with no bridge registered.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mcpElicitation } from '../../src/adapters/mcp-elicitation.js';
import { AdapterBridge } from '../../src/session/adapter-bridge.js';
import { registerAdapterBridge } from '../../src/session/bridge-registry.js';
import { InteractionSession, type SessionOptions } from '../../src/session/session.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { createMemoryTransportPair } from '../../src/transport/memory-transport.js';
import { flush } from './harness.js';

/** A session with `options` on a memory connection; `elicit()` starts it and sends it one MCP elicitation. */
function sessionWith(options: Pick<SessionOptions, 'adapters' | 'protocol'>) {
  const [kitEnd, peerEnd] = createMemoryTransportPair();
  const frames: Record<string, unknown>[] = [];
  peerEnd.onMessage((data) => frames.push(JSON.parse(String(data)) as Record<string, unknown>));
  const make = () => new InteractionSession({ transport: kitEnd, storage: new MemoryStorage(), ...options });
  const elicit = async () => {
    const kit = make();
    peerEnd.connect();
    kit.start();
    await flush();
    peerEnd.send(ELICIT);
    await flush();
    return kit;
  };
  return { frames, make, elicit };
}

const ELICIT = { jsonrpc: '2.0', id: 7, method: 'elicitation/create', params: { mode: 'form', message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } } };

describe('the adapters bridge, registered by the adapters entries', () => {
  it('without it, a session given adapters or pure JSON-RPC throws an error naming the option', () => {
    assert.throws(() => sessionWith({ adapters: [mcpElicitation()] }).make(), { name: 'TypeError', message: /^adapters: import agent-interaction-kit\/adapters/ });
    assert.throws(() => sessionWith({ protocol: 'jsonrpc' }).make(), { name: 'TypeError', message: /^protocol: import agent-interaction-kit\/adapters/ });
  });

  it('without it, a v1 session without adapters runs, and leaves a JSON-RPC message to the v1 parser', async () => {
    const { frames, elicit } = sessionWith({});
    const kit = await elicit();
    assert.deepEqual(kit.list(), []);
    assert.deepEqual(frames.map((frame) => frame.type), ['connect', 'error']);
  });

  it('once registered, the same options run: the elicitation opens a card', async () => {
    registerAdapterBridge(AdapterBridge);
    const kit = await sessionWith({ adapters: [mcpElicitation()], protocol: 'jsonrpc' }).elicit();
    assert.deepEqual(kit.list().map((entry) => [entry.id, entry.kind, entry.source]), [['mcp-1', 'request', 'adapter']]);
  });
});
