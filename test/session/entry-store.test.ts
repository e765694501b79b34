// The session's store of entries: what pruning to `receipt-limit` takes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EntryStore } from '../../src/session/entry-store.js';
import type { SessionEntry } from '../../src/session/session.js';

/** A request entry at `phase` (the store reads only its id, kind and phase). */
const request = (id: string, phase: 'pending' | 'sending' | 'settled') => ({ id, kind: 'request', phase }) as unknown as SessionEntry;

describe('EntryStore.overflow', () => {
  it('takes the oldest finished entries beyond the limit, never one pending or waiting for its ack', () => {
    const store = new EntryStore(() => {});
    const phases = ['settled', 'pending', 'settled', 'sending', 'settled', 'settled', 'pending', 'settled'] as const;
    phases.forEach((phase, i) => store.put(request(`e-${i}`, phase)));
    // Five finished (e-0, e-2, e-4, e-5, e-7): a limit of 3 takes the two oldest of them.
    assert.deepEqual(store.overflow(3).map((entry) => entry.id), ['e-0', 'e-2']);
    assert.deepEqual(store.overflow(5), []);
    assert.deepEqual(store.overflow(0).map((entry) => entry.id), ['e-0', 'e-2', 'e-4', 'e-5', 'e-7']);
  });

  it('takes nothing while the store holds no more entries than the limit', () => {
    const store = new EntryStore(() => {});
    for (let i = 0; i < 4; i += 1) store.put(request(`e-${i}`, 'settled'));
    assert.deepEqual(store.overflow(4), []);
    assert.deepEqual(store.overflow(3).map((entry) => entry.id), ['e-0']);
  });

  it('takes nothing when the limit is no number (receipt-limit="abc"), as pruning always did', () => {
    const store = new EntryStore(() => {});
    for (let i = 0; i < 4; i += 1) store.put(request(`e-${i}`, 'settled'));
    assert.deepEqual(store.overflow(Number.NaN), []);
  });
});
