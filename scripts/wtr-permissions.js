// What the notification tests need of the browser around the page: `notifications` sets the
// page's Notification permission as a user's answer to the prompt would, in the engines whose
// driver can (Playwright's Chromium: grantPermissions; Firefox over WebDriver BiDi:
// permissions.setPermission). WebKit's WebKitWebDriver has no such command (Set Permission is an
// unknown command there): the command answers false. `cover-page` hides the page behind another
// tab where the engine then reports it hidden (Firefox; headless Chromium keeps every page
// visible), and answers false elsewhere.

/** The other tab covering each test page, by session. */
const covers = new Map();

export function permissionsPlugin() {
  return {
    name: 'notifications',
    async executeCommand({ command, payload, session }) {
      if (command !== 'notifications' && command !== 'cover-page') return undefined;
      const browser = session.browser;
      if (command === 'cover-page') {
        if (browser.type !== 'puppeteer') return false;
        const page = browser.getPage(session.id);
        if (payload?.cover) {
          const other = await page.browserContext().newPage();
          await other.bringToFront();
          covers.set(session.id, other);
        } else {
          await covers.get(session.id)?.close();
          covers.delete(session.id);
          await page.bringToFront();
        }
        return true;
      }
      const state = payload?.state;
      if (state !== 'granted' && state !== 'prompt') throw new Error("notifications: give {state: 'granted' | 'prompt'}");
      if (browser.type === 'playwright') {
        const page = browser.getPage(session.id);
        if (state === 'granted') await page.context().grantPermissions(['notifications'], { origin: new URL(page.url()).origin });
        else await page.context().clearPermissions();
        return true;
      }
      if (browser.type === 'puppeteer') {
        const page = browser.getPage(session.id);
        await page.browserContext().setPermission(new URL(page.url()).origin, { permission: { name: 'notifications' }, state });
        return true;
      }
      return false;
    },
  };
}
