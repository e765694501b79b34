import type { SessionEntry } from '../session/session.js';

/** Cards per block: a block is 2^5 = 32 cards by arrival. */
const BLOCK_BITS = 5;

/** A block's entries, in arrival order. The same array while none of them changed. */
export type Block = readonly SessionEntry[];

const sameEntries = (a: Block, b: Block): boolean => a.length === b.length && a.every((entry, i) => entry === b[i]);

/**
 * Groups the host's cards in blocks of 32 by arrival, each card in its block for good, so that a
 * new card leaves the receipts above it alone: a new card joins the last block and a receipt past
 * `receipt-limit` leaves the first, so the blocks between keep their elements, and the browser
 * their style, layout and paint. Returns the grouping function: entries in arrival order → the
 * blocks by number, in order. A block whose entries are the last call's is the last call's array,
 * so a render compares one reference per block, not one per receipt. A call costs each entry a
 * lookup, a push and a comparison; only when the numbers kept outgrow the cards shown does it walk
 * them all, to drop the ids no longer shown.
 */
export function arrivalBlocks(): (entries: readonly SessionEntry[]) => Map<number, Block> {
  /** The arrival number of each card seen; the ids no longer shown are dropped once there are more than twice the shown and 64. */
  const numbers = new Map<string, number>();
  let count = 0;
  let previous = new Map<number, Block>();
  return (entries) => {
    const blocks = new Map<number, SessionEntry[]>();
    let last = -1;
    for (const entry of entries) {
      let n = numbers.get(entry.id);
      // A new card comes last; so does an id seen before further up (a new session reusing it).
      if (n === undefined || n <= last) numbers.set(entry.id, (n = count++));
      last = n;
      const block = blocks.get(n >> BLOCK_BITS);
      if (block) block.push(entry);
      else blocks.set(n >> BLOCK_BITS, [entry]);
    }
    // Forgetting is a walk over every entry: done once the numbers pass twice the shown and 64, not per call.
    if (numbers.size > 2 * entries.length + 64) {
      const shown = new Set(entries.map((entry) => entry.id));
      for (const id of numbers.keys()) if (!shown.has(id)) numbers.delete(id);
    }
    const result = new Map<number, Block>();
    for (const [key, block] of blocks) {
      const before = previous.get(key);
      result.set(key, before && sameEntries(before, block) ? before : block);
    }
    previous = result;
    return result;
  };
}

/** A card's list item's id: apart from the host's own ids, whatever the runtime names its calls. */
export const itemId = (id: string): string => `item-${id}`;
