// Retry of one failed delivery: which items a new attempt may change, and the card's files and
// delivery result once one was retried (the retried item's outcome replaces its old one, every
// other item keeps its state and place), checked against the result a first attempt with that
// outcome gives.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveContext } from '../../src/rules/context.js';
import { artifactsResult, fileParts, type ItemDelivery } from '../../src/rules/artifacts/deliver.js';
import { prepareArtifacts } from '../../src/rules/artifacts/prepare.js';
import { DELIVERY_REASONS } from '../../src/rules/artifacts/reasons.js';
import { retryableItems, withRetried } from '../../src/rules/artifacts/retry.js';

const prepared = (() => {
  const p = prepareArtifacts(
    { items: [{ path: '/out/report.pdf', size: 2048 }, { path: '/out/a.log', size: 10 }, { path: '/out/big.png', subtype: 'image', size: 12 * 1_048_576 }, { path: '/out/a.log', size: 10 }] },
    resolveContext({ channel: 'feishu' }),
  );
  if (!p.ok) throw new Error(p.error);
  return p;
})();

const first: ItemDelivery[] = [
  { state: 'delivered', type: 'file' },
  { state: 'failed', reason: 'upload_file_failed:network_timeout' },
  { state: 'failed', reason: DELIVERY_REASONS.imageTooLarge },
  { state: 'skipped', reason: DELIVERY_REASONS.noNativeUpload },
];
const result = artifactsResult(prepared, first, true);
const items = fileParts(result);

describe('artifact retry', () => {
  it('only a failure deliver gave may be retried: not a delivered item, not a skipped one, not a size limit', () => {
    assert.deepEqual(retryableItems(items, result.delivery_result), [1]);
    assert.deepEqual(retryableItems(items, undefined), []);
  });

  for (const outcome of [{ state: 'delivered', type: 'file' }, { state: 'failed', reason: 'upload_file_failed:quota' }] as ItemDelivery[]) {
    it(`a retry that ${outcome.state === 'delivered' ? 'delivers' : 'fails again'} replaces that item's outcome only, as a first attempt with it would read`, () => {
      const next = withRetried(items, result.delivery_result, 1, outcome);
      const expected = artifactsResult(prepared, first.map((d, i) => (i === 1 ? outcome : d)), true);
      assert.deepEqual(next.items, fileParts(expected));
      assert.deepEqual(next.delivery, expected.delivery_result);
      // The same name twice: the other a.log keeps its own (skipped) entry.
      assert.equal(next.items[3]!.delivered, false);
      assert.equal(next.delivery.feishu!.skipped.length, 1);
    });
  }

  it('whichever item is retried, and however, the result reads as a first attempt with that outcome (equal names included)', () => {
    const outcomes: ItemDelivery[] = [{ state: 'delivered', type: 'image' }, { state: 'failed', reason: 'upload_file_failed:quota' }, { state: 'skipped', reason: 'x' }];
    for (const [index] of items.entries()) {
      for (const outcome of outcomes) {
        const next = withRetried(items, result.delivery_result, index, outcome);
        const expected = artifactsResult(prepared, first.map((d, i) => (i === index ? outcome : d)), true);
        assert.deepEqual(next, { items: fileParts(expected), delivery: expected.delivery_result }, `item ${index}, ${outcome.state}`);
      }
    }
  });

  it('an index out of range changes nothing', () => {
    const next = withRetried(items, result.delivery_result, 9, { state: 'delivered', type: 'file' });
    assert.deepEqual(next, { items, delivery: result.delivery_result });
  });
});
