import { executeServerCommand } from '@web/test-runner-commands';

/** The focused element, looking through shadow roots. */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * Real key presses, the same in every engine (scripts/wtr-keys.js): Playwright's key names
 * (`Enter`, `Space`, `ArrowDown`) and combinations (`Shift+Enter`, `Control+A`).
 */
export const press = (key: string) => executeServerCommand('keys', { press: key });
/** Types text one key at a time, each key released before the next goes down. */
export const type = (text: string) => executeServerCommand('keys', { type: text });
/** Holds a key down; again while it is down, the engine repeats it (`event.repeat`). */
export const keyDown = (key: string) => executeServerCommand('keys', { down: key });
export const keyUp = (key: string) => executeServerCommand('keys', { up: key });

const describe = (el: Element | null) => {
  if (!el) return 'nothing';
  const key = el.closest('[data-key]')?.getAttribute('data-key');
  const card = (el.getRootNode() as ShadowRoot).host?.getAttribute('data-id');
  return `${el.localName}${el.getAttribute('part') ? `[part=${el.getAttribute('part')}]` : ''}${key ? ` in ${key}` : ''}${card ? ` of ${card}` : ''}`;
};

/** An invisible point in the page's tab order, for tabTo to know where the page starts and ends. */
function tabPoint(tabIndex: number): HTMLElement {
  const point = document.createElement('span');
  point.tabIndex = tabIndex;
  return point;
}

/**
 * Presses Tab (real key presses) until the focused element matches, or fails after `max`, naming
 * the stops it went through. Tab past the page's last control goes on from the page's start, as
 * for a user who tabs on through the browser's toolbar; focus never leaves the page, for where it
 * goes then differs by engine (Chromium wraps at once, Firefox stays in its own toolbar).
 */
export async function tabTo(match: (el: Element) => boolean, max = 40, pressTab: () => Promise<unknown> = () => press('Tab')): Promise<Element> {
  const stops: string[] = [];
  const end = tabPoint(0);
  document.body.append(end);
  try {
    for (let i = 0; i < max; i += 1) {
      const active = deepActiveElement();
      if (active && match(active)) return active;
      if (active === end) {
        stops.push('(the page’s end)');
        const start = tabPoint(-1);
        document.body.prepend(start);
        start.focus();
        await pressTab();
        start.remove();
        continue;
      }
      stops.push(describe(active));
      await pressTab();
    }
  } finally {
    end.remove();
  }
  throw new Error(`tabTo: never reached the element (stops: ${stops.join(' → ')})`);
}

/** Every element of the page, through shadow roots. */
function deepElements(root: Document | ShadowRoot | Element): Element[] {
  return [...root.querySelectorAll('*')].flatMap((el) => [el, ...(el.shadowRoot ? deepElements(el.shadowRoot) : [])]);
}

/**
 * Safari's default Tab, which moves only between text fields and pop-up menus ("Press Tab to
 * highlight each item" off), in an engine that has it on: before one real Tab press, the controls
 * WebKit's rule skips then are taken out of the order, and put back after. The rule
 * (HTMLFormControlElement::isKeyboardFocusable, HTMLAnchorElement's): buttons, radios, checkboxes
 * and other non-text inputs are skipped unless the page wrote their tabindex; links always are.
 */
export async function safariTab(): Promise<void> {
  const textual = ['text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'datetime-local', 'month', 'time', 'week'];
  const skipped = deepElements(document).filter(
    (el) =>
      (el.localName === 'a' && el.hasAttribute('href')) ||
      ((el.localName === 'button' || (el instanceof HTMLInputElement && !textual.includes(el.type))) && !el.hasAttribute('tabindex')),
  );
  for (const el of skipped) el.setAttribute('tabindex', '-1');
  try {
    await press('Tab');
  } finally {
    for (const el of skipped) el.removeAttribute('tabindex');
  }
}

/** tabTo with Safari's default Tab (safariTab). */
export const safariTabTo = (match: (el: Element) => boolean, max = 40) => tabTo(match, max, safariTab);

/** Starts keyboard input from a button placed before the element under test. */
export async function startBefore(el: Element): Promise<void> {
  const start = document.createElement('button');
  start.textContent = 'start';
  el.before(start);
  start.focus();
}

export const byPart = (part: string) => (el: Element) => el.getAttribute('part')?.split(' ').includes(part) ?? false;
export const byText = (text: string) => (el: Element) => el.textContent?.trim() === text;
export const byValue = (value: string) => (el: Element) => (el as HTMLInputElement).value === value && el instanceof HTMLInputElement;

/**
 * Scrolls the page as a reader does, with a key (Home, End, PageUp, PageDown) and nothing focused,
 * and waits until it has moved, when the key can move it, and then stands still (engines animate
 * it, and a loaded Firefox may start the animation frames after the key). A script's `scrollTo` is
 * no stand-in: after the kit's own `scrollIntoView`, Firefox puts the page back where that left it.
 */
export async function scrollWithKey(key: 'Home' | 'End' | 'PageUp' | 'PageDown'): Promise<void> {
  (deepActiveElement() as HTMLElement | null)?.blur();
  const start = scrollY;
  const end = document.documentElement.scrollHeight - innerHeight;
  const moves = key === 'Home' || key === 'PageUp' ? start > 0 : start < end - 1;
  await press(key);
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  let last = Number.NaN;
  for (let still = 0, frames = 0; still < 3; frames += 1) {
    if (frames > 300) throw new Error(`scrollWithKey(${key}): the page never ${moves && scrollY === start ? 'moved' : 'stood still'}`);
    await frame();
    still = scrollY === last && (!moves || scrollY !== start) ? still + 1 : 0;
    last = scrollY;
  }
}
