// Screenshots of the elements (light/dark, zh-CN/en) into docs/screenshots/, with playwright-core
// driving the Chromium the tests use. Run: npm run screenshots
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
// @ts-expect-error a plain JS helper shared with the test runner
import { CHROMIUM_ARGS, ensureChromium } from './chromium.js';

const out = new URL('../docs/screenshots/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const vite = await createServer({
  configFile: new URL('../vite.config.ts', import.meta.url).pathname,
  server: { port: 0 },
  logLevel: 'error',
});
await vite.listen();
const base = vite.resolvedUrls!.local[0]!;
const browser = await chromium.launch({ executablePath: ensureChromium({ fonts: true }), args: CHROMIUM_ARGS });
const shots = (process.env.SHOTS ?? 'approval-high,approval-confirm,approval-danger,countdown-tones,questionnaire,questionnaire-step,questionnaire-review,choice,answered,artifacts,artifacts-desktop,approval-low,mcp-form,mcp-url,ask-user-question').split(',');
try {
  for (const theme of ['light', 'dark'] as const) {
    for (const locale of ['zh-CN', 'en']) {
      const page = await browser.newPage({ colorScheme: theme, viewport: { width: 680, height: 900 }, deviceScaleFactor: 2 });
      await page.goto(`${base}gallery.html?theme=${theme}&locale=${locale}`);
      await page.waitForSelector('[data-shot="artifacts"]');
      await page.evaluate(() => document.fonts.ready);
      for (const shot of shots) {
        const file = `${out}${shot}-${theme}-${locale}.png`;
        await page.locator(`[data-shot="${shot}"]`).screenshot({ path: file, animations: 'disabled' });
      }
      await page.close();
    }
  }
  console.log(`screenshots written to docs/screenshots/`);
} finally {
  await browser.close();
  await vite.close();
}
