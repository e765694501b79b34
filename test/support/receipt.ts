// A settled card's receipt is one line until opened: tests that read what it
// recorded open it first, as a user does.
import type { ReactiveElement } from 'lit';
import { partIn } from './card-harness.js';

/** Opens the receipt's full record (a click on its heading) and returns the receipt. */
export async function openReceipt(el: Element): Promise<Element> {
  const root = el.shadowRoot!;
  const heading = partIn<HTMLButtonElement>(root, 'receipt-heading');
  if (!heading) throw new Error('openReceipt: the card has no receipt');
  if (heading.getAttribute('aria-expanded') !== 'true') heading.click();
  await (el as ReactiveElement).updateComplete;
  return partIn(root, 'receipt')!;
}
