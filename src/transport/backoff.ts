/** Reconnect timing: exponential, bounded, with jitter so that many pages don't retry in step. */
export interface BackoffOptions {
  /** First delay, ms (default 500). */
  initialMs?: number;
  /** Upper bound, ms (default 15,000). */
  maxMs?: number;
  /** Growth per attempt (default 2). */
  factor?: number;
  /** Share of the delay that is random, 0–1 (default 0.5: "equal jitter"). */
  jitter?: number;
  /** Randomness in [0, 1), injectable for seeded tests (default Math.random). */
  random?: () => number;
}

/** The delay before reconnect attempt `attempt` (0-based). */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const { initialMs = 500, maxMs = 15_000, factor = 2, jitter = 0.5, random = Math.random } = options;
  const ceiling = Math.min(maxMs, initialMs * factor ** Math.min(attempt, 30));
  return Math.round(ceiling * (1 - jitter) + ceiling * jitter * random());
}
