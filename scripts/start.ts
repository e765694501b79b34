// `npm start`: the demo page (Vite, 127.0.0.1) beside the mock runtime; Ctrl-C stops both.
import { createServer } from 'vite';
import { startMockRuntime } from '../demo/mock-runtime.js';

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
const vite = await createServer({
  configFile: new URL('../vite.config.ts', import.meta.url).pathname,
  server: {
    port: Number(process.env.PORT ?? 5173),
    // One origin for the page: the runtime's HTTP and WebSocket endpoints sit under /runtime.
    ...(target ? { proxy: { '/runtime': { target, ws: true, rewrite: (path: string) => path.replace(/^\/runtime/, '') } } } : {}),
  },
});
await vite.listen();
const base = vite.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5173/';
const url = external ? `${base}?runtime=${encodeURIComponent(external)}` : base;
const serving = external ? `inspecting runtime: ${external}` : `mock runtime: ${target}`;
console.log(`\n  agent-interaction-kit demo: ${url}\n  ${serving}\n  Ctrl-C to stop.\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all([vite.close(), runtime?.close()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
