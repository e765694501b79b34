// Ports for servers started side by side. @web/test-runner picks its port by probing from 8000
// when none is given, so two runners started at once can both find 8000 free and one then fails
// with EADDRINUSE. Holding every probe open until all are chosen makes the ports distinct.
import { createServer } from 'node:net';

/** `count` distinct ports on 127.0.0.1 that were free a moment ago. */
export async function freePorts(count) {
  const servers = await Promise.all(
    Array.from({ length: count }, () => new Promise((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve(server));
    })),
  );
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
