// The session runs adapters with the bridge the adapters bring (the core bundle does
// not carry it). An adapter without it, or pure JSON-RPC without adapters, is refused with an
// error naming the option; an adapter from agent-interaction-kit/adapters runs.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mcpElicitation } from '../../src/adapters/mcp-elicitation.js';
import type { EnvelopeAdapter } from '../../src/session/envelope.js';
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

/** An envelope adapter written by hand, without what runs it. */
const { extension: _bridge, ...bare } = mcpElicitation();
const homemade: EnvelopeAdapter = bare;

describe('the adapters bridge, brought by the adapters', () => {
  it('an adapter without it, or pure JSON-RPC without adapters, throws an error naming the option', () => {
    assert.throws(() => sessionWith({ adapters: [homemade] }).make(), { name: 'TypeError', message: /^adapters: take them from agent-interaction-kit\/adapters/ });
    assert.throws(() => sessionWith({ protocol: 'jsonrpc' }).make(), { name: 'TypeError', message: /^protocol: "jsonrpc" needs adapters/ });
  });

  it('a v1 session without adapters runs, and leaves a JSON-RPC message to the v1 parser', async () => {
    const { frames, elicit } = sessionWith({});
    const kit = await elicit();
    assert.deepEqual(kit.list(), []);
    assert.deepEqual(frames.map((frame) => frame.type), ['connect', 'error']);
  });

  it('mcpElicitation() brings it: the elicitation opens a card, also beside an adapter without it', async () => {
    for (const adapters of [[mcpElicitation()], [homemade, mcpElicitation()]]) {
      const kit = await sessionWith({ adapters, protocol: 'jsonrpc' }).elicit();
      assert.deepEqual(kit.list().map((entry) => [entry.id, entry.kind, entry.source]), [['mcp-1', 'request', 'adapter']]);
    }
  });
});
