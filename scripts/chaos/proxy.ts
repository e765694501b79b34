// A small round-robin TCP proxy on loopback, as a load balancer in front of the instances: each
// new connection goes to the next instance that accepts it. It can drop a session's connections.
import { connect, createServer, type Socket } from 'node:net';

export interface Proxy {
  port: number;
  /** Cuts every connection of `session` (both sides), as a network drop would. */
  drop(session: string): number;
  close(): Promise<void>;
}

export async function startProxy(backends: number[]): Promise<Proxy> {
  let next = 0;
  const live = new Map<Socket, { upstream: Socket; session: string }>();
  const server = createServer((client) => {
    client.pause();
    let tries = 0;
    const attempt = () => {
      const port = backends[next++ % backends.length]!;
      const upstream = connect(port, '127.0.0.1');
      upstream.once('error', () => {
        upstream.destroy();
        tries += 1;
        if (tries < backends.length * 3 && !client.destroyed) setTimeout(attempt, tries % backends.length === 0 ? 100 : 0);
        else client.destroy();
      });
      upstream.once('connect', () => {
        upstream.removeAllListeners('error');
        const entry = { upstream, session: '' };
        live.set(client, entry);
        client.once('data', (chunk: Buffer) => {
          entry.session = /\/sessions\/([^/?#\s]+)/.exec(chunk.toString('latin1'))?.[1] ?? '';
        });
        client.pipe(upstream);
        upstream.pipe(client);
        const end = () => {
          live.delete(client);
          client.destroy();
          upstream.destroy();
        };
        client.on('close', end).on('error', end);
        upstream.on('close', end).on('error', end);
        client.resume();
      });
    };
    client.on('error', () => client.destroy());
    attempt();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    drop(session) {
      let count = 0;
      for (const [client, entry] of live) {
        if (entry.session !== session) continue;
        client.destroy();
        entry.upstream.destroy();
        count += 1;
      }
      return count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const [client, entry] of live) {
          client.destroy();
          entry.upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
