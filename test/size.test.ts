// The size policy (sizes are deterministic, so this belongs in the tests): the
// standalone bundle at or under its ceiling (52,000 B, raised only with a reason), each element entry within 15 %
// of its reference size, all min + gzip -9; a ceiling raised in bench/size-ceilings.json says why,
// and the test prints it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ELEMENTS, limitRule, measureSizes, policyLimit, SIZE_POLICY, sizeLimit } from '../scripts/sizes.js';

describe('sizes (min + gzip -9)', async () => {
  const sizes = await measureSizes();
  for (const name of ['bundle', ...ELEMENTS] as const) {
    const limit = sizeLimit(name);
    const reference = name === 'bundle' ? undefined : SIZE_POLICY.elements[name];
    const raised = SIZE_POLICY.raised?.[name];
    const rule = limitRule(name);
    it(`${name}: ${sizes[name]} bytes, at most ${limit}${rule ? ` (${rule})` : ''}`, (t) => {
      if (reference) t.diagnostic(`${name}: ${(((sizes[name] - reference) / reference) * 100).toFixed(1)} % from its reference ${reference}`);
      if (raised) t.diagnostic(`${name}: ceiling raised to ${raised.ceiling}: ${raised.why}`);
      assert.ok(sizes[name] <= limit, `${name} is ${sizes[name]} bytes, over its limit of ${limit}`);
    });
    if (raised) {
      // A raised ceiling is a ratchet, not a blank cheque: it says why, and it comes down once
      // the size does (within 3 % of it, and never under the policy's own limit).
      it(`${name}: its raised ceiling says why, and stays close to the size it was raised for`, () => {
        assert.ok(raised.why.trim().length > 40, `${name}: a raised ceiling says why`);
        assert.ok(raised.ceiling > policyLimit(name), `${name}: ${raised.ceiling} is no raise over ${policyLimit(name)}: drop it from "raised"`);
        assert.ok(sizes[name] >= raised.ceiling * 0.97, `${name} is ${sizes[name]} bytes, well under its raised ceiling ${raised.ceiling}: lower the ceiling in bench/size-ceilings.json`);
      });
    }
  }
});
