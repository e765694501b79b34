import type { Transport } from '../transport/transport.js';
import type { AgentConnection, AgentSession } from './agent-session.js';

/**
 * Binds an agent session to the runtime's end of an in-process transport pair (see
 * `createMemoryTransportPair`): for tests, and for pages that run a mock runtime in-process.
 */
export function bindAgentToTransport(session: AgentSession, transport: Transport): AgentConnection {
  const connection: AgentConnection = {
    send: (message) => transport.send(message),
    close: () => transport.close(),
  };
  transport.onMessage((data) => session.receive(connection, data));
  transport.onStateChange((state) => {
    if (state === 'open') session.attach(connection);
    else session.detach(connection);
  });
  if (transport.state === 'open') session.attach(connection);
  return connection;
}
