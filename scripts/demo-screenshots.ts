// Screenshots of the demo page (docs/screenshots/demo-*.png, answer-all-*.png): the scenarios
// clicked through as a person would, in light and dark, and the page in Arabic (demo-ar-*.png).
// Run: npm run screenshots:demo (DEMO_SHOTS=ar for the Arabic ones alone).
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { startMockRuntime } from '../demo/mock-runtime.js';
// @ts-expect-error a plain JS helper shared with the test runner
import { CHROMIUM_ARGS, ensureChromium } from './chromium.js';

const out = new URL('../docs/screenshots/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const runtime = await startMockRuntime();
const vite = await createServer({
  configFile: new URL('../vite.config.ts', import.meta.url).pathname,
  server: { port: 0, proxy: { '/runtime': { target: `http://127.0.0.1:${runtime.port}`, ws: true, rewrite: (p) => p.replace(/^\/runtime/, '') } } },
  logLevel: 'error',
});
await vite.listen();
const base = vite.resolvedUrls!.local[0]!;
const browser = await chromium.launch({ executablePath: ensureChromium({ fonts: true }), args: CHROMIUM_ARGS });
const devices = { desktop: { viewport: { width: 1280, height: 900 } }, '390': { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } };
try {
  if (process.env.DEMO_SHOTS !== 'ar') await everyLanguageButArabic();
  // Right to left: the page in Arabic, light, at 1280 px and on a 390 px phone, with a high-risk
  // approval and the questionnaire in its chat (demo-ar-desktop.png, demo-ar-390.png).
  for (const [device, options] of Object.entries(devices)) {
    const page = await browser.newPage({ ...options, colorScheme: 'light' });
    await page.addInitScript((saved) => localStorage.setItem('aik-demo-settings', saved), JSON.stringify({ theme: 'light', locale: 'ar' }));
    await page.goto(base);
    await page.locator('interaction-host [part~="connection"].state-open').waitFor();
    for (const name of ['approval-high', 'questionnaire']) {
      await page.locator(`button[data-scenario="${name}"]`).click();
      await page.waitForTimeout(400);
    }
    await page.locator('interaction-host questionnaire-form').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${out}demo-ar-${device}.png`, animations: 'disabled' });
    await page.close();
  }
  console.log('demo screenshots written to docs/screenshots/');
} finally {
  await browser.close();
  await vite.close();
  await runtime.close();
}

/** The screenshots in zh-CN and en (all but the Arabic page's). */
async function everyLanguageButArabic(): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: theme });
    await page.goto(base);
    await page.locator('select[name="theme"]').selectOption(theme);
    await page.getByRole('status').filter({ hasText: '已连接' }).waitFor();
    for (const name of ['approval-high', 'questionnaire', 'artifacts-feishu']) {
      await page.locator(`button[data-scenario="${name}"]`).click();
      await page.waitForTimeout(400);
    }
    await page.getByRole('button', { name: '批准', exact: true }).click();
    await page.waitForTimeout(300);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${out}demo-${theme}.png`, animations: 'disabled' });
    // Further down: the approval's receipt, and the files of the Feishu scenario.
    await page.getByRole('button', { name: '确认批准' }).click();
    await page.getByRole('button', { name: '全部采用推荐' }).click();
    await page.getByRole('button', { name: '提交' }).click();
    await page.getByRole('button', { name: '加载预览' }).click();
    await page.waitForTimeout(300);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${out}demo-files-${theme}.png`, animations: 'disabled' });
    await page.close();
    // The other protocols: an MCP form and link, AskUserQuestion and AG-UI interrupts.
    const other = await browser.newPage({ viewport: { width: 1280, height: 1800 }, colorScheme: theme });
    await other.goto(base);
    await other.locator('select[name="theme"]').selectOption(theme);
    await other.getByRole('status').filter({ hasText: '已连接' }).waitFor();
    for (const name of ['mcp-form', 'mcp-url', 'mcp-unsupported', 'ask-user-question', 'ag-ui']) {
      await other.locator(`button[data-scenario="${name}"]`).click();
      await other.waitForTimeout(400);
    }
    // From the top: new cards scrolled the page, and a full-page shot would draw the sticky bar where it was.
    await other.evaluate(() => window.scrollTo(0, 0));
    await other.waitForTimeout(200);
    await other.evaluate(() => document.fonts.ready);
    await other.screenshot({ path: `${out}demo-protocols-${theme}.png`, animations: 'disabled', fullPage: true });
    await other.close();
  }
  // On a phone (390 × 844): the sticky bar, then the four-question questionnaire in steps, at its
  // second question, with the scenarios below the chat.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, colorScheme: 'light' });
  await phone.goto(base);
  await phone.getByRole('status').filter({ hasText: '已连接' }).waitFor();
  await phone.locator('button[data-scenario="questionnaire"]').click();
  const form = phone.locator('questionnaire-form');
  await form.getByRole('radio').first().waitFor();
  await form.getByRole('radio').first().tap();
  await form.getByText('第 2 题，共 4 题').waitFor();
  await form.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await phone.waitForTimeout(300);
  await phone.evaluate(() => document.fonts.ready);
  await phone.screenshot({ path: `${out}demo-phone.png`, animations: 'disabled' });
  await phone.close();
  // At 390 and 320 px, light and dark: an approval and a questionnaire answered (their one-line
  // receipts), then the Feishu files with the failed metrics.xlsx offering 重试.
  for (const width of [390, 320]) {
    for (const theme of ['light', 'dark'] as const) {
      const narrow = await browser.newPage({ viewport: { width, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, colorScheme: theme });
      await narrow.goto(base);
      await narrow.getByRole('status').filter({ hasText: '已连接' }).waitFor();
      await narrow.locator('button[data-scenario="approval-low"]').click();
      await narrow.getByRole('button', { name: '批准', exact: true }).tap();
      await narrow.locator('button[data-scenario="choice"]').click();
      await narrow.locator('questionnaire-form').getByRole('radio').first().tap();
      await narrow.getByRole('button', { name: '提交' }).tap();
      await narrow.locator('button[data-scenario="artifacts-feishu"]').click();
      await narrow.getByRole('button', { name: /^重试/ }).first().waitFor();
      await narrow.locator('artifact-list').last().evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await narrow.waitForTimeout(300);
      await narrow.evaluate(() => document.fonts.ready);
      await narrow.screenshot({ path: `${out}demo-files-${width}-${theme}.png`, animations: 'disabled' });
      await narrow.close();
    }
  }
  // Session grants, in light and dark, zh-CN and en, at 1280 and 390 px: the card
  // offering 本会话内允许 (demo-grant-*), then, once allowed, the next call's receipt and the
  // 本会话授权 menu open (demo-grants-menu-*). At 1280 the shot is the chat's transcript.
  for (const width of [1280, 390]) {
    for (const theme of ['light', 'dark'] as const) {
      for (const locale of ['zh-CN', 'en'] as const) {
        const en = locale === 'en';
        const phone = width < 400;
        const page = await browser.newPage({ viewport: { width, height: phone ? 844 : 900 }, colorScheme: theme, ...(phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}) });
        await page.goto(base);
        await page.getByRole('status').filter({ hasText: '已连接' }).waitFor();
        if (phone) await page.locator('#settings-toggle').click();
        await page.locator('select[name="theme"]').selectOption(theme);
        await page.locator('select[name="locale"]').selectOption(locale);
        if (phone) await page.locator('#settings-toggle').click();
        await page.locator('button[data-scenario="approval-grant"]').click();
        const allow = page.getByRole('button', { name: en ? 'Allow for this session' : '本会话内允许' });
        await allow.waitFor();
        const shot = async (name: string) => {
          await page.waitForTimeout(300);
          await page.evaluate(() => document.fonts.ready);
          const suffix = `${theme}-${locale}${phone ? '-390' : ''}`;
          if (phone) await page.screenshot({ path: `${out}${name}-${suffix}.png`, animations: 'disabled' });
          else await page.locator('.transcript').screenshot({ path: `${out}${name}-${suffix}.png`, animations: 'disabled' });
        };
        await page.locator('approval-dialog').last().evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await page.mouse.move(0, 0);
        await shot('demo-grant');
        await allow.click();
        await page.locator('button[data-scenario="approval-grant"]').click();
        await page.getByText(en ? 'Allowed by your session grant' : '已按本会话授权自动批准').waitFor();
        await page.locator('interaction-host summary').filter({ hasText: en ? 'Session grants 1' : '本会话授权 1' }).click();
        await page.locator('interaction-host').evaluate((el) => el.scrollIntoView({ block: 'start' }));
        // As a pointer user sees it once the pointer moved on: no hover, no focus ring.
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.mouse.move(0, 0);
        await shot('demo-grants-menu');
        await page.close();
      }
    }
  }
  // The answer-all bar: three approvals at once, two medium and one high, in both
  // schemes and languages, at 1280 px and on a 390 px phone; the bar and the cards under it.
  for (const [device, options] of Object.entries(devices)) {
    for (const theme of ['light', 'dark'] as const) {
      for (const locale of ['zh-CN', 'en'] as const) {
        const page = await browser.newPage({ ...options, colorScheme: theme });
        // The demo's own settings, as a visitor left them (on a phone they hide behind ⚙).
        await page.addInitScript((saved) => localStorage.setItem('aik-demo-settings', saved), JSON.stringify({ theme, locale }));
        await page.goto(base);
        await page.locator('interaction-host [part~="connection"].state-open').waitFor();
        await page.locator('button[data-scenario="approvals-batch"]').click();
        const bar = page.locator('interaction-host [part~="answer-all"]');
        await bar.waitFor();
        await page.locator('interaction-host approval-dialog').nth(2).waitFor();
        // The bar at the top of the view, just under the sticky bar.
        await bar.evaluate((el) => {
          el.scrollIntoView({ block: 'start' });
          window.scrollBy(0, -(document.querySelector('.topbar')!.getBoundingClientRect().height + 16));
        });
        await page.waitForTimeout(300);
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: `${out}answer-all-${device}-${theme}-${locale}.png`, animations: 'disabled' });
        await page.close();
      }
    }
  }
}
