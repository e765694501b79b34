// The schemas the browser checks by a cheaper shape than the one they stand for (an object with a
// catchall for a record, one predicate for a union, a non-empty string or a boolean), each registered
// with the shape it stands for: one registry, which json-schemas.ts reads to publish every JSON
// Schema as that shape, and which it requires of every schema zod cannot represent. The registry
// holds names only, so the browser carries none of the writing.

/** The shapes a cheaper schema stands for. */
export type WrittenShape = 'string-record' | 'raw-value' | 'non-empty-string' | 'boolean';

const written = new WeakMap<object, WrittenShape>();

/** Registers the shape `schema` stands for; returns `schema`. */
export function writtenAs<S extends object>(schema: S, shape: WrittenShape): S {
  written.set(schema, shape);
  return schema;
}

/** The shape `schema` stands for, or undefined when zod's own JSON Schema is right. */
export const shapeOf = (schema: object): WrittenShape | undefined => written.get(schema);
