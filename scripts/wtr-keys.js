// `keys`: real key presses in every engine, by one set of names (Playwright's: `Enter`, `Space`,
// `Shift+Tab`, `Control+A`). Playwright takes them as they are; WebDriver BiDi (Firefox through
// puppeteer-core) knows no `Space` and no `+` combinations; classic WebDriver (WebKit) would type
// the names literally, and its own `keys` holds every key down before releasing any, which drops
// repeated letters. So combinations are split here and each key goes down and up in turn.

/** W3C WebDriver key values (the same in BiDi's input actions). */
const WEBDRIVER_KEYS = {
  Backspace: '\uE003',
  Tab: '\uE004',
  Enter: '\uE007',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Escape: '\uE00C',
  Space: ' ',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Delete: '\uE017',
  Meta: '\uE03D',
};

/** `Shift+Enter` → ['Shift', 'Enter']; a letter pressed with Control or Meta is its lower case. */
export function splitCombination(combination) {
  const keys = combination.length > 1 && combination.includes('+') ? combination.split('+') : [combination];
  const modified = keys.length > 1 && keys.some((key) => key === 'Control' || key === 'Meta');
  return keys.map((key) => (modified && key.length === 1 ? key.toLowerCase() : key));
}

function webdriverValue(key) {
  if ([...key].length === 1) return key;
  const value = WEBDRIVER_KEYS[key];
  if (value === undefined) throw new Error(`keys: no WebDriver value for the key "${key}"`);
  return value;
}

/** The key action sequence for a combination: every key down in order, then up in reverse. */
export function pressActions(combination) {
  const values = splitCombination(combination).map(webdriverValue);
  return [...values.map((value) => ({ type: 'keyDown', value })), ...values.reverse().map((value) => ({ type: 'keyUp', value }))];
}

export function typeActions(text) {
  return [...text].flatMap((char) => [
    { type: 'keyDown', value: char === '\n' ? WEBDRIVER_KEYS.Enter : char },
    { type: 'keyUp', value: char === '\n' ? WEBDRIVER_KEYS.Enter : char },
  ]);
}

/** Puppeteer's names are Playwright's but for `Space`, which BiDi does not know. */
const puppeteerName = (key) => (key === 'Space' ? ' ' : key);

export async function puppeteerPress(page, combination) {
  const keys = splitCombination(combination).map(puppeteerName);
  for (const key of keys.slice(0, -1)) await page.keyboard.down(key);
  await page.keyboard.press(keys.at(-1));
  for (const key of keys.slice(0, -1).reverse()) await page.keyboard.up(key);
}

export function keysPlugin() {
  return {
    name: 'keys',
    async executeCommand({ command, payload, session }) {
      if (command !== 'keys') return undefined;
      const given = ['press', 'type', 'down', 'up'].filter((name) => payload?.[name] !== undefined);
      if (given.length !== 1) throw new Error('keys: give one of press, type, down or up');
      const [how] = given;
      const key = payload[how];
      const browser = session.browser;
      if (browser.type === 'playwright') {
        await browser.getPage(session.id).keyboard[how](key);
      } else if (browser.type === 'puppeteer') {
        const page = browser.getPage(session.id);
        if (how === 'press') await puppeteerPress(page, key);
        else await page.keyboard[how](how === 'type' ? key : puppeteerName(key));
      } else if (browser.type === 'webdriver') {
        const actions =
          how === 'press' ? pressActions(key) : how === 'type' ? typeActions(key) : [{ type: how === 'down' ? 'keyDown' : 'keyUp', value: webdriverValue(key) }];
        await browser.driverManager.performActions(session.id, [{ type: 'key', id: 'keyboard', actions }]);
      } else {
        throw new Error(`keys: not supported for ${browser.type}`);
      }
      return true;
    },
  };
}
