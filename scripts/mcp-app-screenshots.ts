// Screenshots of the kit's cards in the demo's MCP Apps host (docs/screenshots/mcp-app-*.png):
// an approval and a questionnaire, then one answered, in light and dark, desktop and phone widths.
// Run: npm run screenshots:mcp-app (after npm run build, which writes card.html).
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { createServer } from 'vite';
import { sandboxCsp } from '../demo/mcp-apps/csp.js';
import { startMcpAppServer } from '../demo/mcp-apps/server.js';
// @ts-expect-error a plain JS helper shared with the test runner
import { CHROMIUM_ARGS, ensureChromium } from './chromium.js';

const out = new URL('../docs/screenshots/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const mcpApp = await startMcpAppServer({ context: { requester: 'deploy-bot' } });
const vite = await createServer({
  configFile: new URL('../vite.config.ts', import.meta.url).pathname,
  plugins: [
    {
      name: 'mcp-apps-sandbox-csp',
      configureServer(server) {
        server.middlewares.use((req, res, next) => {
          if (req.url?.startsWith('/mcp-apps/sandbox.html')) res.setHeader('Content-Security-Policy', sandboxCsp());
          next();
        });
      },
    },
  ],
  server: { port: 0, proxy: { '/mcp-app/': { target: mcpApp.url.replace(/\/mcp$/, ''), rewrite: (p) => p.replace(/^\/mcp-app/, '') } } },
  logLevel: 'error',
});
await vite.listen();
const base = vite.resolvedUrls!.local[0]!;

/** Waits until every card's frame has been sized by the View (auto-resize) and fonts are in. */
async function settle(page: Page, frames: number): Promise<void> {
  await page.locator('body[data-ready="true"]').waitFor();
  await page.waitForFunction((n) => [...document.querySelectorAll('iframe')].filter((f) => f.getBoundingClientRect().height > 60).length >= n, frames);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

const browser = await chromium.launch({ executablePath: ensureChromium({ fonts: true }), args: CHROMIUM_ARGS });
try {
  for (const theme of ['light', 'dark'] as const) {
    for (const [width, height, suffix] of [[1280, 1000, ''], [390, 1400, '-phone']] as const) {
      const page = await browser.newPage({ viewport: { width, height }, colorScheme: theme });
      await page.goto(`${base}mcp-apps.html?theme=${theme}&locale=zh-CN`);
      await settle(page, 2);
      await page.screenshot({ path: `${out}mcp-app-${theme}${suffix}.png`, fullPage: true, animations: 'disabled' });
      if (!suffix) {
        // The questionnaire answered with 全部采用推荐 and 提交: its receipt, and what the model read.
        const card = page.frameLocator('iframe').nth(1).frameLocator('iframe');
        await card.getByRole('button', { name: '全部采用推荐' }).click();
        await card.getByRole('button', { name: '提交' }).click();
        await page.getByText('the model reads').waitFor();
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${out}mcp-app-answered-${theme}.png`, fullPage: true, animations: 'disabled' });
      }
      await page.close();
    }
  }
} finally {
  await browser.close();
  await vite.close();
  await mcpApp.close();
}
console.log(`screenshots written to ${out}`);
