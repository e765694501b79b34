// The set-up the MCP adapter's Node tests share: a kit session with the MCP elicitation adapter on
// an in-memory connection, and the server's end of it, as an MCP peer holds it.
import { mcpElicitation, type McpElicitationOptions } from '../../src/adapters/mcp-elicitation.js';
import { InteractionSession, type SessionEntry, type SessionProtocol } from '../../src/session/session.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { createMemoryTransportPair } from '../../src/transport/memory-transport.js';
import { flush } from '../session/harness.js';
import { FakeClock } from '../support/fake-clock.js';

/** The session, started; `frames` is what reached the server's end, `shown` every request entry shown. */
export async function connectMcpPeer(options: { adapter?: McpElicitationOptions; protocol?: SessionProtocol } = {}) {
  const clock = new FakeClock();
  const [kitEnd, serverEnd] = createMemoryTransportPair();
  const frames: string[] = [];
  serverEnd.onMessage((data) => frames.push(String(data)));
  const adapter = mcpElicitation(options.adapter);
  const kit = new InteractionSession({
    transport: kitEnd,
    storage: new MemoryStorage(),
    clock,
    adapters: [adapter],
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });
  const shown: SessionEntry[] = [];
  kit.subscribe((event) => {
    if (event.type === 'request') shown.push(event.entry);
  });
  serverEnd.connect();
  kit.start();
  await flush();
  const send = async (message: unknown) => {
    serverEnd.send(message as object);
    await flush();
  };
  return { kit, adapter, clock, kitEnd, serverEnd, frames, shown, send };
}
