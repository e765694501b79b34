import type { SessionEntry } from '../session/session.js';

/**
 * Groups the host's cards in blocks of 32 by arrival, each card in its block for good (DESIGN
 * §11.4): a new card joins the last block and a receipt past `receipt-limit` leaves the first, so
 * the blocks between keep their elements, and the browser their style, layout and paint. Returns
 * the grouping function: entries in arrival order → the blocks by number, in order.
 */
export function arrivalBlocks(): (entries: readonly SessionEntry[]) => Map<number, SessionEntry[]> {
  /** The arrival number of each card in the last list: a card gone is forgotten. */
  let numbers = new Map<string, number>();
  let count = 0;
  return (entries) => {
    const next = new Map<string, number>();
    const blocks = new Map<number, SessionEntry[]>();
    let last = 0;
    for (const entry of entries) {
      let n = numbers.get(entry.id) ?? -1;
      // A new card comes last; so does an id seen before further up (a new session reusing it).
      if (n < last) n = count++;
      next.set(entry.id, (last = n));
      const block = blocks.get(n >> 5);
      if (block) block.push(entry);
      else blocks.set(n >> 5, [entry]);
    }
    numbers = next;
    return blocks;
  };
}

/** A card's list item's id: apart from the host's own ids, whatever the runtime names its calls. */
export const itemId = (id: string): string => `item-${id}`;
