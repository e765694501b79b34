// Screenshots of the elements (light/dark, zh-CN/en), in one engine through the tests' driver
// seam (test/support/drive): `npm run screenshots` for Chromium into docs/screenshots/, or
// `AIK_ENGINE=firefox|webkit npm run screenshots` into a directory of that engine's (printed;
// SCREENSHOTS_DIR chooses another), to hold the engines side by side.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'vite';
import { ENGINES, launchEngine, type Engine } from '../test/support/drive/engine.js';

const engine = (process.env.AIK_ENGINE ?? 'chromium') as Engine;
if (!ENGINES.includes(engine)) throw new Error(`AIK_ENGINE: unknown engine "${engine}" (known: ${ENGINES.join(', ')})`);
const out = process.env.SCREENSHOTS_DIR ?? (engine === 'chromium' ? new URL('../docs/screenshots/', import.meta.url).pathname : join(tmpdir(), 'aik-screenshots', engine));
mkdirSync(out, { recursive: true });
const vite = await createServer({
  configFile: new URL('../vite.config.ts', import.meta.url).pathname,
  server: { port: 0 },
  logLevel: 'error',
});
await vite.listen();
const base = vite.resolvedUrls!.local[0]!;
const browser = await launchEngine(engine);
const shots = (process.env.SHOTS ?? 'approval-high,approval-confirm,approval-danger,countdown-tones,questionnaire,questionnaire-step,questionnaire-review,choice,answered,artifacts,artifacts-desktop,approval-low,approval-grant,mcp-form,mcp-url,ask-user-question').split(',');
// MiniBrowser draws at scale 1 only. The page is tall enough for the tallest card: a shot is cut
// from the viewport, which must hold it whole.
const scale = engine === 'webkit' ? 1 : 2;
const VIEWPORT = { width: 680, height: 2000 };

/** Scrolls the shot into view and resolves with its box in the viewport, once what it animates has ended. */
const place = (shot: string) => `(async () => {
  const el = document.querySelector('[data-shot="${shot}"]');
  el.scrollIntoView({ block: 'start' });
  for (const animation of document.getAnimations()) { try { animation.finish(); } catch { /* an endless one */ } }
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const r = el.getBoundingClientRect();
  return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(Math.min(r.height, innerHeight - r.y)) };
})()`;

try {
  for (const theme of ['light', 'dark'] as const) {
    for (const locale of ['zh-CN', 'en']) {
      const page = await browser.newPage(VIEWPORT, { scale });
      await page.goto(`${base}gallery.html?theme=${theme}&locale=${locale}`);
      await page.run(`(async () => { while (!document.querySelector('[data-shot="artifacts"]')) await new Promise((r) => setTimeout(r, 50)); await document.fonts.ready; })()`);
      for (const shot of shots) {
        const clip = await page.run<{ x: number; y: number; width: number; height: number }>(place(shot));
        await page.screenshot(`${out}/${shot}-${theme}-${locale}.png`, clip);
      }
      await page.close();
    }
  }
  console.log(`screenshots (${browser.version}) written to ${out}`);
} finally {
  await browser.close();
  await vite.close();
}
