// The common coercions (docs/protocol.md §4.1): a model writes loosely typed JSON, the kit repairs what it can.

export const DEFAULT_TIMEOUT_SECONDS = 120;
/** One day: longer timeouts are clamped so that no timer overflows. */
export const MAX_TIMEOUT_SECONDS = 86_400;

/** Strings trimmed, numbers as strings, anything else empty. */
export function toText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** A finite number > 0, or a non-empty string that converts wholly to one; else 120. */
export function toTimeoutSeconds(value: unknown): number {
  let seconds = Number.NaN;
  if (typeof value === 'number') seconds = value;
  else if (typeof value === 'string' && value.trim() !== '') seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) return DEFAULT_TIMEOUT_SECONDS;
  return Math.min(seconds, MAX_TIMEOUT_SECONDS);
}

/** A boolean, or the fallback when the value is anything else (it counts as absent). */
export function toBoolean(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** Lower-cased text, or the fallback when it is not one of `allowed`. */
export function toChoice<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  const text = toText(value).toLowerCase();
  return (allowed as readonly string[]).includes(text) ? (text as T) : fallback;
}
