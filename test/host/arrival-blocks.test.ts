// The host's grouping of its cards: blocks of 32 by arrival, each card in its block
// for good, and a block unchanged since the last call handed back as the same array, so that a
// render compares one reference per block rather than one per receipt.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { arrivalBlocks } from '../../src/host/arrival-blocks.js';
import type { SessionEntry } from '../../src/session/session.js';

/** Stand-ins for the session's snapshots: the grouping reads only `id` and compares identity. */
const entry = (id: string, version = 0) => ({ id, version }) as unknown as SessionEntry;
const entries = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => entry(`c-${from + i}`));
const ids = (blocks: Map<number, readonly SessionEntry[]>) => [...blocks.values()].map((block) => block.map((e) => e.id));

describe('arrivalBlocks', () => {
  it('puts the cards in blocks of 32 by arrival: a new card joins the last block', () => {
    const group = arrivalBlocks();
    const list = entries(0, 40);
    assert.deepEqual([...group(list).keys()], [0, 1]);
    const next = group([...list, entry('c-40')]);
    assert.deepEqual(ids(next)[1], [...list.slice(32), entry('c-40')].map((e) => e.id));
  });

  it('hands back an unchanged block as the same array, and a changed one as a new array', () => {
    const group = arrivalBlocks();
    const list = entries(0, 70);
    const first = group(list);
    const again = group([...list]);
    for (const key of first.keys()) assert.equal(again.get(key), first.get(key), `block ${key} is the same array`);
    // A new snapshot of c-40 (its card settled): its block is new; the others are as they were.
    const settled = list.map((e) => (e.id === 'c-40' ? entry('c-40', 1) : e));
    const after = group(settled);
    assert.equal(after.get(0), first.get(0));
    assert.notEqual(after.get(1), first.get(1));
    assert.equal(after.get(1)?.[8], settled[40]);
    assert.equal(after.get(2), first.get(2));
  });

  it('keeps every card in its block when the oldest leaves: only the first block changes', () => {
    const group = arrivalBlocks();
    const list = entries(0, 70);
    const before = group(list);
    const after = group(list.slice(1));
    assert.deepEqual([...after.keys()], [0, 1, 2]);
    assert.deepEqual(ids(after)[0], list.slice(1, 32).map((e) => e.id));
    assert.equal(after.get(1), before.get(1));
    assert.equal(after.get(2), before.get(2));
  });

  it('puts an id seen before further up last, as a new card (a new session reusing it)', () => {
    const group = arrivalBlocks();
    const list = entries(0, 33);
    group(list);
    const reordered = [...list.slice(1), list[0]!];
    assert.deepEqual(ids(group(reordered)).at(-1)?.at(-1), 'c-0');
  });

  it('still groups by arrival after many cards came and went (their numbers forgotten)', () => {
    const group = arrivalBlocks();
    for (let start = 0; start < 1000; start += 10) group(entries(start, start + 20));
    // The last call held c-990…c-1009: arrival numbers 990…1009, blocks 30 and 31.
    const last = group(entries(990, 1010));
    assert.deepEqual([...last.keys()], [30, 31]);
    assert.deepEqual(ids(last).flat(), entries(990, 1010).map((e) => e.id));
  });
});
