// The browser stage starts Firefox's and WebKit's runners at once; each needs its own port, or
// one fails with EADDRINUSE (both probed 8000, found it free, and raced for it).
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { describe, it } from 'node:test';
import { freePorts } from '../../scripts/free-ports.js';

const listen = (port: number) => new Promise<Server>((resolve, reject) => {
  const server = createServer();
  server.once('error', reject);
  server.listen(port, '127.0.0.1', () => resolve(server));
});

describe('scripts/free-ports.js', () => {
  it('gives distinct ports that can all be listened on at once', async () => {
    const ports: number[] = await freePorts(3);
    assert.equal(new Set(ports).size, 3);
    const servers = await Promise.all(ports.map(listen));
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });
});
