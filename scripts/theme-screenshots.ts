// Screenshots of each theme preset beside the kit's defaults (light and dark, desktop), and of the
// MCP Apps preset alone at a 390 px phone width, into docs/screenshots/. Run: npm run screenshots:themes
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
// @ts-expect-error a plain JS helper shared with the test runner
import { CHROMIUM_ARGS, ensureChromium } from './chromium.js';
import { PRESETS } from '../demo/design-systems.js';

const root = new URL('..', import.meta.url).pathname;
const out = `${root}docs/screenshots/`;
mkdirSync(out, { recursive: true });
// Served from the repository root: the page links themes/*.css and Web Awesome's stylesheet as a
// user's page links them.
const vite = await createServer({ root, configFile: false, server: { host: '127.0.0.1', port: 0 }, logLevel: 'error', clearScreen: false });
await vite.listen();
const base = vite.resolvedUrls!.local[0]!;
const browser = await chromium.launch({ executablePath: ensureChromium({ fonts: true }), args: CHROMIUM_ARGS });
const shots = [
  ...PRESETS.flatMap((preset) => (['light', 'dark'] as const).map((scheme) => ({ preset, scheme, width: 820, only: false }))),
  ...(['light', 'dark'] as const).map((scheme) => ({ preset: 'mcp-apps' as const, scheme, width: 390, only: true })),
];
try {
  for (const { preset, scheme, width, only } of shots) {
    const page = await browser.newPage({ colorScheme: scheme, viewport: { width, height: 900 }, deviceScaleFactor: 2 });
    await page.goto(`${base}demo/themes.html?preset=${preset}&scheme=${scheme}${only ? '&only' : ''}`);
    await page.waitForSelector('#shot[data-ready]');
    const file = `${out}theme-${preset}-${scheme}${only ? '-phone' : ''}.png`;
    await page.locator('#shot').screenshot({ path: file, animations: 'disabled' });
    await page.close();
  }
  console.log(`${shots.length} theme screenshots written to docs/screenshots/`);
} finally {
  await browser.close();
  await vite.close();
}
