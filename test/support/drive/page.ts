// Locators over an EnginePage, shaped like the few of Playwright's the end-to-end tests used
// (getByRole, getByText, filter, click, fill, check, waitFor), so the tests read as before and
// run in every engine. Every action is real input: a click at the element's centre, typed keys.
import type { EnginePage } from './engine.js';
import { FIND_SOURCE, type Query } from './find.js';

type Name = string | RegExp;
const pattern = (name: Name | undefined) => (name instanceof RegExp ? { source: name.source, flags: name.flags } : name);

/** Waits for `read` to give a value other than undefined, polling; fails naming `what`. */
export async function poll<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export class Locator {
  constructor(
    private readonly page: EnginePage,
    readonly query: Query,
  ) {}

  private describe(): string {
    return JSON.stringify(this.query);
  }

  /** Runs `body(el)` (a function's source) in the page on the first match; undefined when none. */
  private on<T>(body: string): Promise<T | undefined> {
    return this.page.run<T | undefined>(`(() => { const el = (${FIND_SOURCE})(${JSON.stringify(this.query)})[0]; return el ? (${body})(el) : undefined; })()`);
  }

  filter(options: { hasText: string }): Locator {
    return new Locator(this.page, { ...this.query, hasText: options.hasText });
  }

  first(): Locator {
    return new Locator(this.page, { ...this.query, nth: 0 });
  }

  nth(n: number): Locator {
    return new Locator(this.page, { ...this.query, nth: n });
  }

  getByRole(role: string, options: { name?: Name; exact?: boolean } = {}): Locator {
    return new Locator(this.page, { role, name: pattern(options.name), exact: options.exact, within: this.query });
  }

  getByText(text: Name, options: { exact?: boolean } = {}): Locator {
    return new Locator(this.page, { text: pattern(text), exact: options.exact, within: this.query });
  }

  locator(css: string): Locator {
    return new Locator(this.page, { css, within: this.query });
  }

  count(): Promise<number> {
    return this.page.run<number>(`(${FIND_SOURCE})(${JSON.stringify(this.query)}).length`);
  }

  async waitFor(options: { timeout?: number } = {}): Promise<void> {
    await poll(async () => ((await this.count()) > 0 ? true : undefined), this.describe(), options.timeout);
  }

  /** The first match's value of `body(el)`, waiting for a match. */
  private async read<T>(body: string): Promise<T> {
    await this.waitFor();
    const value = await this.on<{ value: T }>(`(el) => ({ value: (${body})(el) })`);
    if (!value) throw new Error(`${this.describe()} went away`);
    return value.value;
  }

  async click(): Promise<void> {
    const [x, y] = await this.read<[number, number]>(`(el) => { el.scrollIntoView({ block: 'center', inline: 'center' }); const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }`);
    await this.page.click(x, y);
  }

  async check(): Promise<void> {
    if (!(await this.read<boolean>('(el) => el.checked'))) await this.click();
    if (!(await this.read<boolean>('(el) => el.checked'))) throw new Error(`${this.describe()} did not become checked`);
  }

  /** Clicks into the field, selects what it holds and types `text` over it. */
  async fill(text: string): Promise<void> {
    await this.click();
    await this.read('(el) => el.select?.()');
    if (text === '') await this.page.press('Backspace');
    else await this.page.type(text);
  }

  /** Chooses an option of a `<select>` as a script would (there is no keyboard-only path that all engines share). */
  async selectOption(value: string): Promise<void> {
    await this.read(`(el) => { el.value = ${JSON.stringify(value)}; el.dispatchEvent(new Event('input', { bubbles: true })); el.dispatchEvent(new Event('change', { bubbles: true })); }`);
  }

  focus(): Promise<void> {
    return this.read('(el) => el.focus()');
  }

  inputValue(): Promise<string> {
    return this.read('(el) => el.value');
  }

  getAttribute(name: string): Promise<string | null> {
    return this.read(`(el) => el.getAttribute(${JSON.stringify(name)})`);
  }

  textContent(): Promise<string> {
    return this.read('(el) => el.textContent');
  }

  async isVisible(): Promise<boolean> {
    return (await this.count()) > 0;
  }

  isFocused(): Promise<boolean> {
    return this.read('(el) => { let a = document.activeElement; while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement; return a === el; }');
  }

  /** `body(el)`'s value (a function's source, run in the page on the first match). */
  evaluate<T>(body: string): Promise<T> {
    return this.read<T>(body);
  }
}

/** The page side of a test: locators from its document, and the page's own keys and scripts. */
export class Page {
  constructor(readonly driven: EnginePage) {}

  getByRole(role: string, options: { name?: Name; exact?: boolean } = {}): Locator {
    return new Locator(this.driven, { role, name: pattern(options.name), exact: options.exact });
  }

  getByText(text: Name, options: { exact?: boolean } = {}): Locator {
    return new Locator(this.driven, { text: pattern(text), exact: options.exact });
  }

  locator(css: string): Locator {
    return new Locator(this.driven, { css });
  }

  goto(url: string): Promise<void> {
    return this.driven.goto(url);
  }

  run<T>(expression: string): Promise<T> {
    return this.driven.run<T>(expression);
  }

  press(key: string): Promise<void> {
    return this.driven.press(key);
  }

  close(): Promise<void> {
    return this.driven.close();
  }
}
