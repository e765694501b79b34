// One small seam over the drivers that reach each engine on this kind of machine: puppeteer-core
// for Chromium (CDP) and Firefox (WebDriver BiDi), webdriverio for WebKit (MiniBrowser through
// WebKitWebDriver on its own Xvfb). What the end-to-end tests and the screenshots need, and no
// more: open a page of a size, run a script in it, click and press keys for real, take a picture.
import { writeFileSync } from 'node:fs';
import * as puppeteer from 'puppeteer-core';
import { remote } from 'webdriverio';
// @ts-expect-error plain JS helpers shared with the test runner
import { CHROMIUM_ARGS, findChromium } from '../../../scripts/chromium.js';
// @ts-expect-error plain JS helpers shared with the test runner
import { ensureEngines, engineVersion, findFirefox, startWebKitDriver, webkitWindowRect } from '../../../scripts/engines.js';
// @ts-expect-error plain JS helpers shared with the test runner
import { pressActions, puppeteerPress, typeActions } from '../../../scripts/wtr-keys.js';

export type Engine = 'chromium' | 'firefox' | 'webkit';
export const ENGINES: readonly Engine[] = ['chromium', 'firefox', 'webkit'];

export interface Size {
  width: number;
  height: number;
}

export interface EnginePage {
  readonly engine: Engine;
  goto(url: string): Promise<void>;
  /** The value of a script expression in the page (awaited when it is a promise; JSON-able). */
  run<T>(expression: string): Promise<T>;
  /** A real click at a point of the viewport. */
  click(x: number, y: number): Promise<void>;
  /** A key or combination, by Playwright's names (`Enter`, `Shift+Tab`). */
  press(key: string): Promise<void>;
  type(text: string): Promise<void>;
  /** A PNG of a part of the viewport. */
  screenshot(path: string, clip: { x: number; y: number; width: number; height: number }): Promise<void>;
  /** Where the other windows the page opened were sent, whether or not the site was reached. */
  openedUrls(): Promise<string[]>;
  close(): Promise<void>;
}

export interface EngineBrowser {
  readonly engine: Engine;
  /** The engine and its version, as the README and the logs name it. */
  readonly version: string;
  newPage(size: Size, options?: { scale?: number }): Promise<EnginePage>;
  close(): Promise<void>;
}

/** The engines `AIK_ENGINES` names (comma-separated), else all three. */
export function enginesToRun(): Engine[] {
  const named = (process.env.AIK_ENGINES ?? '').split(',').map((name) => name.trim()).filter(Boolean) as Engine[];
  return named.length > 0 ? named.filter((name) => ENGINES.includes(name)) : [...ENGINES];
}

/** Firefox shows a site it cannot reach at its error page's address, with the one asked for in `u`. */
const sentTo = (url: string) => (url.startsWith('about:neterror?') ? (new URL(url).searchParams.get('u') ?? url) : url);

