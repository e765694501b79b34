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

/** Presses Tab (real key presses) until the focused element matches, or fails after `max`. */
export async function tabTo(match: (el: Element) => boolean, max = 40): Promise<Element> {
  for (let i = 0; i < max; i += 1) {
    const active = deepActiveElement();
    if (active && match(active)) return active;
    await press('Tab');
  }
  throw new Error('tabTo: never reached the element');
}

export const byPart = (part: string) => (el: Element) => el.getAttribute('part')?.split(' ').includes(part) ?? false;
export const byText = (text: string) => (el: Element) => el.textContent?.trim() === text;
export const byValue = (value: string) => (el: Element) => (el as HTMLInputElement).value === value && el instanceof HTMLInputElement;

/** Starts keyboard input from a button placed before the element under test. */
export async function startBefore(el: Element): Promise<void> {
  const start = document.createElement('button');
  start.textContent = 'start';
  el.before(start);
  start.focus();
}
