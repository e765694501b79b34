/**
 * The most a user can type in one field (`maxlength` on every answer field): with the runtime's
 * `maxPayload` of 1 MiB and calls bounded to a quarter of it, an honest result always fits
 * (docs/protocol.md §7).
 */
export const MAX_TYPED_LENGTH = 20_000;
