// raw_value is checked by one predicate in the browser; it must accept exactly what the union of
// its five shapes (the JSON Schema's anyOf) accepts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import { interactionResponseSchema, rawValueSchema } from '../../src/protocol/response.js';

const union = z.union([z.boolean(), z.string(), z.array(z.string()), z.record(z.string(), z.string()), z.null()]);

const CORPUS: unknown[] = [
  true, false, '', 'text', [], ['a', 'b'], {}, { a: 'x', b: '' }, null,
  0, 1.5, undefined, [1], ['a', 2], [null], [['a']], { a: 1 }, { a: null }, { a: ['x'] }, { a: { b: 'c' } },
  () => 'x', new Date(0), Symbol('s'), 10n,
];

describe('raw_value', () => {
  it('accepts exactly what the union of its five shapes accepts', () => {
    for (const value of CORPUS) {
      assert.equal(rawValueSchema.safeParse(value).success, union.safeParse(value).success, `verdict differs for ${typeof value === 'object' || typeof value === 'string' ? JSON.stringify(value) : typeof value}`);
    }
  });

  it('refuses a response whose raw_value is of another shape, naming the field', () => {
    const response = { request_id: 'r', status: 'completed', approved: true, text: '', selected_options: [], answers: {}, resolved_at: '2026-01-01T00:00:00.000Z' };
    assert.equal(interactionResponseSchema.safeParse({ ...response, raw_value: { a: 'x' } }).success, true);
    const refused = interactionResponseSchema.safeParse({ ...response, raw_value: [1] });
    assert.equal(refused.success, false);
    assert.deepEqual(refused.error?.issues.map((issue) => issue.path), [['raw_value']]);
  });
});
