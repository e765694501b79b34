import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { formContent, schemaToQuestions } from '../../src/adapters/json-schema-form.js';
import { formRequest as adapterForm } from '../../src/adapters/requests.js';
import type { InteractionQuestion } from '../../src/protocol/request.js';
import { answerRequest, type QuestionChoice } from '../../src/rules/answers.js';
import type { FieldInput } from '../../src/rules/fields.js';
import { formSchemas } from '../support/form-schemas.js';
import { EVERY_KIND } from './mcp-examples.js';

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

const AT = '2026-11-30T00:00:00.000Z';

const formRequest = (questions: InteractionQuestion[]) => adapterForm({ id: 'r', message: '', timeoutSeconds: 0, metadata: {} }, questions);

function questionsOf(schema: unknown): InteractionQuestion[] {
  const outcome = schemaToQuestions(schema, 'requestedSchema');
  assert.ok(outcome.ok, JSON.stringify(outcome));
  return outcome.questions;
}

describe('schemaToQuestions: the specification’s property examples', () => {
  const questions = questionsOf(EVERY_KIND.params.requestedSchema);
  const byId = Object.fromEntries(questions.map((q) => [q.id, q]));

  it('keeps the properties’ order, titles as questions, the property name when untitled', () => {
    assert.deepEqual(questions.map((q) => q.id), Object.keys(EVERY_KIND.params.requestedSchema.properties));
    assert.equal(byId.display!.question, 'Display Name');
    assert.equal(byId.display!.field?.description, 'Description text');
  });

  it('reads each kind with its constraints and default', () => {
    assert.deepEqual(byId.display!.field, { type: 'text', required: true, description: 'Description text', format: 'email', min_length: 3, max_length: 50, default: 'user@example.com' });
    assert.deepEqual(byId.amount!.field, { type: 'number', required: false, description: 'Description text', integer: false, minimum: 0, maximum: 100, default: 50 });
    assert.deepEqual(byId.agree!.field, { type: 'boolean', required: false, description: 'Description text', default: false });
    assert.deepEqual(byId.color!.field, { type: 'choice', required: true, description: 'Choose your favorite color', multiple: false, other: false, default: ['Red'] });
    assert.deepEqual(byId.hex!.options.map((o) => [o.value, o.label]), [['#FF0000', 'Red'], ['#00FF00', 'Green'], ['#0000FF', 'Blue']]);
    assert.deepEqual(byId.colors!.field, { type: 'choice', required: true, description: 'Choose your favorite colors', multiple: true, other: false, min_items: 1, max_items: 2, default: ['Red', 'Green'] });
    assert.deepEqual(byId.hexes!.field && 'default' in byId.hexes!.field ? byId.hexes!.field.default : undefined, ['#FF0000', '#00FF00']);
    assert.deepEqual(byId.legacy!.options.map((o) => o.label), ['Small', 'Medium', 'Large']);
    assert.deepEqual(byId.count!.field, { type: 'number', required: false, integer: true, minimum: 1, maximum: 9 });
  });

  it('turns answers into content typed as the schema says, which the schema accepts', () => {
    const input = (values: string[], text = ''): QuestionChoice => ({ input: { values, text } });
    const outcome = answerRequest(formRequest(questions), {
      answers: {
        display: input([], ' ada@example.com '),
        handle: input([], 'Ada'),
        amount: input([], '42.5'),
        agree: input(['true']),
        color: input(['Blue']),
        hex: input(['#00FF00']),
        colors: input(['Green', 'Red']),
        hexes: input(['#0000FF']),
        legacy: input(['m']),
        when: input([], '2026-12-01T09:30+08:00'),
        day: input([], '2026-02-28'),
        site: input([], 'https://example.com/a?b=c'),
        count: input([], '7'),
      },
    }, AT);
    assert.ok(outcome.ok, JSON.stringify(outcome));
    const content = formContent(questions, outcome.response);
    assert.deepEqual(content, {
      display: 'ada@example.com', handle: 'Ada', amount: 42.5, agree: true, color: 'Blue', hex: '#00FF00',
      colors: ['Red', 'Green'], hexes: ['#0000FF'], legacy: 'm', when: '2026-12-01T09:30:00+08:00', day: '2026-02-28',
      site: 'https://example.com/a?b=c', count: 7,
    });
    assert.ok(ajv.validate(EVERY_KIND.params.requestedSchema, content), ajv.errorsText());
  });

  it('leaves optional fields out when empty, and refuses what breaks a constraint, at its question', () => {
    const request = formRequest(questions);
    const base = { display: { input: { values: [], text: 'a@b.co' } }, color: { input: { values: ['Red'], text: '' } }, colors: { input: { values: ['Red'], text: '' } } };
    const ok = answerRequest(request, { answers: base }, AT);
    assert.ok(ok.ok);
    assert.deepEqual(Object.keys(formContent(questions, ok.response)).sort(), ['agree', 'color', 'colors', 'display']);
    const refusals: [string, FieldInput, string][] = [
      ['display', { values: [], text: 'not-an-email' }, 'invalid_email'],
      ['display', { values: [], text: '' }, 'unanswered'],
      ['handle', { values: [], text: 'ab' }, 'too_short'],
      ['handle', { values: [], text: 'Ada1' }, 'pattern_mismatch'],
      ['amount', { values: [], text: '101' }, 'too_large'],
      ['amount', { values: [], text: '-1' }, 'too_small'],
      ['amount', { values: [], text: '4O' }, 'not_a_number'],
      ['count', { values: [], text: '2.5' }, 'not_an_integer'],
      ['colors', { values: ['Red', 'Green', 'Blue'], text: '' }, 'too_many'],
      ['colors', { values: [], text: '' }, 'unanswered'],
      ['color', { values: ['Purple'], text: '' }, 'unknown_option'],
      ['day', { values: [], text: '2026-02-30' }, 'invalid_date'],
      ['when', { values: [], text: '2026-12-01T09:30' }, 'invalid_date_time'],
      ['site', { values: [], text: 'example.com' }, 'invalid_uri'],
    ];
    for (const [id, given, code] of refusals) {
      const outcome = answerRequest(request, { answers: { ...base, [id]: { input: given } } }, AT);
      assert.ok(!outcome.ok, `${id} ${JSON.stringify(given)} was accepted`);
      assert.deepEqual(outcome.problems, [{ code, question: id }], `${id} ${JSON.stringify(given)}`);
    }
  });
});

