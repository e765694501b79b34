// The demo page (`npm start`) as a visitor uses it: Vite serving demo/ with the mock runtime behind
// /runtime, in real Chromium at 1280 × 900 and on a 390 × 844 phone, driven by pointer and
// keyboard, with axe-core checking every state it reaches.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { startMockRuntime, type MockRuntime } from '../../demo/mock-runtime.js';
import { leftOpen, liveResources } from '../support/open-handles.js';
// @ts-expect-error a plain JS helper shared with the test runner
import { CHROMIUM_ARGS, ensureChromium } from '../../scripts/chromium.js';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let runtime: MockRuntime;
let vite: ViteDevServer;
let browser: Browser;
let base = '';
let baseline: Record<string, number> = {};

interface Opened {
  page: Page;
  /** Console errors, page errors and failed responses since the page opened. */
  problems: string[];
}

async function open(viewport: { width: number; height: number }): Promise<Opened> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(base);
  await page.getByRole('status').filter({ hasText: '已连接' }).waitFor();
  return { page, problems };
}

/** axe-core's violations on the whole page, shadow roots included. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
}

async function scenario(page: Page, name: string): Promise<void> {
  const before = await page.locator('#wire li').count();
  await page.locator(`button[data-scenario="${name}"]`).click();
  // Its first message on the wire (or a card of the page's own, for the in-page protocols).
  await page.waitForFunction((count) => document.querySelectorAll('#wire li').length > count, before);
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the demo page', () => {
  before(async () => {
    baseline = liveResources();
    runtime = await startMockRuntime();
    vite = await createServer({
      configFile: new URL('../../vite.config.ts', import.meta.url).pathname,
      server: { port: 0, proxy: { '/runtime': { target: `http://127.0.0.1:${runtime.port}`, ws: true, rewrite: (p: string) => p.replace(/^\/runtime/, '') } } },
      logLevel: 'error',
    });
    await vite.listen();
    base = vite.resolvedUrls!.local[0]!;
    browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? ensureChromium(), args: CHROMIUM_ARGS });
  });

  after(async () => {
    await browser?.close();
    await vite?.close();
    await runtime?.close();
    // The process must end on its own (npm test runs it unattended): the scenarios left calls
    // pending with deadlines minutes away, which closing the runtime must end.
    assert.deepEqual(await leftOpen(baseline), {}, 'still open after the browser, Vite and the runtime closed');
  });

  it('loads without a console error: a favicon, no 404', async () => {
    const { page, problems } = await open(DESKTOP);
    await page.waitForLoadState('networkidle');
    assert.deepEqual(problems, []);
    assert.match((await page.locator('link[rel="icon"]').getAttribute('href')) ?? '', /^data:image\/svg\+xml,/);
    await page.context().close();
  });

  it('after eight scenarios at 1280 × 900 the wire panel covers no scenario; it folds away from the keyboard', async () => {
    const { page, problems } = await open(DESKTOP);
    for (const name of ['approval-low', 'approval-medium', 'approval-high', 'text', 'choice', 'multi-choice', 'questionnaire', 'artifacts-feishu']) {
      await scenario(page, name);
    }
    assert.ok((await page.locator('#wire li').count()) >= 11, 'the wire panel is full of messages');
    const scenarios = (await page.locator('.side > .panel').first().boundingBox())!;
    const wire = (await page.locator('.panel.wire').boundingBox())!;
    assert.equal(overlaps(scenarios, wire), false, `scenarios ${JSON.stringify(scenarios)} and wire ${JSON.stringify(wire)} overlap`);
    // Every scenario button is on screen and is what a click at its centre reaches.
    const covered = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLButtonElement>('button[data-scenario]')]
        .filter((button) => {
          const r = button.getBoundingClientRect();
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return r.bottom > innerHeight || r.top < 0 || !(hit === button || button.contains(hit));
        })
        .map((button) => button.dataset.scenario),
    );
    assert.deepEqual(covered, []);
    assert.deepEqual(await axeViolations(page), []);

    // From the last scenario, Tab reaches the wire panel's disclosure (after the panel's link); Enter folds it.
    await page.locator('button[data-scenario="ag-ui"]').focus();
    const toggle = page.getByRole('button', { name: '线路消息' });
    for (let i = 0; i < 3 && !(await toggle.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    assert.equal(await toggle.evaluate((el) => el === document.activeElement), true, 'Tab reaches the wire toggle');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('Enter');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.locator('#wire').isVisible(), false);
    assert.ok(((await page.locator('.panel.wire').boundingBox())!.height) < 60, 'folded to its heading');
    assert.deepEqual(await axeViolations(page), []);
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('#wire').isVisible(), true);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  it('on a 390 × 844 phone the sticky bar is one row, the greeting says the scenarios are below, and the settings open from the bar', async () => {
    const { page, problems } = await open(PHONE);
    const bar = () => page.locator('.topbar').boundingBox().then((box) => box!.height);
    assert.ok((await bar()) <= 56, `the bar is ${await bar()} px tall`);
    const greeting = page.locator('.bubble.agent p');
    assert.match(await greeting.innerText(), /下方/);
    assert.doesNotMatch(await greeting.innerText(), /右侧/);
    const scenariosTop = (await page.locator('#scenarios').boundingBox())!.y;
    const hostTop = (await page.locator('#host').boundingBox())!.y;
    assert.ok(scenariosTop > hostTop, 'the scenarios are indeed below the chat');
    assert.deepEqual(await axeViolations(page), []);

    // Keyboard: Tab to 设置, Enter opens the switches under the bar (the bar stays one row).
    await page.keyboard.press('Tab');
    const toggle = page.getByRole('button', { name: '设置' });
    assert.equal(await toggle.evaluate((el) => el === document.activeElement), true, 'the first Tab reaches 设置');
    await page.keyboard.press('Enter');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    const language = page.getByRole('combobox', { name: '语言' });
    assert.equal(await language.isVisible(), true);
    assert.ok((await bar()) <= 56);
    assert.deepEqual(await axeViolations(page), []);
    await language.focus();
    await language.selectOption('en');
    assert.match(await greeting.innerText(), /below/);
    await page.keyboard.press('Escape');
    assert.equal(await language.isVisible(), false);
    assert.equal(await page.getByRole('button', { name: 'Settings' }).evaluate((el) => el === document.activeElement), true, 'Escape returns to the toggle');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  it('the Feishu files with 重试 offered, and once sent again from the keyboard: axe finds nothing, at 1280 px in light and dark and on a phone', async () => {
    for (const [viewport, theme] of [[DESKTOP, 'light'], [DESKTOP, 'dark'], [PHONE, 'light']] as const) {
      const { page, problems } = await open(viewport);
      if (viewport === DESKTOP) await page.locator('select[name="theme"]').selectOption(theme);
      await scenario(page, 'artifacts-feishu');
      const retry = page.locator('interaction-host').getByRole('button', { name: /^重试/ });
      await retry.waitFor();
      assert.deepEqual(await axeViolations(page), [], `${viewport.width} px, ${theme}: Retry offered`);
      // From the keyboard: the first attempt of metrics.xlsx timed out, its retry goes through.
      await retry.focus();
      await page.keyboard.press('Enter');
      await page.getByText('已重新发送', { exact: true }).waitFor();
      assert.deepEqual(await axeViolations(page), [], `${viewport.width} px, ${theme}: sent on retry`);
      assert.deepEqual(problems, []);
      await page.context().close();
    }
  });

  it('at 320 px the sticky bar is still one row: 设置 keeps its words on one line and the name gives way', async () => {
    const { page, problems } = await open({ width: 320, height: 640 });
    const bar = (await page.locator('.topbar').boundingBox())!;
    const toggle = (await page.getByRole('button', { name: '设置' }).boundingBox())!;
    assert.ok(bar.height <= 56, `the bar is ${bar.height} px tall`);
    assert.ok(toggle.height <= 40, `设置 is ${toggle.height} px tall: its words broke onto two lines`);
    assert.ok(toggle.x + toggle.width <= 320, '设置 stays on the screen');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  it('the AskUserQuestion and AG-UI cards follow the theme and language switches', async () => {
    const { page, problems } = await open(DESKTOP);
    await page.locator('select[name="locale"]').selectOption('zh-CN');
    await page.locator('select[name="theme"]').selectOption('light');
    await scenario(page, 'ask-user-question');
    await scenario(page, 'ag-ui');
    const local = page.locator('.transcript > questionnaire-form, .transcript > approval-dialog');
    assert.equal(await local.count(), 4, 'one AskUserQuestion card and three AG-UI cards');
    const surfaces = () => local.evaluateAll((cards) => cards.map((card) => getComputedStyle(card.shadowRoot!.querySelector('[part~="card"]')!).backgroundColor));
    const light = await surfaces();
    assert.equal((await page.locator('.transcript > questionnaire-form').first().getByRole('button', { name: '提交' }).count()), 1);

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
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});
