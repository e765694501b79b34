// `npm start`: the demo page (Vite, 127.0.0.1) beside the mock runtime; Ctrl-C stops both.
import { createServer } from 'vite';
import { startMockRuntime } from '../demo/mock-runtime.js';

const runtime = await startMockRuntime({ port: Number(process.env.RUNTIME_PORT ?? 0), log: (line) => console.log(`  ${line}`) });
const target = `http://127.0.0.1:${runtime.port}`;
const vite = await createServer({
  configFile: new URL('../vite.config.ts', import.meta.url).pathname,
  server: {
    port: Number(process.env.PORT ?? 5173),
    // One origin for the page: the runtime's HTTP and WebSocket endpoints sit under /runtime.
    proxy: { '/runtime': { target, ws: true, rewrite: (path) => path.replace(/^\/runtime/, '') } },
  },
});
await vite.listen();
const url = vite.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/';
console.log(`\n  agent-interaction-kit demo: ${url}\n  mock runtime: ${target}\n  Ctrl-C to stop.\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all([vite.close(), runtime.close()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
