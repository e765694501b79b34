// `npm start`: the demo page (Vite, 127.0.0.1) beside the mock runtime; Ctrl-C stops both.
import { readFile } from 'node:fs/promises';
import { createServer } from 'vite';
import { startMockRuntime } from '../demo/mock-runtime.js';
import { sandboxCsp } from '../demo/mcp-apps/csp.js';
import { startMcpAppServer } from '../demo/mcp-apps/server.js';

// `npm start -- --runtime ws://127.0.0.1:8787/agent/sessions/abc`: the page connects to that
// runtime instead of the mock one, and its wire panel inspects every message (demo/inspect.ts).
const flag = process.argv.indexOf('--runtime');
const external = flag >= 0 ? process.argv[flag + 1] : undefined;
if (flag >= 0 && !external?.match(/^wss?:\/\//)) {
  console.error('--runtime needs a ws:// or wss:// URL, e.g. --runtime ws://127.0.0.1:8787/agent/sessions/abc');
  process.exit(2);
}
const runtime = external ? undefined : await startMockRuntime({ port: Number(process.env.RUNTIME_PORT ?? 0), log: (line) => console.log(`  ${line}`) });
const target = runtime ? `http://127.0.0.1:${runtime.port}` : undefined;
// The MCP Apps host page (mcp-apps.html) talks to the kit's MCP server under /mcp-app; its sandbox
// proxy is served with the View's CSP (the spec's default).
const mcpApp = await startMcpAppServer({ context: { requester: 'demo agent' } });
const sandboxHeader = {
  name: 'mcp-apps-sandbox-csp',
  configureServer(server: { middlewares: { use(fn: (req: { url?: string }, res: { setHeader(n: string, v: string): void; end(body: string): void }, next: () => void) => void): void } }) {
    server.middlewares.use((req, res, next) => {
      if (req.url?.startsWith('/mcp-apps/sandbox.html')) res.setHeader('Content-Security-Policy', sandboxCsp());
      next();
    });
    // The host's connection-help link: the manual's pages, as plain text, from the clone.
    server.middlewares.use((req, res, next) => {
      const page = req.url?.match(/^\/docs\/([a-z-]+\.md)(?:[?#]|$)/)?.[1];
      if (!page) return next();
      readFile(new URL(`../docs/${page}`, import.meta.url), 'utf8').then(
        (text) => {
          res.setHeader('Content-Type', 'text/plain; charset=utf-8');
          res.end(text);
        },
        () => next(),
      );
    });
  },
};
const vite = await createServer({
  configFile: new URL('../vite.config.ts', import.meta.url).pathname,
  plugins: [sandboxHeader],
  server: {
    port: Number(process.env.PORT ?? 5173),
    // One origin for the page: the runtime's HTTP and WebSocket endpoints sit under /runtime, the
    // MCP App server under /mcp-app.
    proxy: {
      '/mcp-app/': { target: mcpApp.url.replace(/\/mcp$/, ''), rewrite: (path: string) => path.replace(/^\/mcp-app/, '') },
      ...(target ? { '/runtime': { target, ws: true, rewrite: (path: string) => path.replace(/^\/runtime/, '') } } : {}),
    },
  },
});
await vite.listen();
const base = vite.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/';
const url = external ? `${base}?runtime=${encodeURIComponent(external)}` : base;
const serving = external ? `inspecting runtime: ${external}` : `mock runtime: ${target}`;
console.log(`\n  agent-interaction-kit demo: ${url}\n  ${serving}\n  MCP Apps host: ${base}mcp-apps.html (the kit's MCP server: ${mcpApp.url})\n  Ctrl-C to stop.\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all([vite.close(), runtime?.close(), mcpApp.close()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
