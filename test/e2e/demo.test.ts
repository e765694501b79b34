// The demo page (`npm start`) as a visitor uses it: Vite serving demo/ with the mock runtime behind
// /runtime, at 1280 × 900 and on a 390 × 844 phone, in Chromium, Firefox and WebKit through the
// driver seam (test/support/drive), driven by pointer and keyboard, with axe-core checking every
// state it reaches. The page's errors are kept by the page itself, failed responses by Vite.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type { Plugin } from 'vite';
import { enginesToRun, launchEngine, type Engine, type EngineBrowser } from '../support/drive/engine.js';
import { Page, poll } from '../support/drive/page.js';
import { pageErrors, withErrorRecorder } from '../support/drive/page-errors.js';
import { firstVisitLocale } from '../../demo/languages.js';
import { leftOpen, liveResources } from '../support/open-handles.js';
import { startDemo, visitWithSettings, type DemoServer } from '../support/demo-server.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let demo: DemoServer;
let base = '';
let baseline: Record<string, number> = {};
/** Every response of 400 or more that Vite sent, as `status url`. */
const failedResponses: string[] = [];

/** The page's errors recorder in every HTML page, and Vite's failed responses recorded. */
const recording: Plugin = {
  name: 'e2e-recording',
  transformIndexHtml: (html) => withErrorRecorder(html),
  configureServer(server) {
    server.middlewares.use((request, response, next) => {
      response.on('finish', () => {
        if (response.statusCode >= 400) failedResponses.push(`${response.statusCode} ${request.url}`);
      });
      next();
    });
  },
};

interface Opened {
  page: Page;
  /** The page's errors and the failed responses since it opened. */
  problems(): Promise<string[]>;
}

/**
 * The demo, as a visitor who chose Chinese on an earlier visit (the words the tests read), or with
 * `firstVisit` as a new one, in whatever language the browser's languages pick.
 */
async function open(browser: EngineBrowser, viewport: { width: number; height: number }, options: { firstVisit?: boolean } = {}): Promise<Opened> {
  const page = new Page(await browser.newPage(viewport));
  const failedBefore = failedResponses.length;
  if (options.firstVisit) await page.goto(base);
  else await visitWithSettings(page, base, { locale: 'zh-CN' });
  if (options.firstVisit) await poll(async () => (await page.run<boolean>(`!!document.querySelector('#host').shadowRoot?.querySelector('.connection.state-open')`)) || undefined, 'connected');
  else await page.getByRole('status').filter({ hasText: '已连接' }).waitFor();
  return { page, problems: async () => [...(await pageErrors(page)), ...failedResponses.slice(failedBefore)] };
}

type Box = { x: number; y: number; width: number; height: number };
const BOX = '(el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }';
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

// Colours are read once the cards' transitions (160 ms after a theme switch) have run: mid-way, a
// button is neither theme's, and axe measured such in-between contrast in WebKit on a busy machine.
// The shadow roots are asked one by one, as not every engine counts their animations as the document's.
const TRANSITIONS_DONE = `(() => {
  const roots = [document];
  for (const root of roots) for (const el of root.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
  return Promise.all(roots.flatMap((root) => root.getAnimations()).map((a) => a.finished.catch(() => undefined))).then(() => true);
})()`;

