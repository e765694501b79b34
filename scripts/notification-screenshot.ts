// A screenshot of a real notification from the kit (docs/screenshots/notification.png): the demo
// in a headed Chromium on an X display of its own (Xvfb), its 通知 setting at 总是 and the
// permission granted as by a user who allowed it; a high-risk approval arrives, Chromium shows
// its notification as a popup of its own (its message centre, as on a desktop without a
// notification server), and ImageMagick's `import` captures the whole screen. Needs Xvfb and
// ImageMagick (Debian's xvfb and imagemagick). Run: npm run screenshots:notification
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { startMockRuntime } from '../demo/mock-runtime.js';
// @ts-expect-error a plain JS helper shared with the test runner
import { CHROMIUM_ARGS, ensureChromium } from './chromium.js';

const SCREEN = { width: 1280, height: 800 };
const out = new URL('../docs/screenshots/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
for (const [tool, hint] of [['Xvfb', 'xvfb'], ['import', 'imagemagick']]) {
  if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) throw new Error(`${tool} is missing: apt-get install ${hint}`);
}

const children: ChildProcess[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A display no other X server holds. */
function freeDisplay(): number {
  for (let n = 90; n < 200; n += 1) if (!existsSync(`/tmp/.X11-unix/X${n}`) && !existsSync(`/tmp/.X${n}-lock`)) return n;
  throw new Error('no free X display');
}

const display = `:${freeDisplay()}`;
children.push(spawn('Xvfb', [display, '-screen', '0', `${SCREEN.width}x${SCREEN.height}x24`, '-nolisten', 'tcp'], { stdio: 'ignore' }));
for (let i = 0; i < 100 && !existsSync(`/tmp/.X11-unix/X${display.slice(1)}`); i += 1) await sleep(50);
const env = { ...process.env, DISPLAY: display };

const runtime = await startMockRuntime();
const vite = await createServer({
  configFile: new URL('../vite.config.ts', import.meta.url).pathname,
  server: { port: 0, proxy: { '/runtime': { target: `http://127.0.0.1:${runtime.port}`, ws: true, rewrite: (p) => p.replace(/^\/runtime/, '') } } },
  logLevel: 'error',
});
await vite.listen();
const base = vite.resolvedUrls!.local[0]!;
const browser = await chromium.launch({
  executablePath: ensureChromium({ fonts: true }),
  headless: false,
  args: [...(CHROMIUM_ARGS as string[]).filter((arg) => !arg.startsWith('--headless')), '--window-position=0,0', `--window-size=${SCREEN.width},${SCREEN.height}`,
    // Chromium's own popup, the same on every Linux desktop (a notification server's looks vary).
    '--disable-features=NativeNotifications,SystemNotifications'],
  env,
});
try {
  const context = await browser.newContext({ viewport: null, permissions: ['notifications'] });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('aik-demo-settings', JSON.stringify({ notify: 'always', theme: 'light', locale: 'zh-CN' })));
  await page.goto(base);
  await page.locator('interaction-host [part~="connection"].state-open').waitFor();
  await page.locator('button[data-scenario="approval-high"]').click();
  await page.locator('interaction-host approval-dialog').waitFor();
  await page.evaluate(() => document.fonts.ready);
  await sleep(1500); // the popup slides in
  const shot = spawnSync('import', ['-display', display, '-window', 'root', `${out}notification.png`], { env, stdio: 'inherit' });
  if (shot.status !== 0) throw new Error('import could not capture the screen');
  console.log('notification screenshot written to docs/screenshots/notification.png');
} finally {
  await browser.close();
  await vite.close();
  await runtime.close();
  for (const child of children.reverse()) child.kill();
}
