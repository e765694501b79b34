// The demo's inbox page as a visitor uses it: Vite serving demo/ with the mock runtime behind
// /runtime, three background agents asking at once, one inbox listing every call beside one
// agent's chat. An answer in either place settles the other, which then says where and by whom;
// axe-core checks the page at the end. Run in each engine through the driver seam.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { startDemo, visitWithSettings, type DemoServer } from '../support/demo-server.js';
import { enginesToRun, launchEngine, type Engine, type EngineBrowser } from '../support/drive/engine.js';
import { Page, poll } from '../support/drive/page.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let demo: DemoServer;
let base = '';

before(async () => {
  demo = await startDemo();
  base = demo.base;
});

after(async () => {
  await demo?.close();
});

/** What the inbox shows: each row's title, and the receipt line of those that settled. */
const ROWS = `[...document.querySelector('#inbox').shadowRoot.querySelectorAll('[data-row]')].map((row) => ({
  title: row.querySelector('[part~="row-title"], .title')?.textContent.trim() ?? '',
  receipt: row.matches('.receipt') ? row.textContent.replace(/\\s+/g, ' ').trim() : null,
}))`;

/** The receipt line of the chat's card titled `title`, once it is one. */
const chatReceipt = (title: string) => `(() => {
  const cards = [...document.querySelector('#chat').shadowRoot.querySelectorAll('[data-id]')];
  const card = cards.find((c) => c.shadowRoot?.textContent.includes(${JSON.stringify(title)}));
  const line = card?.shadowRoot.querySelector('.receipt-line');
  return line ? line.textContent.replace(/\\s+/g, ' ').trim() : null;
})()`;

for (const engine of enginesToRun()) describeInboxPage(engine);

function describeInboxPage(engine: Engine): void {
  describe(`the demo's inbox page, in ${engine}`, () => {
    let browser: EngineBrowser;
    before(async () => {
      browser = await launchEngine(engine);
    });
    after(async () => {
      await browser?.close();
    });

    it('three agents ask at once; an answer in the inbox settles the chat, one in the chat settles the inbox; axe clean', async () => {
      const page = new Page(await browser.newPage({ width: 1280, height: 900 }));
      await visitWithSettings(page, `${base}inbox.html`, { locale: 'en', theme: 'light' });
      await page.getByRole('button', { name: 'Let the agents ask', exact: true }).click();
      type Row = { title: string; receipt: string | null };
      const rows = await poll(async () => {
        const shown = await page.run<Row[]>(ROWS);
        return shown.length === 6 ? shown : undefined;
      }, 'six waiting calls in the inbox');
      assert.deepEqual(rows.map((r) => r.receipt), [null, null, null, null, null, null]);
      const visitor = await page.run<string>(`sessionStorage.getItem('aik-demo-visitor')`);

      // In the inbox: open the release bot's medium approval and approve it there.
      await page.getByRole('button', { name: /Restart a service/ }).first().click();
      await page.getByRole('button', { name: 'Approve', exact: true }).first().waitFor();
      await page.run(`document.querySelector('#inbox').shadowRoot.querySelector('approval-dialog').shadowRoot.querySelector('[part~="approve-button"]').click()`);
      const inChat = await poll(async () => (await page.run<string | null>(chatReceipt('Restart a service'))) ?? undefined, 'the chat card settles');
      assert.match(inChat, /Approved/);
      assert.match(inChat, new RegExp(`in the inbox · ${visitor}`));

      // Back to the inbox's list; in the chat, reject the high-risk release: its row becomes its receipt.
      await page.getByRole('button', { name: 'Back to the list', exact: true }).click();
      await page.run(`[...document.querySelector('#chat').shadowRoot.querySelectorAll('approval-dialog')].find((c) => c.shadowRoot.textContent.includes('Confirm the release')).shadowRoot.querySelector('[part~="reject-button"]').click()`);
      const inInbox = await poll(async () => (await page.run<Row[]>(ROWS)).find((r) => r.title.includes('Confirm the release') && r.receipt)?.receipt ?? undefined, 'the inbox row settles');
      assert.match(inInbox, /Rejected/);
      assert.match(inInbox, /chat/);
      assert.match(inInbox, new RegExp(visitor));

      await page.run(`(() => { if ('axe' in window) return; const s = document.createElement('script'); s.textContent = ${JSON.stringify(axeSource)}; document.head.append(s); })()`);
      const violations = await page.run<string[]>(`axe.run(document).then((r) => r.violations.map((v) => v.id + ': ' + JSON.stringify(v.nodes.map((n) => n.target))))`);
      assert.deepEqual(violations, []);
      await page.close();
    });

    it('in Arabic: the link back to the demo stands first, its arrow pointing right, the reading way back, before its English words', async () => {
      const page = new Page(await browser.newPage({ width: 1280, height: 900 }));
      await visitWithSettings(page, `${base}inbox.html`, { locale: 'ar', theme: 'light' });
      await poll(async () => ((await page.run<string>(`document.querySelector('[data-i18n="back"]').textContent`)) === 'The demo' ? true : undefined), 'the page in its words');
      assert.equal(await page.run<string>('document.documentElement.dir'), 'rtl');
      const link = await page.run<{ arrow: number; wordsLeft: number; wordsRight: number; turned: number; name: string }>(`(() => {
        const link = document.querySelector('.back-link');
        const arrow = link.querySelector('.backward');
        const words = link.querySelector('[data-i18n="back"]').getBoundingClientRect();
        return { arrow: arrow.getBoundingClientRect().left, wordsLeft: words.left, wordsRight: words.right, turned: new DOMMatrix(getComputedStyle(arrow).transform).a, name: link.textContent.replace('←', '').trim() };
      })()`);
      assert.equal(link.turned, -1, 'the ← turned to point right');
      assert.ok(link.arrow >= link.wordsRight - 1, 'the arrow before the words, on their right');
      assert.equal(link.name, 'The demo');
      await page.close();
    });
  });
}
