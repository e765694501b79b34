import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ResultMessage } from '../../src/protocol/kit-messages.js';
import { ACKED_MEMORY, Outbox } from '../../src/session/outbox.js';
import { MemoryStorage } from '../../src/session/storage.js';

/** A storage that records the size of every write. */
class MeasuredStorage extends MemoryStorage {
  writes: number[] = [];
  keys = new Set<string>();
  override setItem(key: string, value: string): void {
    this.writes.push(value.length);
    this.keys.add(key);
    super.setItem(key, value);
  }
  override removeItem(key: string): void {
    this.keys.delete(key);
    super.removeItem(key);
  }
}

const result = (id: string) => ({ v: 1, type: 'tool_result', call_id: id, tool: 'request_user_approval', result: { content: 'ok' } }) as unknown as ResultMessage;

describe('Outbox persistence', () => {
  it('keeps the last 1,000 acked ids across a reload, writing small chunks', () => {
    const storage = new MeasuredStorage();
    const outbox = new Outbox(storage);
    outbox.load('s');
    for (let i = 1; i <= 2_550; i += 1) {
      outbox.put(`id-${i}`, result(`id-${i}`));
      outbox.settle(`id-${i}`);
    }
    // Every write is the (empty) outbox record or one chunk of at most 100 ids: never all 1,000.
    assert.ok(Math.max(...storage.writes) < 2_000, `largest write ${Math.max(...storage.writes)} characters`);
    assert.ok(storage.keys.size <= 1 + ACKED_MEMORY / 100 + 1, `${storage.keys.size} keys in storage`);
    const reloaded = new Outbox(storage);
    reloaded.load('s');
    assert.equal(reloaded.isAcked('id-2550'), true);
    assert.equal(reloaded.isAcked(`id-${2_550 - ACKED_MEMORY + 1}`), true);
    assert.equal(reloaded.isAcked('id-1'), false);
    assert.equal(reloaded.isAcked('id-1400'), false);
    assert.deepEqual(reloaded.ids(), []);
    // Going on after the reload continues the same chunks.
    for (let i = 2_551; i <= 2_700; i += 1) reloaded.settle(`id-${i}`);
    const again = new Outbox(storage);
    again.load('s');
    assert.equal(again.isAcked('id-2700'), true);
    assert.equal(again.isAcked('id-2551'), true);
    assert.equal(again.isAcked(`id-${2_700 - ACKED_MEMORY + 1}`), true);
  });

  it('keeps unacked results across a reload, and each session apart', () => {
    const storage = new MemoryStorage();
    const a = new Outbox(storage);
    a.load('a');
    a.put('x', result('x'));
    a.put('y', result('y'));
    a.settle('x');
    const b = new Outbox(storage);
    b.load('b');
    assert.deepEqual(b.ids(), []);
    b.load('a');
    assert.deepEqual(b.ids(), ['y']);
    assert.equal(b.isAcked('x'), true);
    assert.deepEqual(b.messages(), [result('y')]);
  });

  it('survives corrupt storage: starts empty, and the next change overwrites it', () => {
    const storage = new MemoryStorage();
    storage.setItem('agent-interaction-kit:s', '{not json');
    storage.setItem('agent-interaction-kit:s:acked:0', 'nope');
    const outbox = new Outbox(storage);
    outbox.load('s');
    assert.deepEqual(outbox.ids(), []);
    outbox.settle('z');
    const reloaded = new Outbox(storage);
    reloaded.load('s');
    assert.equal(reloaded.isAcked('z'), true);
  });

  it('survives well-formed JSON of the wrong shape: entries that are not [id, result] pairs are skipped, and a chunk range never reads more than the kept ids', () => {
    const storage = new MeasuredStorage();
    let reads = 0;
    const getItem = storage.getItem.bind(storage);
    storage.getItem = (key: string) => {
      reads += 1;
      return getItem(key);
    };
    storage.setItem('agent-interaction-kit:s', JSON.stringify({ outbox: [1, ['k', result('k')], ['x', 2], null], chunks: [0, 1e9] }));
    storage.setItem(`agent-interaction-kit:s:acked:${1e9}`, JSON.stringify(['a']));
    const outbox = new Outbox(storage);
    outbox.load('s');
    assert.deepEqual(outbox.ids(), ['k']);
    assert.equal(outbox.isAcked('a'), true);
    assert.ok(reads <= ACKED_MEMORY / 100 + 3, `${reads} storage reads`);
    for (const chunks of [[5], [3, 'x'], 'all']) {
      storage.setItem('agent-interaction-kit:t', JSON.stringify({ outbox: [], chunks }));
      const other = new Outbox(storage);
      other.load('t');
      other.settle('b');
      assert.equal(other.isAcked('b'), true, JSON.stringify(chunks));
    }
  });
});
