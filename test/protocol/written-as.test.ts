// The schemas the browser checks by a cheaper shape are published as the shape they stand for,
// and a shape zod cannot represent is never published as "anything".
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import { jsonSchemaOf } from '../../src/protocol/json-schemas.js';
import { booleanSchema, nonEmptyStringSchema } from '../../src/protocol/predicate-schemas.js';
import { rawValueSchema } from '../../src/protocol/response.js';
import { stringRecord } from '../../src/protocol/string-record.js';
import { writtenAs } from '../../src/protocol/written-as.js';

const { $schema: _a, ...recordOf } = z.toJSONSchema(z.record(z.string(), z.number()), { io: 'input' });

describe('schemas written as what they stand for', () => {
  it('a stringRecord is written as z.record(z.string(), …) is', () => {
    const { $schema: _b, ...written } = jsonSchemaOf(stringRecord(z.number()), 'record');
    assert.deepEqual(written, recordOf);
  });

  it('raw_value is written as the union of its five shapes', () => {
    const written = jsonSchemaOf(z.object({ raw_value: rawValueSchema }), 'raw');
    const anyOf = ((written.properties as Record<string, { anyOf?: { type?: string }[] }>).raw_value.anyOf ?? []).map((branch) => branch.type);
    assert.deepEqual(anyOf, ['boolean', 'string', 'array', 'object', 'null']);
  });

  it('a non-empty string is written as z.string().check(z.minLength(1)) is, and checks what it checks', () => {
    const minLength = z.string().check(z.minLength(1));
    const { $schema: _c, ...expected } = z.toJSONSchema(z.object({ id: minLength }), { io: 'input' });
    const { $schema: _d, ...written } = jsonSchemaOf(z.object({ id: nonEmptyStringSchema }), 'id');
    assert.deepEqual(written, expected);
    assert.equal(JSON.stringify(written), JSON.stringify(expected), 'key for key, in its order');
    for (const value of ['a', ' ', '0', '', 0, null, undefined, ['a'], { id: 'a' }, true]) {
      assert.equal(nonEmptyStringSchema.safeParse(value).success, minLength.safeParse(value).success, `${JSON.stringify(value)}`);
    }
  });

  it('a boolean is written as z.boolean() is, and checks what it checks', () => {
    const { $schema: _e, ...expected } = z.toJSONSchema(z.object({ yes: z.nullish(z.boolean()) }), { io: 'input' });
    const { $schema: _f, ...written } = jsonSchemaOf(z.object({ yes: z.nullish(booleanSchema) }), 'yes');
    assert.equal(JSON.stringify(written), JSON.stringify(expected));
    for (const value of [true, false, 'true', 0, 1, null, undefined, [true], {}]) {
      assert.equal(booleanSchema.safeParse(value).success, z.boolean().safeParse(value).success, `${JSON.stringify(value)}`);
    }
  });

  it('a custom schema with no written shape is refused, naming the schema file', () => {
    const odd = z.custom<string>((value) => typeof value === 'string');
    assert.throws(() => jsonSchemaOf(z.object({ odd }), 'odd-message'), /schema\/odd-message\.json: a custom schema with no written shape/);
    writtenAs(odd, 'raw-value');
    const branches = (jsonSchemaOf(z.object({ odd }), 'odd-message').properties as Record<string, { anyOf?: unknown[] }>).odd.anyOf;
    assert.equal(branches?.length, 5, 'registered, it is written as its shape');
  });
});
