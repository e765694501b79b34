import { sendKeys } from '@web/test-runner-commands';

/** The focused element, looking through shadow roots. */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

export const press = (key: string) => sendKeys({ press: key });
export const type = (text: string) => sendKeys({ type: text });

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
