import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backoffDelay } from '../../src/transport/backoff.js';

describe('reconnect backoff', () => {
  it('grows exponentially and is bounded', () => {
    const fixed = { initialMs: 100, maxMs: 5_000, factor: 2, jitter: 0 };
    assert.deepEqual([0, 1, 2, 3, 6, 40].map((n) => backoffDelay(n, fixed)), [100, 200, 400, 800, 5_000, 5_000]);
  });

  it('jitter keeps each delay between (1 - jitter) and 1 times the ceiling', () => {
    for (const random of [() => 0, () => 0.5, () => 0.999]) {
      const delay = backoffDelay(3, { initialMs: 100, maxMs: 10_000, jitter: 0.5, random });
      assert.ok(delay >= 400 && delay <= 800, String(delay));
    }
    assert.equal(backoffDelay(3, { initialMs: 100, jitter: 0.5, random: () => 0 }), 400);
  });
});
