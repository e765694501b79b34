/**
 * The clock everything time-related uses, injected so that tests never wait in real time
 * (docs/protocol.md §6.3). `now` is epoch milliseconds. Infrastructure, not a rule: it sits in the bottom
 * layer so that every part, transports included, may take it without importing the rules.
 */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};
