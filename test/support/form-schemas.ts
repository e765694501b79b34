// Form schemas within the subset MCP elicitation allows, each with inputs that satisfy it: the
// Node property test answers them through the rules, the browser one with the keyboard.
import fc from 'fast-check';
import type { FieldInput } from '../../src/rules/fields.js';

// Schemas within the subset, each with an input that satisfies it (or leaves an optional empty).
export type Generated = { spec: Record<string, unknown>; input: FieldInput | undefined };
const word = fc.stringMatching(/^[a-z]{1,6}$/);
const options = fc.uniqueArray(fc.stringMatching(/^[A-Za-z0-9 #-]{1,8}$/), { minLength: 1, maxLength: 6 });
const titled = options.map((values) => values.map((value) => ({ const: value, title: `${value} title` })));

const text: fc.Arbitrary<Generated> = fc.oneof(
  fc.record({ min: fc.nat(4), extra: fc.nat(6), letter: fc.constantFrom('a', 'Z', '中', '😀') }).map(({ min, extra, letter }) => ({
    spec: { type: 'string', minLength: min, maxLength: Math.max(min, 1) + extra, ...(letter === 'a' ? { pattern: '^[a-z]+$' } : {}) },
    input: { values: [], text: letter.repeat(Math.max(min, 1)) },
  })),
  fc.constantFrom<Generated>(
    { spec: { type: 'string', format: 'email' }, input: { values: [], text: 'user@example.com' } },
    { spec: { type: 'string', format: 'uri' }, input: { values: [], text: 'https://example.com/p?q=1#h' } },
    { spec: { type: 'string', format: 'date' }, input: { values: [], text: '2024-02-29' } },
    { spec: { type: 'string', format: 'date-time' }, input: { values: [], text: '2026-12-01T23:59:59.5Z' } },
  ),
);
const number: fc.Arbitrary<Generated> = fc
  .record({ integer: fc.boolean(), min: fc.integer({ min: -1000, max: 1000 }), span: fc.nat(1000), at: fc.double({ min: 0, max: 1, noNaN: true }) })
  .map(({ integer, min, span, at }) => {
    const raw = min + span * at;
    const value = integer ? Math.min(min + span, Math.max(min, Math.round(raw))) : raw;
    return { spec: { type: integer ? 'integer' : 'number', minimum: min, maximum: min + span }, input: { values: [], text: String(value) } };
  });
const boolean: fc.Arbitrary<Generated> = fc.record({ on: fc.boolean(), initial: fc.option(fc.boolean(), { nil: undefined }) }).map(({ on, initial }) => ({
  spec: { type: 'boolean', ...(initial === undefined ? {} : { default: initial }) },
  input: { values: on ? ['true'] : [], text: '' },
}));
const single: fc.Arbitrary<Generated> = fc.oneof(
  fc.tuple(options, fc.nat(), fc.boolean()).map(([values, pick, named]) => ({
    spec: { type: 'string', enum: values, ...(named ? { enumNames: values.map((v) => v.toUpperCase()) } : {}) },
    input: { values: [values[pick % values.length]!], text: '' },
  })),
  fc.tuple(titled, fc.nat()).map(([list, pick]) => ({ spec: { type: 'string', oneOf: list }, input: { values: [list[pick % list.length]!.const], text: '' } })),
);
const multi: fc.Arbitrary<Generated> = fc
  .tuple(fc.oneof(options.map((values) => ({ values, items: { type: 'string', enum: values } as Record<string, unknown> })), titled.map((list) => ({ values: list.map((o) => o.const), items: { anyOf: list } as Record<string, unknown> }))), fc.nat(), fc.nat())
  .map(([{ values, items }, a, b]) => {
    const min = a % (values.length + 1);
    const max = min + (b % (values.length - min + 1));
    const count = Math.max(min, Math.min(max, 1));
    return { spec: { type: 'array', items, minItems: min, maxItems: max }, input: { values: values.slice(0, count), text: '' } };
  });
const property = fc.tuple(fc.oneof(text, number, boolean, single, multi), fc.boolean(), fc.boolean(), fc.option(fc.string({ maxLength: 12 }), { nil: undefined })).map(
  ([generated, required, leaveEmpty, title]) => ({
    ...generated,
    required,
    spec: { ...generated.spec, ...(title === undefined ? {} : { title }) },
    // Optional fields are sometimes left empty (a boolean always has its checkbox's value).
    input: !required && leaveEmpty ? undefined : generated.input,
  }),
);
/** A flat form schema and, per property, an input that satisfies it (absent: left empty). */
export const formSchemas = fc.uniqueArray(fc.tuple(word, property), { minLength: 0, maxLength: 6, selector: ([name]) => name }).map((entries) => ({
  schema: {
    type: 'object',
    properties: Object.fromEntries(entries.map(([name, p]) => [name, p.spec])),
    required: entries.filter(([, p]) => p.required).map(([name]) => name),
  },
  inputs: Object.fromEntries(entries.flatMap(([name, p]) => (p.input ? [[name, p.input]] : []))) as Record<string, FieldInput>,
}));