async function puppeteerBrowser(engine: 'chromium' | 'firefox'): Promise<EngineBrowser> {
  const browser = await puppeteer.launch(
    engine === 'chromium'
      ? { browser: 'chrome', executablePath: findChromium(), args: CHROMIUM_ARGS, headless: true, defaultViewport: null }
      : { browser: 'firefox', executablePath: findFirefox(), headless: true, defaultViewport: null },
  );
  return {
    engine,
    version: engineVersion(engine),
    async newPage(size, options = {}) {
      // A context of its own per page, as a fresh visitor (Firefox gives key focus to one page at a time).
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ ...size, deviceScaleFactor: options.scale ?? 1 });
      await page.bringToFront();
      return {
        engine,
        goto: async (url) => void (await page.goto(url)),
        run: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
        click: (x, y) => page.mouse.click(x, y),
        press: (key) => puppeteerPress(page, key),
        type: (text) => page.keyboard.type(text),
        screenshot: async (path, clip) => {
          // Puppeteer's clip is in the document's coordinates, the seam's in the viewport's.
          const [x, y] = (await page.evaluate('[scrollX, scrollY]')) as [number, number];
          writeFileSync(path, await page.screenshot({ clip: { ...clip, x: clip.x + x, y: clip.y + y }, type: 'png' }));
        },
        // A target's address is where its window was sent, kept when the site cannot be reached.
        openedUrls: async () => context.targets().filter((target) => target.type() === 'page' && target !== page.target()).map((target) => sentTo(target.url())),
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

async function webkitBrowser(): Promise<EngineBrowser> {
  let driver = await startWebKitDriver();
  const sessions = new Set<WebdriverIO.Browser>();
  const closeAll = async () => {
    for (const session of sessions) await session.deleteSession().catch(() => undefined);
    sessions.clear();
  };
  /**
   * A session on the driver. WebKitWebDriver drives one at a time: a page a failed test left open
   * is closed first, so one failure does not fail every test after it. A session the driver never
   * answers for (a MiniBrowser that did not start, on a loaded machine) gets a new driver, once.
   */
  const newSession = async (): Promise<WebdriverIO.Browser> => {
    await closeAll();
    const connect = () => remote({ hostname: '127.0.0.1', port: driver.port, logLevel: 'error', capabilities: driver.capabilities, connectionRetryTimeout: 60_000, connectionRetryCount: 0 });
    try {
      return await connect();
    } catch (error) {
      console.log(`WebKit: no session (${String(error).slice(0, 120)}); starting a new WebKitWebDriver`);
      await driver.stop();
      driver = await startWebKitDriver();
      return connect();
    }
  };
  return {
    engine: 'webkit',
    version: engineVersion('webkit'),
    async newPage(size, options = {}) {
      if ((options.scale ?? 1) !== 1) throw new Error('WebKit: MiniBrowser draws at scale 1 only');
      // One MiniBrowser per page: a fresh visitor each time, as in the other engines.
      const session = await newSession();
      sessions.add(session);
      const [chromeWidth, chromeHeight] = (await session.execute('return [outerWidth - innerWidth, outerHeight - innerHeight]')) as [number, number];
      const { x, y, width, height } = webkitWindowRect(size.width + chromeWidth, size.height + chromeHeight);
      await session.setWindowRect(x, y, width, height);
      const main = await session.getWindowHandle();
      const keys = (actions: unknown[]) => session.performActions([{ type: 'key', id: 'keyboard', actions }]);
      return {
        engine: 'webkit',
        goto: (url) => session.navigateTo(url).then(() => undefined),
        // The script runs in a function: a promise it returns is awaited by the driver.
        run: <T>(expression: string) => session.executeAsync(`const done = arguments[arguments.length - 1]; Promise.resolve(${expression}).then(done, (error) => done({ __error: String(error) }));`).then((value) => {
          if (value && typeof value === 'object' && '__error' in value) throw new Error(String((value as { __error: string }).__error));
          return value as T;
        }),
        click: (x, y) => session.performActions([{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions: [{ type: 'pointerMove', duration: 0, x: Math.round(x), y: Math.round(y), origin: 'viewport' }, { type: 'pointerDown', button: 0 }, { type: 'pointerUp', button: 0 }] }]),
        press: (key) => keys(pressActions(key)),
        type: (text) => keys(typeActions(text)),
        screenshot: async (path, clip) => {
          // The viewport as a PNG, then the clip cut out of it in the page (a canvas of the same picture).
          const png = await session.takeScreenshot();
          const cut = (await session.executeAsync(
            `const [png, clip, done] = arguments; const img = new Image(); img.onload = () => { const c = document.createElement('canvas'); c.width = clip.width; c.height = clip.height; c.getContext('2d').drawImage(img, clip.x, clip.y, clip.width, clip.height, 0, 0, clip.width, clip.height); done(c.toDataURL('image/png').split(',')[1]); }; img.src = 'data:image/png;base64,' + png;`,
            png,
            clip,
          )) as string;
          writeFileSync(path, Buffer.from(cut, 'base64'));
        },
        openedUrls: async () => {
          const urls: string[] = [];
          for (const handle of (await session.getWindowHandles()).filter((other) => other !== main)) {
            await session.switchToWindow(handle);
            urls.push(await session.getUrl());
          }
          await session.switchToWindow(main);
          return urls;
        },
        close: async () => {
          sessions.delete(session);
          await session.deleteSession();
        },
      };
    },
    async close() {
      await closeAll();
      await driver.stop();
    },
  };
}

/** Launches an engine (installing it first where `npm test` would: Debian's package, as root). */
export async function launchEngine(engine: Engine): Promise<EngineBrowser> {
  ensureEngines([engine]);
  return engine === 'webkit' ? webkitBrowser() : puppeteerBrowser(engine);
}
