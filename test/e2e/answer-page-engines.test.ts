// The answer link's page in every engine (Chromium, Firefox, WebKit through the driver seam of
// test/support/drive; `AIK_ENGINES` picks), served by the real Node runtime, at 390 × 844 and
// 320 × 640: what the strict Content-Security-Policy allows works (its script runs, its stylesheet
// and the cards' constructed styles apply, its socket connects), nothing is blocked while the card
// is answered by a click, nothing scrolls sideways, zoom stays allowed, axe-core finds nothing,
// and under a coarse pointer every control is at least 44 px each way.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { answerPageServer, PHONES, type AnswerPageServer } from '../support/answer-page-server.js';
import { enginesToRun, launchEngine, type EngineBrowser } from '../support/drive/engine.js';
import { Page, poll } from '../support/drive/page.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let server: AnswerPageServer;

before(async () => {
  server = await answerPageServer('the-answer-page-engines-test-secret-32+');
});

after(async () => {
  await server?.close();
});

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
        const { link, id } = server.pendingLink(engine);
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
        await poll(async () => server.audit.find((r) => r.call_id === id), 'the answer from the link');
        assert.deepEqual(server.audit.filter((r) => r.call_id === id).map((r) => [r.decision, r.where]), [['approved', 'link']]);
        assert.deepEqual(await page.run<string[]>(`window.__csp`), [], 'the Content-Security-Policy blocked nothing');
        await page.close();
      });
    }
  });
}
