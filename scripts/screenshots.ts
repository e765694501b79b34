// Screenshots of the elements (light/dark, zh-CN/en), in one engine through the tests' driver
// seam (test/support/drive): `npm run screenshots` for Chromium into docs/screenshots/, or
// `AIK_ENGINE=firefox|webkit npm run screenshots` into a directory of that engine's (printed;
// SCREENSHOTS_DIR chooses another), to hold the engines side by side. The right-to-left set
// (`rtl-<shot>-<theme>-<ar|he>-<desktop|390>.png`: every card, the host with receipts) comes
// after; `SETS=ltr` or `SETS=rtl` takes one of the two.
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
const shots = (process.env.SHOTS ?? 'approval-high,approval-confirm,approval-danger,countdown-tones,questionnaire,questionnaire-step,questionnaire-review,choice,answered,artifacts,artifacts-desktop,approval-low,approval-grant,mcp-form,mcp-url,ag-ui-edit,ask-user-question').split(',');
// MiniBrowser draws at scale 1 only. The page is tall enough for the tallest card: a shot is cut
// from the viewport, which must hold it whole.
const scale = engine === 'webkit' ? 1 : 2;
const VIEWPORT = { width: 680, height: 2000 };
const sets = (process.env.SETS ?? 'ltr,rtl').split(',');
/** Every card in Arabic and Hebrew, on a desktop column and a 390 px phone, at scale 1 (they are many). */
const RTL_SHOTS = (process.env.RTL_SHOTS ?? 'approval-low,approval-danger,approval-high,ag-ui-edit,text,choice,multi-choice,questionnaire,questionnaire-step,artifacts,host-receipts').split(',');
const RTL_WIDTHS = { desktop: 680, 390: 390 } as const;

/** Scrolls the shot into view and resolves with its box in the viewport, once what it animates has ended. */
const place = (shot: string) => `(async () => {
  const el = document.querySelector('[data-shot="${shot}"]');
  el.scrollIntoView({ block: 'start' });
  for (const animation of document.getAnimations()) { try { animation.finish(); } catch { /* an endless one */ } }
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const r = el.getBoundingClientRect();
  return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(Math.min(r.height, innerHeight - r.y)) };
})()`;

/** Opens the gallery and waits for its last cards, the host's receipts included. */
const ready = `(async () => {
  while (!document.querySelector('[data-shot="artifacts"]') || !document.querySelector('[data-shot="host-receipts"][data-settled]')) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 300));
  await document.fonts.ready;
})()`;

try {
  for (const theme of sets.includes('rtl') ? (['light', 'dark'] as const) : []) {
    for (const locale of ['ar', 'he']) {
      for (const [width, px] of Object.entries(RTL_WIDTHS)) {
        const page = await browser.newPage({ width: px, height: VIEWPORT.height }, { scale: 1 });
        await page.goto(`${base}gallery.html?theme=${theme}&locale=${locale}`);
        await page.run(ready);
        for (const shot of RTL_SHOTS) {
          const clip = await page.run<{ x: number; y: number; width: number; height: number }>(place(shot));
          await page.screenshot(`${out}/rtl-${shot}-${theme}-${locale}-${width}.png`, clip);
        }
        await page.close();
      }
    }
  }
  for (const theme of sets.includes('ltr') ? (['light', 'dark'] as const) : []) {
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
