// The test runner's launcher for one engine (`AIK_ENGINE`: chromium, the default, firefox or
// webkit), with the concurrency that engine allows, and a plugin that stops what it started.
import { ChromeLauncher } from '@web/test-runner-chrome';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { WebdriverLauncher } from '@web/test-runner-webdriver';
import * as puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, findChromium } from './chromium.js';
import { ENGINES, findFirefox, startWebKitDriver, webkitWindowRect } from './engines.js';

/** Every engine's test page is as large as Playwright's default one, which Chromium's gets. */
export const WINDOW = { width: 1280, height: 720 };

/**
 * Firefox over WebDriver BiDi. Headless Firefox gives key focus to one page at a time, so every
 * test file gets a fresh page (the launcher would reuse one) and the engine runs one file at once.
 */
class FirefoxLauncher extends ChromeLauncher {
  async createNewPage(browser, context) {
    const page = await super.createNewPage(browser, context);
    // The runner would size every page 800 × 600 before it loads a test file.
    page.runSession = async (url) => {
      await page.puppeteerPage.setViewport(WINDOW);
      await page.puppeteerPage.bringToFront();
      await page.puppeteerPage.goto(url);
    };
    return page;
  }

  async stopSession(sessionId) {
    const page = this.activePages.get(sessionId);
    const result = await super.stopSession(sessionId);
    this.inactivePages = this.inactivePages.filter((inactive) => inactive !== page);
    await page?.puppeteerPage.close().catch(() => undefined);
    return result;
  }
}

/** WebKit through WebKitWebDriver: MiniBrowser's window sized so that its viewport is WINDOW, under the pointer. */
class WebKitLauncher extends WebdriverLauncher {
  async createDriverManager() {
    const manager = await super.createDriverManager();
    const [chromeWidth, chromeHeight] = await this.driver.execute('return [outerWidth - innerWidth, outerHeight - innerHeight]');
    const { x, y, width, height } = webkitWindowRect(WINDOW.width + chromeWidth, WINDOW.height + chromeHeight);
    await this.driver.setWindowRect(x, y, width, height);
    return manager;
  }
}

const firefoxPrefs = {
  // The tests' foreign origins are loopback addresses; nothing may reach out for updates or telemetry.
  'app.update.enabled': false,
  'browser.shell.checkDefaultBrowser': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.enabled': false,
  'network.captive-portal-service.enabled': false,
  'browser.safebrowsing.malware.enabled': false,
  'browser.safebrowsing.phishing.enabled': false,
};

/** `{ browsers, concurrency, plugins }` for the config, for the engine `AIK_ENGINE` names. */
export async function engineSetup(engine = process.env.AIK_ENGINE ?? 'chromium') {
  if (!ENGINES.includes(engine)) throw new Error(`AIK_ENGINE: unknown engine "${engine}" (known: ${ENGINES.join(', ')})`);
  if (engine === 'chromium') {
    return {
      concurrency: 2,
      plugins: [],
      browsers: [
        playwrightLauncher({
          product: 'chromium',
          launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
          createBrowserContext: ({ browser }) => browser.newContext({ viewport: WINDOW }),
          // The runner would size every page 800 × 600 before it loads a test file: WINDOW instead.
          createPage: async ({ context }) => {
            const page = await context.newPage();
            const setViewportSize = page.setViewportSize.bind(page);
            page.setViewportSize = () => setViewportSize(WINDOW);
            return page;
          },
        }),
      ],
    };
  }
  if (engine === 'firefox') {
    const launchOptions = { browser: 'firefox', executablePath: findFirefox(), headless: true, extraPrefsFirefox: firefoxPrefs };
    return {
      concurrency: 1,
      plugins: [],
      browsers: [
        new FirefoxLauncher(
          launchOptions,
          ({ browser }) => browser.defaultBrowserContext(),
          async ({ context }) => {
            const page = await context.newPage();
            await page.setViewport(WINDOW);
            return page;
          },
          puppeteer,
          1,
        ),
      ],
    };
  }
  const driver = await startWebKitDriver();
  return {
    concurrency: 1,
    plugins: [{ name: 'webkit-driver', serverStop: () => driver.stop() }],
    browsers: [
      new WebKitLauncher({
        hostname: '127.0.0.1',
        port: driver.port,
        logLevel: 'error',
        // The runner waits for each test page to call back, not for its load: a navigation whose
        // end WebKit never reports (once in a hundred or so, between two test files, on a loaded
        // machine) then cannot hold the run for the driver's five minutes and fail the file.
        capabilities: { ...driver.capabilities, pageLoadStrategy: 'none' },
      }),
    ],
    stop: driver.stop,
  };
}
