// `npm run soak -- --minutes N` (default 30): a runtime sends calls continuously at a mixed rate;
// a page running the built bundle answers each through its card's own submit path; connections
// drop at random. At the end it prints calls sent, results received, lost, duplicated and the heap
// growth, and exits non-zero when anything was lost or duplicated or the heap grew by more than
// 2 MB per 10,000 calls.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import { createAgentServer } from '../src/agent/ws-server.js';
// @ts-expect-error a plain JS helper shared with the test runner
import { CHROMIUM_ARGS, ensureChromium } from './chromium.js';

const minutesArg = process.argv.indexOf('--minutes');
const minutes = minutesArg > 0 ? Number(process.argv[minutesArg + 1]) : 30;
const seed = Number(process.env.SOAK_SEED ?? 20261130);
const bundle = new URL('../dist/agent-interaction-kit.js', import.meta.url);
if (!existsSync(bundle)) {
  console.error('dist/agent-interaction-kit.js is missing: run `npm run build` first.');
  process.exit(1);
}

let state = seed;
const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);

const agent = await createAgentServer({ graceMs: 10 * 60_000 });
const session = agent.session('soak');
// The page answers every card through its own controls: approve, type text, pick the recommended.
const page_html = `<!doctype html><html lang="en"><body>
<script type="module" src="/agent-interaction-kit.js"></script>
<interaction-host src="ws://127.0.0.1:${agent.port}/agent/sessions/soak" receipt-limit="20"></interaction-host>
<script type="module">
  const host = document.querySelector('interaction-host');
  host.backoff = { initialMs: 50, maxMs: 500 };
  host.addEventListener('interaction-request', async (event) => {
    await new Promise((r) => setTimeout(r, Math.random() * 30));
    const card = host.shadowRoot.querySelector('[data-id="' + CSS.escape(event.detail.id) + '"]');
    if (!card) return;
    await card.updateComplete;
    const root = card.shadowRoot;
    const click = (part) => root.querySelector('[part~="' + part + '"]')?.click();
    const kind = event.detail.entry.request?.kind;
    if (kind === 'approval') return click('approve-button');
    if (kind === 'text') {
      const field = root.querySelector('[part~="text-field"]');
      field.value = 'answer ' + event.detail.id;
      field.dispatchEvent(new Event('input'));
      await card.updateComplete;
      return click('submit-button');
    }
    if (kind === 'questionnaire') {
      click('recommended-button');
      await card.updateComplete;
      return click('submit-button');
    }
  });
</script></body></html>`;
const http = createServer((request, response) => {
  if (request.url === '/agent-interaction-kit.js') {
    response.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(bundle));
  } else response.writeHead(200, { 'content-type': 'text/html' }).end(page_html);
});
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const port = (http.address() as { port: number }).port;
const browser = await chromium.launch({ executablePath: ensureChromium(), args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc'] });
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${port}/`);
const cdp = await page.context().newCDPSession(page);
async function heap(): Promise<number> {
  await page.evaluate(() => (globalThis as { gc?: () => void }).gc?.());
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
}
await cdp.send('Performance.enable');

const expected = new Map<string, string>();
const received = new Map<string, number>();
let sent = 0;
let wrong = 0;
let drops = 0;
let baseline = 0;
const end = Date.now() + minutes * 60_000;
const inFlight = new Set<Promise<void>>();

function call(n: number): Promise<void> {
  const id = `soak-${n}`;
  const pick = random();
  const [tool, args, answer] =
    pick < 0.4
      ? (['request_user_approval', { message: `Approve #${n}?` }, 'approved'] as const)
      : pick < 0.7
        ? (['request_user_input', { message: `Name #${n}?` }, `answer ${id}`] as const)
        : (['request_user_input', { message: `Plan #${n}`, questions: [{ id: 'a', question: 'A?', options: ['x', 'y'] }, { id: 'b', question: 'B?', options: ['z'] }] }, 'x|z'] as const);
  expected.set(id, answer);
  sent += 1;
  return session.callTool(tool, args, { callId: id, timeoutSeconds: 600 }).then((result) => {
    received.set(id, (received.get(id) ?? 0) + 1);
    const response = (result as { interaction_response?: { approved: boolean; text: string; raw_value: unknown } }).interaction_response;
    const got = !response ? 'none' : tool === 'request_user_approval' ? (response.approved ? 'approved' : 'rejected') : answer.includes('|') ? Object.values(response.raw_value as object).join('|') : response.text;
    if (got !== answer) {
      wrong += 1;
      console.error(`wrong answer for ${id}: ${got}`);
    }
  });
}

let n = 0;
while (Date.now() < end) {
  // A mixed rate: bursts of up to 8 calls in flight, pauses of up to 40 ms.
  while (inFlight.size < 1 + Math.floor(random() * 8)) {
    const promise = call((n += 1)).finally(() => inFlight.delete(promise));
    inFlight.add(promise);
  }
  if (random() < 0.01) {
    for (const client of agent.wss.clients) client.terminate();
    drops += 1;
  }
  await new Promise((resolve) => setTimeout(resolve, random() * 40));
  if (n >= 100 && baseline === 0) baseline = await heap();
}
await Promise.race([Promise.all(inFlight), new Promise((resolve) => setTimeout(resolve, 30_000))]);
const finalHeap = await heap();
const lost = [...expected.keys()].filter((id) => !received.has(id)).length;
const duplicated = [...received.values()].filter((count) => count > 1).length;
const growth = finalHeap - baseline;
const allowed = 2 * 1_048_576 * Math.max(1, sent / 10_000);
console.log(`minutes ${minutes}, seed ${seed}, connection drops ${drops}`);
console.log(`calls sent ${sent}`);
console.log(`results received ${[...received.values()].reduce((a, b) => a + b, 0)}`);
console.log(`lost ${lost}`);
console.log(`duplicated ${duplicated}`);
console.log(`wrong answers ${wrong}`);
console.log(`heap growth ${(growth / 1_048_576).toFixed(2)} MB (allowed ${(allowed / 1_048_576).toFixed(2)} MB)`);
await browser.close();
await agent.close();
http.close();
process.exit(lost > 0 || duplicated > 0 || wrong > 0 || growth > allowed ? 1 : 0);
