// `npm start`: the demo page (Vite, 127.0.0.1) beside a mock runtime; Ctrl-C stops both.
import { createServer } from 'vite';
import { startMockRuntime } from '../demo/mock-runtime.js';

const runtime = await startMockRuntime(Number(process.env.RUNTIME_PORT ?? 0));
const vite = await createServer({
  configFile: new URL('../vite.config.ts', import.meta.url).pathname,
  define: { __AIK_RUNTIME_URL__: JSON.stringify(runtime.url) },
  server: { port: Number(process.env.PORT ?? 5173) },
});
await vite.listen();
const url = vite.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/';
console.log(`\n  agent-interaction-kit demo: ${url}\n  mock runtime: ${runtime.url}\n  Ctrl-C to stop.\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all([vite.close(), runtime.close()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
