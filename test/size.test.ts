// The size check of the performance budgets (sizes are deterministic, so this belongs in the
// tests): each size must be within its budget or, while it is not yet, no larger than its last
// measured size in bench/size-ceilings.json, so that it can only go down.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ELEMENTS, measureSizes, SIZE_BUDGETS } from '../scripts/sizes.js';

const ceilings = JSON.parse(readFileSync(new URL('../bench/size-ceilings.json', import.meta.url), 'utf8')) as Record<string, number>;

describe('sizes (min + gzip -9)', async () => {
  const sizes = await measureSizes();
  const entries = [['bundle', SIZE_BUDGETS.bundle] as const, ...ELEMENTS.map((element) => [element, SIZE_BUDGETS.element] as const)];
  for (const [name, budget] of entries) {
    it(`${name}: ${sizes[name]} bytes, budget ${budget}`, (t) => {
      const size = sizes[name];
      const ceiling = ceilings[name];
      if (size <= budget) {
        assert.equal(ceiling, undefined, `${name} is within budget: delete its entry from bench/size-ceilings.json`);
        return;
      }
      assert.ok(ceiling !== undefined, `${name} is ${size} bytes, over its budget of ${budget}`);
      t.diagnostic(`${name}: ${size - budget} bytes over budget; the check holds it at ${ceiling}`);
      assert.ok(size <= ceiling, `${name} grew to ${size} bytes, past its last measured ${ceiling} (budget ${budget})`);
    });
  }
});
