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
export async function tabTo(match: (el: Element) => boolean, max = 40): Promise<Element> {
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
        await press('Tab');
        start.remove();
        continue;
      }
      stops.push(describe(active));
      await press('Tab');
    }
  } finally {
    end.remove();
  }
  throw new Error(`tabTo: never reached the element (stops: ${stops.join(' → ')})`);
}

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
 * and waits until it stands still (engines animate it). A script's `scrollTo` is no stand-in:
 * after the kit's own `scrollIntoView`, Firefox puts the page back where that left it.
 */
export async function scrollWithKey(key: 'Home' | 'End' | 'PageUp' | 'PageDown'): Promise<void> {
  (deepActiveElement() as HTMLElement | null)?.blur();
  await press(key);
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  let last = Number.NaN;
  for (let still = 0, frames = 0; still < 3; frames += 1) {
    if (frames > 300) throw new Error(`scrollWithKey(${key}): the page never stood still`);
    await frame();
    still = scrollY === last ? still + 1 : 0;
    last = scrollY;
  }
}