/** axe-core's violations on the whole page, shadow roots included. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.run<boolean>(TRANSITIONS_DONE);
  await page.run(`(() => { if ('axe' in window) return; const s = document.createElement('script'); s.textContent = ${JSON.stringify(axeSource)}; document.head.append(s); })()`);
  return page.run<string[]>(`axe.run(document).then((result) => result.violations.map((v) => v.id + ': ' + JSON.stringify(v.nodes.map((n) => n.target))))`);
}

async function scenario(page: Page, name: string): Promise<void> {
  // Counted in the DOM, not as a locator counts (what is shown): on a phone the wire is folded away.
  const wired = () => page.run<number>(`document.querySelectorAll('#wire li').length`);
  const before = await wired();
  await page.locator(`button[data-scenario="${name}"]`).click();
  // Its first message on the wire (or a card of the page's own, for the in-page protocols).
  await poll(async () => ((await wired()) > before ? true : undefined), `the wire after ${name}`);
}

before(async () => {
  baseline = liveResources();
  demo = await startDemo([recording]);
  base = demo.base;
});

after(async () => {
  await demo?.close();
  // The process must end on its own (npm test runs it unattended): the scenarios left calls
  // pending with deadlines minutes away, which closing the runtime must end.
  assert.deepEqual(await leftOpen(baseline), {}, 'still open after the browsers, Vite and the runtime closed');
});

for (const engine of enginesToRun()) describeDemo(engine);

function describeDemo(engine: Engine): void {
describe(`the demo page, in ${engine}`, () => {
  let browser: EngineBrowser;
  before(async () => {
    browser = await launchEngine(engine);
  });
  after(async () => {
    await browser?.close();
  });

  it('loads without a console error: a favicon, no 404', async () => {
    const { page, problems } = await open(browser, DESKTOP);
    await page.run(`(async () => { while (document.readyState !== 'complete') await new Promise((r) => setTimeout(r, 20)); await document.fonts.ready; })()`);
    assert.deepEqual(await problems(), []);
    // A <link> is never shown, so it is read from the document rather than found as a reader finds things.
    assert.match((await page.run<string | null>(`document.querySelector('link[rel="icon"]')?.getAttribute('href') ?? null`)) ?? '', /^data:image\/svg\+xml,/);
    await page.close();
  });

  it('after eight scenarios at 1280 × 900 the wire panel covers no scenario; it folds away from the keyboard', async () => {
    const { page, problems } = await open(browser, DESKTOP);
    for (const name of ['approval-low', 'approval-medium', 'approval-high', 'text', 'choice', 'multi-choice', 'questionnaire', 'artifacts-feishu']) {
      await scenario(page, name);
    }
    assert.ok((await page.locator('#wire li').count()) >= 11, 'the wire panel is full of messages');
    const scenarios = await page.locator('.side > .panel').first().evaluate<Box>(BOX);
    const wire = await page.locator('.panel.wire').evaluate<Box>(BOX);
    assert.equal(overlaps(scenarios, wire), false, `scenarios ${JSON.stringify(scenarios)} and wire ${JSON.stringify(wire)} overlap`);
    // Every scenario button is on screen and is what a click at its centre reaches.
    const covered = await page.run<string[]>(`[...document.querySelectorAll('button[data-scenario]')]
      .filter((button) => {
        const r = button.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return r.bottom > innerHeight || r.top < 0 || !(hit === button || button.contains(hit));
      })
      .map((button) => button.dataset.scenario)`);
    assert.deepEqual(covered, []);
    assert.deepEqual(await axeViolations(page), []);

    // From the last scenario, Tab reaches the wire panel's disclosure (after the panel's link); Enter folds it.
    await page.locator('button[data-scenario="ag-ui"]').focus();
    const toggle = page.getByRole('button', { name: '线路消息' });
    for (let i = 0; i < 3 && !(await toggle.isFocused()); i += 1) await page.press('Tab');
    assert.equal(await toggle.isFocused(), true, 'Tab reaches the wire toggle');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await page.press('Enter');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.locator('#wire').isVisible(), false);
    assert.ok((await page.locator('.panel.wire').evaluate<Box>(BOX)).height < 60, 'folded to its heading');
    assert.deepEqual(await axeViolations(page), []);
    await page.press('Enter');
    assert.equal(await page.locator('#wire').isVisible(), true);
    assert.deepEqual(await problems(), []);
    await page.close();
  });

  it('on a 390 × 844 phone the sticky bar is one row, the greeting says the scenarios are below, and the settings open from the bar', async () => {
    const { page, problems } = await open(browser, PHONE);
    const bar = () => page.locator('.topbar').evaluate<number>('(el) => el.getBoundingClientRect().height');
    assert.ok((await bar()) <= 56, `the bar is ${await bar()} px tall`);
    const greeting = page.locator('.bubble.agent p');
    const said = () => greeting.evaluate<string>('(el) => el.innerText');
    assert.match(await said(), /下方/);
    assert.doesNotMatch(await said(), /右侧/);
    const scenariosTop = (await page.locator('#scenarios').evaluate<Box>(BOX)).y;
    const hostTop = (await page.locator('#host').evaluate<Box>(BOX)).y;
    assert.ok(scenariosTop > hostTop, 'the scenarios are indeed below the chat');
    assert.deepEqual(await axeViolations(page), []);

    // Keyboard: Tab to 设置, Enter opens the switches under the bar (the bar stays one row).
    await page.press('Tab');
    const toggle = page.getByRole('button', { name: '设置' });
    assert.equal(await toggle.isFocused(), true, 'the first Tab reaches 设置');
    await page.press('Enter');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    const language = page.getByRole('combobox', { name: '语言' });
    assert.equal(await language.isVisible(), true);
    assert.ok((await bar()) <= 56);
    assert.deepEqual(await axeViolations(page), []);
    await language.focus();
    await language.selectOption('en');
    await poll(async () => (/below/.test(await said()) ? true : undefined), 'the greeting in English');
    await page.press('Escape');
    assert.equal(await language.isVisible(), false);
    assert.equal(await page.getByRole('button', { name: 'Settings' }).isFocused(), true, 'Escape returns to the toggle');
    assert.deepEqual(await problems(), []);
    await page.close();
  });

  it('the Feishu files with 重试 offered, and once sent again from the keyboard: axe finds nothing, at 1280 px in light and dark and on a phone', async () => {
    for (const [viewport, theme] of [[DESKTOP, 'light'], [DESKTOP, 'dark'], [PHONE, 'light']] as const) {
      const { page, problems } = await open(browser, viewport);
      if (viewport === DESKTOP) await page.locator('select[name="theme"]').selectOption(theme);
      await scenario(page, 'artifacts-feishu');
      const retry = page.locator('interaction-host').getByRole('button', { name: /^重试/ });
      await retry.waitFor();
      assert.deepEqual(await axeViolations(page), [], `${viewport.width} px, ${theme}: Retry offered`);
      // From the keyboard: the first attempt of metrics.xlsx timed out, its retry goes through.
      await retry.focus();
      await page.press('Enter');
      await page.getByText('已重新发送', { exact: true }).waitFor();
      assert.deepEqual(await axeViolations(page), [], `${viewport.width} px, ${theme}: sent on retry`);
      assert.deepEqual(await problems(), []);
      await page.close();
    }
  });

  it('at 320 px the sticky bar is still one row: 设置 keeps its words on one line and the name gives way', async () => {
    // The demo in a 320 px frame of the page: MiniBrowser's window is never narrower than about
    // 450 px, and a frame's width is the demo's viewport in every engine alike.
    const { page, problems } = await open(browser, DESKTOP);
    const measured = await page.run<{ bar: Box; toggle: Box; width: number }>(`new Promise((resolve, reject) => {
      const frame = document.createElement('iframe');
      frame.style.cssText = 'width: 320px; height: 640px; border: 0';
      frame.src = location.href;
      const box = (el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; };
      const look = (tries) => {
        const doc = frame.contentDocument;
        const toggle = doc?.querySelector('.topbar [data-i18n="settings"]')?.closest('button');
        if (toggle) return resolve({ bar: box(doc.querySelector('.topbar')), toggle: box(toggle), width: frame.contentWindow.innerWidth });
        if (tries > 200) return reject(new Error('the framed demo never showed 设置'));
        setTimeout(() => look(tries + 1), 50);
      };
      frame.onload = () => look(0);
      document.body.append(frame);
    })`);
    const { bar, toggle, width } = measured;
    assert.equal(width, 320, 'the framed demo is 320 px wide');
    assert.ok(bar.height <= 56, `the bar is ${bar.height} px tall`);
    assert.ok(toggle.height <= 40, `设置 is ${toggle.height} px tall: its words broke onto two lines`);
    assert.ok(toggle.x + toggle.width <= 320, '设置 stays on the screen');
    assert.deepEqual(await problems(), []);
    await page.close();
  });

  it('a first visit opens in the browser’s language (English for en-US, not Chinese); the picker offers the twelve; Arabic lays the page and the cards out right to left', async () => {
    const { page, problems } = await open(browser, DESKTOP, { firstVisit: true });
    const languages = await page.run<string[]>('[...navigator.languages]');
    const expected = firstVisitLocale(languages);
    const picker = page.locator('select[name="locale"]');
    assert.equal(await picker.inputValue(), expected, `opened for ${languages.join(', ')}`);
    if (expected === 'en') {
      await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor();
      assert.match(await page.run<string>(`document.querySelector('#run-mode-hint').textContent`), /^Execution: /);
    }
    assert.deepEqual(await page.run<string[]>(`[...document.querySelectorAll('select[name="locale"] option')].map((o) => o.value)`), ['zh-CN', 'zh-TW', 'en', 'ja', 'ko', 'es', 'fr', 'de', 'pt-BR', 'ru', 'ar', 'he']);

    await picker.selectOption('zh-CN');
    await page.locator('select[name="run_mode"]').selectOption('grilling');
    assert.match(await page.run<string>(`document.querySelector('#run-mode-hint').textContent`), /^拷问：/);
    await picker.selectOption('ar');
    assert.equal(await page.run<string>('document.documentElement.dir'), 'rtl');
    await scenario(page, 'approval-medium');
    await poll(async () => (await page.run<boolean>(`!!document.querySelector('#host').shadowRoot.querySelector('approval-dialog')`)) || undefined, 'the approval card');
    assert.deepEqual(
      await page.run<string[]>(`[document.querySelector('#host'), document.querySelector('#host').shadowRoot.querySelector('approval-dialog')].map((el) => el.getAttribute('dir') + ' ' + getComputedStyle(el).direction)`),
      ['rtl rtl', 'rtl rtl'],
    );
    // The card speaks Arabic: the demo loads the locale entries it offers.
    assert.equal(await page.run<string>(`document.querySelector('#host').shadowRoot.querySelector('approval-dialog').shadowRoot.querySelector('[part~="approve-button"]').textContent.trim()`), 'موافقة');
    // The scenarios sit left of the chat, as the page mirrors.
    const chat = await page.locator('.chat').evaluate<Box>(BOX);
    const side = await page.locator('.side').evaluate<Box>(BOX);
    assert.ok(side.x + side.width <= chat.x, 'the side column is on the left in right to left');
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(await problems(), []);
    await page.close();
  });

  it('in Arabic the demo’s own English words read left to right where they stand: “15 s timeout” keeps its number first, the greeting its full stop last, and the scenarios are not said to be on the right', async () => {
    const page = new Page(await browser.newPage(DESKTOP));
    await visitWithSettings(page, base, { locale: 'ar' });
    await poll(async () => (await page.run<boolean>(`!!document.querySelector('#host').shadowRoot?.querySelector('.connection.state-open')`)) || undefined, 'connected');
    assert.equal(await page.run<string>('document.documentElement.dir'), 'rtl');
    // Where a piece of an element's text is drawn, from the left of the viewport.
    const xOf = (selector: string, piece: string, last = false) =>
      page.run<number>(`(() => {
        const text = document.querySelector(${JSON.stringify(selector)}).firstChild;
        const at = text.data.${last ? 'lastIndexOf' : 'indexOf'}(${JSON.stringify(piece)});
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + ${piece.length});
        return range.getBoundingClientRect().x;
      })()`);
    const timeout = 'button[data-scenario="questionnaire-timeout"]';
    assert.equal(await page.run<string>(`document.querySelector('${timeout}').textContent`), '15 s timeout');
    assert.ok((await xOf(timeout, '15')) < (await xOf(timeout, 'timeout')), '“15” left of “timeout”, as English reads');
    const intro = '.bubble .wide-only';
    const greeting = await page.run<string>(`document.querySelector('${intro}').textContent`);
    assert.doesNotMatch(greeting, /on the right/, 'the scenarios are on the left of a right-to-left page');
    assert.ok((await xOf(intro, '.', true)) > (await xOf(intro, 'files')), 'the full stop after “files”, not before it');
    assert.deepEqual(await page.run<string[]>(`[document.querySelector('${timeout}'), document.querySelector('${intro}')].map((el) => el.lang + ' ' + getComputedStyle(el).direction)`), ['en ltr', 'en ltr']);
    assert.deepEqual(await axeViolations(page), []);
    await page.close();
  });

  it('the AskUserQuestion and AG-UI cards follow the theme and language switches', async () => {
    const { page, problems } = await open(browser, DESKTOP);
    await page.locator('select[name="locale"]').selectOption('zh-CN');
    await page.locator('select[name="theme"]').selectOption('light');
    await scenario(page, 'ask-user-question');
    await scenario(page, 'ag-ui');
    const CARDS = '.transcript > questionnaire-form, .transcript > approval-dialog';
    await poll(async () => ((await page.locator(CARDS).count()) === 4 ? true : undefined), 'one AskUserQuestion card and three AG-UI cards');
    const surfaces = () => page.run<string[]>(`[...document.querySelectorAll(${JSON.stringify(CARDS)})].map((card) => getComputedStyle(card.shadowRoot.querySelector('[part~="card"]')).backgroundColor)`);
    const light = await surfaces();
    assert.equal(await page.locator('.transcript > questionnaire-form').first().getByRole('button', { name: '提交' }).count(), 1);

    await page.locator('select[name="locale"]').selectOption('en');
    await page.locator('select[name="theme"]').selectOption('dark');
    const ask = page.locator('.transcript > questionnaire-form').first();
    await ask.getByRole('button', { name: 'Submit' }).waitFor();
    await page.locator('.transcript > approval-dialog').first().getByRole('button', { name: 'Approve', exact: true }).waitFor();
    const dark = await surfaces();
    assert.equal(new Set(light).size, 1);
    assert.equal(new Set(dark).size, 1);
    assert.notEqual(dark[0], light[0], 'the cards turned dark with the page');
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(await problems(), []);
    await page.close();
  });
});
}
