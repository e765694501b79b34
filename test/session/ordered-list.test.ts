// OrderedList: the order kept through additions, replacements and removals, by binary search;
// ties in the order in which items joined; checked against a full sort after every step.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { OrderedList } from '../../src/session/ordered-list.js';

interface Row {
  id: string;
  due: number;
}
const byDue = (a: Row, b: Row) => a.due - b.due;
const list = () => new OrderedList<Row>(byDue, (row) => row.id);
const ids = (rows: readonly Row[]) => rows.map((row) => row.id);

describe('OrderedList', () => {
  it('keeps its items in order as they arrive in any order', () => {
    const rows = list();
    for (const [id, due] of [['c', 30], ['a', 10], ['d', 40], ['b', 20], ['e', 5]] as const) rows.set({ id, due });
    assert.deepEqual(ids(rows.values()), ['e', 'a', 'b', 'c', 'd']);
    assert.equal(rows.size, 5);
    assert.equal(rows.get('b')?.due, 20);
    assert.equal(rows.has('z'), false);
  });

  it('puts equal items in the order they joined, whichever side of them the search lands', () => {
    const rows = list();
    rows.set({ id: 'early', due: 1 });
    rows.set({ id: 'late', due: 9 });
    for (const id of ['t1', 't2', 't3', 't4', 't5']) rows.set({ id, due: 5 });
    assert.deepEqual(ids(rows.values()), ['early', 't1', 't2', 't3', 't4', 't5', 'late']);
  });

  it('orders items with no deadline (Infinity) last, oldest first among them', () => {
    const rows = list();
    rows.set({ id: 'never-1', due: Infinity });
    rows.set({ id: 'soon', due: 3 });
    rows.set({ id: 'never-2', due: Infinity });
    rows.set({ id: 'later', due: 7 });
    assert.deepEqual(ids(rows.values()), ['soon', 'later', 'never-1', 'never-2']);
  });

  it('a replaced item keeps its place among equals; one removed and added again joins last', () => {
    const rows = list();
    for (const id of ['a', 'b', 'c']) rows.set({ id, due: 5 });
    rows.set({ id: 'a', due: 5 });
    assert.deepEqual(ids(rows.values()), ['a', 'b', 'c']);
    rows.delete('a');
    rows.set({ id: 'a', due: 5 });
    assert.deepEqual(ids(rows.values()), ['b', 'c', 'a']);
    // A replacement that changes the order moves the item, once.
    rows.set({ id: 'c', due: 1 });
    assert.deepEqual(ids(rows.values()), ['c', 'b', 'a']);
    assert.equal(rows.size, 3);
  });

  it('removes the item of a key, an equal neighbour staying, and says whether there was one', () => {
    const rows = list();
    for (const id of ['a', 'b', 'c', 'd']) rows.set({ id, due: id === 'd' ? 2 : 1 });
    assert.equal(rows.delete('b'), true);
    assert.equal(rows.delete('b'), false);
    assert.deepEqual(ids(rows.values()), ['a', 'c', 'd']);
    rows.clear();
    assert.deepEqual(rows.values(), []);
    assert.equal(rows.size, 0);
  });

  it('gives the same array until a change, a new one after it', () => {
    const rows = list();
    rows.set({ id: 'a', due: 1 });
    const first = rows.values();
    assert.equal(rows.values(), first);
    rows.set({ id: 'b', due: 2 });
    assert.notEqual(rows.values(), first);
    assert.deepEqual(ids(first), ['a'], 'an array given out is not changed afterwards');
    const second = rows.values();
    rows.delete('nothing');
    assert.equal(rows.values(), second, 'removing what is not there changes nothing');
  });

  it('matches a full stable sort after each of 2,000 random steps', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const rows = list();
    // The reference: a Map in joining order (a replacement keeps its key's place), sorted stably.
    const reference = new Map<string, Row>();
    for (let step = 0; step < 2000; step += 1) {
      const id = `r${Math.floor(random() * 60)}`;
      if (random() < 0.3) {
        assert.equal(rows.delete(id), reference.delete(id));
      } else {
        const row = { id, due: random() < 0.1 ? Infinity : Math.floor(random() * 12) };
        rows.set(row);
        reference.set(id, row);
      }
      assert.deepEqual(ids(rows.values()), ids([...reference.values()].sort(byDue)), `step ${step}`);
    }
  });
});
