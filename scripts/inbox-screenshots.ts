// Screenshots of <interaction-inbox> (docs/screenshots/inbox-*.png): its rows and an open
// card, at 390 and 320 px and on a desktop column, light and dark, zh-CN and en, in Chromium
// through the tests' driver seam; right to left, Arabic and Hebrew at 390 px and on the desktop
// column. Run: node --import tsx scripts/inbox-screenshots.ts (LOCALES=ar,he for some of them).
import { mkdirSync } from 'node:fs';
import { createServer } from 'vite';
import { launchEngine } from '../test/support/drive/engine.js';

const out = new URL('../docs/screenshots/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const root = new URL('./inbox-shots/', import.meta.url).pathname;
const vite = await createServer({ root, configFile: false, server: { port: 0, fs: { allow: [new URL('..', import.meta.url).pathname] } }, logLevel: 'error' });
await vite.listen();
const base = vite.resolvedUrls!.local[0]!;
const browser = await launchEngine('chromium');
const WIDTHS = { '320': 320, '390': 390, desktop: 720 } as const;
/** The languages shot, and at which widths: right to left at a phone's and a desktop's. */
const LOCALES: Record<string, readonly (keyof typeof WIDTHS)[]> = { 'zh-CN': ['320', '390', 'desktop'], en: ['320', '390', 'desktop'], ar: ['390', 'desktop'], he: ['390', 'desktop'] };
const only = process.env.LOCALES?.split(',');

const place = `(async () => {
  while (!document.body.dataset.ready) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 400));
  await document.fonts.ready;
  const r = document.querySelector('[data-shot]').getBoundingClientRect();
  return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
})()`;

try {
  for (const theme of ['light', 'dark'] as const) {
    for (const [locale, widths] of Object.entries(LOCALES)) {
      if (only && !only.includes(locale)) continue;
      for (const name of widths) {
        const px = WIDTHS[name];
        for (const open of ['', 'c1']) {
          const page = await browser.newPage({ width: px + 32, height: 900 }, { scale: 2 });
          await page.goto(`${base}index.html?theme=${theme}&locale=${locale}${open ? `&open=${open}` : ''}`);
          const clip = await page.run<{ x: number; y: number; width: number; height: number }>(place);
          await page.screenshot(`${out}/inbox${open ? '-open' : ''}-${theme}-${locale}-${name}.png`, clip);
          await page.close();
        }
      }
    }
  }
  console.log(`inbox screenshots (${browser.version}) written to ${out}`);
} finally {
  await browser.close();
  await vite.close();
}
