// Foreign origins for the browser tests, and what was requested from them, recorded by the
// servers themselves (so it works the same in every engine, with no launcher's request hooks).
// Each test file gets its own port, listened on at 127.0.0.2, .3, .7 and .9: other origins than the
// page's 127.0.0.1, and requests one file makes never show in another file's record.
import { createServer } from 'node:http';

export const FOREIGN_HOSTS = ['127.0.0.2', '127.0.0.3', '127.0.0.7', '127.0.0.9'];

function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    const onError = (error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address().port);
    });
  });
}

const close = (server) =>
  new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** One port on every foreign host; each request is logged as its full URL. */
async function startForeign() {
  const log = [];
  const handler = (request, response) => {
    log.push(`http://${request.headers.host}${request.url}`);
    response.writeHead(404, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' });
    response.end('not here');
  };
  for (let attempt = 0; ; attempt += 1) {
    const servers = FOREIGN_HOSTS.map(() => createServer(handler));
    try {
      const port = await listen(servers[0], 0, FOREIGN_HOSTS[0]);
      for (let i = 1; i < servers.length; i += 1) await listen(servers[i], port, FOREIGN_HOSTS[i]);
      return { port, log, close: () => Promise.all(servers.filter((s) => s.listening).map(close)) };
    } catch (error) {
      await Promise.all(servers.filter((s) => s.listening).map(close));
      if (error.code !== 'EADDRINUSE' || attempt >= 5) throw error;
    }
  }
}

/**
 * `foreign-origins`: the test file's port (the same for every call in that file).
 * `record-requests` `{action: 'start'}` starts a record, `{action: 'stop'}` (or `'peek'`, which
 * goes on recording) returns the URLs requested from the file's foreign origins since then.
 */
export function requestRecorderPlugin() {
  const bySession = new Map();
  const foreign = (id) => {
    if (!bySession.has(id)) bySession.set(id, startForeign().then((started) => ({ ...started, from: started.log.length })));
    return bySession.get(id);
  };
  return {
    name: 'record-requests',
    async executeCommand({ command, payload, session }) {
      if (command === 'foreign-origins') return (await foreign(session.id)).port;
      if (command !== 'record-requests') return undefined;
      const entry = await foreign(session.id);
      if (payload?.action === 'start') {
        entry.from = entry.log.length;
        return true;
      }
      return entry.log.slice(entry.from);
    },
    async serverStop() {
      const all = await Promise.all(bySession.values());
      await Promise.all(all.map((entry) => entry.close()));
    },
  };
}