describe('schemaToQuestions: outside the subset', () => {
  const cases: [string, unknown, string][] = [
    ['not an object', 'nope', 'requestedSchema'],
    ['not type object', { type: 'array', properties: {} }, 'requestedSchema.type'],
    ['no properties', { type: 'object' }, 'requestedSchema.properties'],
    ['a nested object', { type: 'object', properties: { address: { type: 'object', properties: {} } } }, 'requestedSchema.properties.address.type'],
    ['an array of objects', { type: 'object', properties: { people: { type: 'array', items: { type: 'object' } } } }, 'requestedSchema.properties.people.items.type'],
    ['an array without enum', { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } }, 'requestedSchema.properties.tags.items'],
    ['an unknown format', { type: 'object', properties: { ip: { type: 'string', format: 'ipv4' } } }, 'requestedSchema.properties.ip.format'],
    ['a broken pattern', { type: 'object', properties: { p: { type: 'string', pattern: '([' } } }, 'requestedSchema.properties.p.pattern'],
    ['a default of the wrong type', { type: 'object', properties: { n: { type: 'integer', default: 1.5 } } }, 'requestedSchema.properties.n.default'],
    ['a default outside the enum', { type: 'object', properties: { c: { type: 'string', enum: ['a'], default: 'b' } } }, 'requestedSchema.properties.c.default'],
    ['enumNames of another length', { type: 'object', properties: { c: { type: 'string', enum: ['a', 'b'], enumNames: ['A'] } } }, 'requestedSchema.properties.c.enumNames'],
    ['a repeated enum value', { type: 'object', properties: { c: { type: 'string', enum: ['a', 'a'] } } }, 'requestedSchema.properties.c'],
    ['required naming no property', { type: 'object', properties: {}, required: ['ghost'] }, 'requestedSchema.required'],
    ['no type', { type: 'object', properties: { x: { title: 'X' } } }, 'requestedSchema.properties.x.type'],
    ['a negative length', { type: 'object', properties: { s: { type: 'string', minLength: -1 } } }, 'requestedSchema.properties.s.minLength'],
  ];
  for (const [name, schema, path] of cases) {
    it(`refuses ${name}, naming ${path}`, () => {
      const outcome = schemaToQuestions(schema, 'requestedSchema');
      assert.ok(!outcome.ok);
      assert.equal(outcome.path, path);
      assert.ok(outcome.message.length > 0);
    });
  }
});

describe('schemaToQuestions: generated schemas within the subset', () => {
  it('reads every one, and the content of a valid answer passes the schema (2,000 runs)', () => {
    fc.assert(
      fc.property(formSchemas, ({ schema, inputs }) => {
        const questions = questionsOf(schema);
        assert.equal(questions.length, Object.keys(schema.properties).length);
        const answers = Object.fromEntries(Object.entries(inputs).map(([id, input]) => [id, { input }]));
        const outcome = answerRequest(formRequest(questions), { answers }, AT);
        assert.ok(outcome.ok, JSON.stringify({ schema, inputs, outcome }));
        const content = formContent(questions, outcome.response);
        assert.ok(ajv.validate(schema, content), `${ajv.errorsText()} ${JSON.stringify({ schema, content })}`);
        for (const name of schema.required) assert.ok(Object.hasOwn(content, name), `required ${name} missing`);
      }),
      { numRuns: 2000, seed: 20261130 },
    );
  });
});
