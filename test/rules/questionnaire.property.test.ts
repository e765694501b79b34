import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { resolveContext } from '../../src/rules/context.js';
import { normalizeInput, renormalizeRequest } from '../../src/rules/normalize.js';
import { CUSTOM_LABEL, CUSTOM_VALUE } from '../../src/rules/options.js';

// Values a model might write anywhere: the custom markers, blanks, numbers, nulls and nested junk.
const junk = fc.oneof(
  fc.constantFrom('自定义', '__custom__', '', '  ', 'A', 'B', ' A ', null, 0, 7, true),
  fc.string({ maxLength: 6 }),
  fc.integer(),
  fc.constant(undefined),
  fc.anything({ maxDepth: 2 }),
);
const option = fc.oneof(
  junk,
  fc.record(
    { label: junk, value: junk, description: junk },
    { requiredKeys: [] },
  ),
);
const question = fc.oneof(
  junk,
  fc.record(
    {
      id: fc.oneof(fc.constantFrom('a', 'b', 'c', '', 1, 2), junk),
      question: fc.oneof(fc.constantFrom('Q?', ''), junk),
      header: junk,
      options: fc.oneof(fc.array(option, { maxLength: 8 }), junk),
    },
    { requiredKeys: [] },
  ),
);
const args = fc.record({
  message: fc.string(),
  questions: fc.oneof(fc.array(question, { maxLength: 6 }), junk),
  options: fc.oneof(fc.array(option, { maxLength: 6 }), junk),
  input_mode: junk,
  allow_free_text: junk,
  timeout_seconds: junk,
  purpose: junk,
});
const runMode = fc.constantFrom('execution', 'grilling');

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/** The first option of the caller's that survives normalisation on its own. */
function firstSurvivor(raw: unknown): string | undefined {
  if (!Array.isArray(raw)) return undefined;
  const pick = text;
  const seen = new Set<string>(); // repeats are dropped before the custom options are removed
  for (const item of raw) {
    let label = '';
    let value = '';
    if (typeof item === 'string') label = value = item.trim();
    else if (item && typeof item === 'object' && !Array.isArray(item)) {
      const o = item as Record<string, unknown>;
      label = pick(o.label) || pick(o.value);
      value = pick(o.value) || pick(o.label);
    }
    if (!label || !value || seen.has(value)) continue;
    seen.add(value);
    if (value !== CUSTOM_VALUE && label !== CUSTOM_LABEL) return value;
  }
  return undefined;
}

describe('questionnaire invariants over generated arguments (fast-check)', () => {
  it('hold for 2,000 argument objects, and nothing throws', () => {
    fc.assert(
      fc.property(args, runMode, (raw, mode) => {
        const context = resolveContext({ run_mode: mode });
        const request = normalizeInput(raw, { request_id: 'r', session_id: 's' }, context);
        for (const q of request.questions) {
          const customs = q.options.filter((o) => o.value === CUSTOM_VALUE || o.label === CUSTOM_LABEL);
          assert.equal(customs.length, 1, 'exactly one custom option');
          assert.equal(q.options.at(-1)!.value, CUSTOM_VALUE, 'the custom option is last');
          assert.ok(q.options.length >= 2, 'at least one caller option survives');
          assert.ok(q.options.every((o) => o.label !== '' && o.value !== ''), 'no empty label or value');
          assert.equal(new Set(q.options.map((o) => o.value)).size, q.options.length, 'no repeated value');
          assert.ok(q.id !== '' && q.question !== '');
          // The question that claimed this id: the first object with this id and a question text.
          const source = (raw.questions as Record<string, unknown>[]).find(
            (c) => c && typeof c === 'object' && text(c.id) === q.id && text(c.question) !== '',
          );
          assert.equal(q.options[0]!.value, firstSurvivor(source?.options), 'first surviving caller option first');
        }
        assert.equal(new Set(request.questions.map((q) => q.id)).size, request.questions.length, 'ids are unique');
        if (request.kind === 'questionnaire') {
          assert.deepEqual(request.options, []);
          assert.equal(request.metadata.auto_select_first_on_timeout, mode !== 'grilling');
        }
        assert.ok(request.timeout_seconds > 0 && request.timeout_seconds <= 86_400);
        assert.deepEqual(renormalizeRequest(structuredClone(request), 's', context), request, 'idempotent');
      }),
      { numRuns: 2000, seed: 20261129 },
    );
  });
});
