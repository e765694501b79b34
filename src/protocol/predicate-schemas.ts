import * as z from 'zod/mini';

// Schemas of the messages the browser parses that are checked by one predicate (zod's custom
// schema) instead of zod's own schema for them, which would bring its machinery into the browser
// bundle for a field or two. The same values pass, and the same fields are named when they do
// not; json-schemas.ts registers each with the shape it stands for, so that their JSON Schemas
// are zod's own.

/**
 * A string of at least one character (an id, a grant's key), as `z.string().check(z.minLength(1))`
 * checks it, without zod's checks machinery (about 290 B, gzipped).
 */
export const nonEmptyStringSchema = z.custom<string>((value) => typeof value === 'string' && value !== '');

/** `true` or `false` (a grant's `granted`, a response's `approved`), as `z.boolean()` checks it (about 80 B). */
export const booleanSchema = z.custom<boolean>((value) => typeof value === 'boolean');
