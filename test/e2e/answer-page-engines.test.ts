// The answer link's page in every engine (Chromium, Firefox, WebKit through the driver seam of
// test/support/drive; `AIK_ENGINES` picks), served by the real Node runtime, at 390 × 844 and
// 320 × 640: what the strict Content-Security-Policy allows works (its script runs, its stylesheet
// and the cards' constructed styles apply, its socket connects), nothing is blocked while the card
// is answered by a click, nothing scrolls sideways, zoom stays allowed, axe-core finds nothing,
// and under a coarse pointer every control is at least 44 px each way.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type { AuditRecord } from '../../src/agent/audit.js';
import { createAgentServer, type AgentServer } from '../../src/agent/ws-server.js';
import { enginesToRun, launchEngine, type Engine, type EngineBrowser } from '../support/drive/engine.js';
import { Page, poll } from '../support/drive/page.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;

let http: Server;
let kit: AgentServer;
let base = '';
const audit: AuditRecord[] = [];

before(async () => {
  assert.ok(existsSync(new URL('../../dist/answer-page.js', import.meta.url)), 'dist/answer-page.js is built (npm run build)');
  http = createServer();
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  kit = await createAgentServer({ server: http, log: () => undefined, links: { secret: 'the-answer-page-engines-test-secret-32+', baseUrl: base }, audit: (r) => void audit.push(r) });
  http.on('request', (request, response) => kit.handleRequest(request, response) || response.writeHead(404).end());
});

after(async () => {
  await kit?.close();
  http?.closeAllConnections();
  await new Promise((resolve) => http?.close(resolve));
});

let calls = 0;
function pendingLink(engine: Engine): { link: string; id: string } {
  calls += 1;
  const id = `${engine}-${calls}`;
  const agent = kit.session(`s-${id}`);
  agent.callTool('request_user_approval', { message: 'Deploy checkout 2.3 to production?', severity: 'medium', timeout_seconds: 600 }, { callId: id }).catch(() => undefined);
  return { link: agent.linkFor(id)!, id };
}

/** The controls of the page and its shadow roots that are shown: name, size, shown without hover. */
const CONTROLS = `(() => {
  const roots = [document];
  for (const root of roots) for (const el of root.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
  return roots.flatMap((root) => [...root.querySelectorAll('button, summary, a[href], input:not([type=hidden]), textarea, select, [role=button]')])
    .filter((el) => el.getClientRects().length > 0)
    .map((el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
      return { name: (el.getAttribute('part') || el.textContent || el.tagName).trim().slice(0, 30), width: r.width, height: r.height, shown: s.visibility === 'visible' && Number(s.opacity) > 0, background: s.backgroundColor }; });
})()`;

/** The approve button's centre, through the host's and the card's shadow roots. */
const APPROVE = `(() => {
  const card = document.querySelector('interaction-host').shadowRoot.querySelector('approval-dialog');
  const button = card.shadowRoot.querySelector('[part~="approve-button"]');
  const r = button.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
})()`;

for (const engine of enginesToRun()) {
  describe(`the answer page in ${engine}`, () => {
    let browser: EngineBrowser;
    before(async () => {
      browser = await launchEngine(engine);
    });
    after(async () => {
      await browser?.close();
    });

    for (const phone of PHONES) {
      it(`${phone.width} × ${phone.height}: what the policy allows works, nothing blocked, no sideways scroll, zoom allowed, axe clean`, async () => {
        const { link, id } = pendingLink(engine);
        const page = new Page(await browser.newPage(phone));
        await page.goto(link);
        const connected = `!!document.querySelector('interaction-host')?.shadowRoot?.querySelector('.connection.state-open') && !!document.querySelector('interaction-host').shadowRoot.querySelector('approval-dialog')?.shadowRoot?.querySelector('button')`;
        await poll(async () => (await page.run<boolean>(connected)) || undefined, 'the socket connected and the card shown');
        await page.run(`(() => { window.__csp = []; document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI)); return true; })()`);
        assert.equal(await page.run<string>(`getComputedStyle(document.body).marginTop`), '0px', 'the page’s stylesheet applies (style-src self)');
        assert.equal(await page.run<string | null>(`document.querySelector('meta[name=viewport]').getAttribute('content')`), 'width=device-width, initial-scale=1');
        assert.ok(await page.run<boolean>(`document.documentElement.scrollWidth <= innerWidth`), 'nothing scrolls sideways');
        const coarse = await page.run<boolean>(`matchMedia('(pointer: coarse)').matches`);
        const controls = await page.run<{ name: string; width: number; height: number; shown: boolean; background: string }[]>(CONTROLS);
        assert.ok(controls.length >= 2, JSON.stringify(controls));
        for (const control of controls) {
          assert.ok(control.shown, `${control.name} shows without hover`);
          if (coarse) assert.ok(control.width >= 44 && control.height >= 44, `${control.name} is ${control.width} × ${control.height}`);
        }
        const approveBackground = controls.find((c) => c.name === 'approve-button')?.background;
        assert.ok(approveBackground && !/rgba\(0, 0, 0, 0\)|transparent/.test(approveBackground), `the card's constructed styles apply (${approveBackground})`);
        assert.deepEqual(await page.run<string[]>(`(() => { ${axeSource}; return true; })() && axe.run(document).then((r) => r.violations.map((v) => v.id + ': ' + JSON.stringify(v.nodes.map((n) => n.target))))`), []);
        const [x, y] = await page.run<[number, number]>(APPROVE);
        await page.driven.click(x, y);
        await poll(async () => audit.find((r) => r.call_id === id), 'the answer from the link');
        assert.deepEqual(audit.filter((r) => r.call_id === id).map((r) => [r.decision, r.where]), [['approved', 'link']]);
        assert.deepEqual(await page.run<string[]>(`window.__csp`), [], 'the Content-Security-Policy blocked nothing');
        await page.close();
      });
    }
  });
}
