// The size policy of DESIGN §7 (sizes are deterministic, so this belongs in the tests): the
// standalone bundle at or under its ceiling (DESIGN §7: 52,000 B; see bench/size-ceilings.json), each element entry within 15 % of its reference size
// (bench/size-ceilings.json), all min + gzip -9.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ELEMENTS, measureSizes, SIZE_POLICY, sizeLimit } from '../scripts/sizes.js';

describe('sizes (min + gzip -9)', async () => {
  const sizes = await measureSizes();
  for (const name of ['bundle', ...ELEMENTS] as const) {
    const limit = sizeLimit(name);
    const reference = name === 'bundle' ? undefined : SIZE_POLICY.elements[name];
    it(`${name}: ${sizes[name]} bytes, at most ${limit}${reference ? ` (${reference} + 15 %)` : ''}`, (t) => {
      if (reference) t.diagnostic(`${name}: ${(((sizes[name] - reference) / reference) * 100).toFixed(1)} % from its reference ${reference}`);
      assert.ok(sizes[name] <= limit, `${name} is ${sizes[name]} bytes, over its limit of ${limit}`);
    });
  }
});
