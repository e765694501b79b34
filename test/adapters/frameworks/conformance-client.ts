// A client for `@modelcontextprotocol/conformance` built on the kit: the suite starts it with its
// server's URL as the last argument; it serves conformance-client.page.ts on loopback beside a
// pass-through to that server (the page's client reaches it on its own origin), opens the page in
// Chromium, and answers every card as a person would: reads it and presses Submit, keeping what the
// server offered as defaults. `v1` or `v2` (first argument) picks the SDK the page's client uses.
// It prints what the calls returned and exits 0 when every call returned and the page logged no error.
import { request as forward, type IncomingMessage } from 'node:http';
import { closeBrowser, openPage, type Route } from './page-lab.js';

const [sdk = 'v1'] = process.argv.slice(2, -1);
const upstream = new URL(process.argv.at(-1) ?? '');
// The page's bundle when the test built it beforehand (once for every run), else its source.
const ENTRY = process.env.AIK_CONFORMANCE_PAGE ?? new URL('./conformance-client.page.ts', import.meta.url).pathname;

let streamOpen: () => void;
const opened = new Promise<void>((resolve) => (streamOpen = resolve));

/** Passes a request to the suite's server as it is, streaming the answer back (SSE included). */
const pass: Route = (incoming: IncomingMessage, response, body) =>
  new Promise<void>((resolve, reject) => {
    const headers = { ...incoming.headers, host: upstream.host };
    const outgoing = forward(upstream, { method: incoming.method, headers }, (answer) => {
      // The background stream (GET) is where the server sends its elicitations.
      if (incoming.method === 'GET' && answer.statusCode === 200) streamOpen();
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
      answer.on('end', resolve);
    });
    outgoing.on('error', reject);
    outgoing.end(incoming.method === 'POST' ? body : undefined);
  });

const lab = await openPage(ENTRY, {
  '/mcp': pass,
  '/stream-open': async (_incoming, response) => {
    await opened;
    response.writeHead(204);
    response.end();
  },
}, `?sdk=${sdk}`);

const { page } = lab;
const run = page.evaluate(() => (window as unknown as { run(): Promise<unknown[]> }).run());
// Each card as it comes: a person reads the form and sends it (Submit), or opens the link.
let answered = 0;
const cards = page.locator('interaction-host [role="listitem"]');
const finished = run.then(
  (results) => ({ results }),
  (error: unknown) => ({ error }),
);
for (;;) {
  const next = cards.nth(answered).getByRole('button', { name: /^(Submit|Open link)$/ });
  const outcome = await Promise.race([finished, next.waitFor({ timeout: 20_000 }).then(() => 'card' as const, () => 'none' as const)]);
  if (outcome !== 'card') break;
  await next.click();
  answered += 1;
}
const outcome = await finished;
console.log(JSON.stringify({ sdk, answered, ...outcome, pageErrors: lab.errors }));
await lab.close();
await closeBrowser();
process.exit('error' in outcome || lab.errors.length > 0 ? 1 : 0);
