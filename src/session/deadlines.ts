import type { Clock } from '../protocol/clock.js';
import type { InteractionRequest } from '../protocol/request.js';

/** The longest single timer: browsers overflow past 2^31 − 1 ms. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * When the session answers a request received at `received` (epoch ms): its `deadline` when
 * given, never later than receipt + `timeout_seconds`, which bounds the clock skew between
 * runtime and page.
 */
export function deadlineFor(request: InteractionRequest, deadline: string | null | undefined, received: number): number {
  const bound = received + request.timeout_seconds * 1000;
  const given = deadline ? Date.parse(deadline) : Number.NaN;
  return Number.isFinite(given) ? Math.min(given, bound) : bound;
}

/** One timer per id on the injected clock; deadlines past the longest timer are re-armed. */
export class DeadlineTimers {
  private readonly timers = new Map<string, unknown>();

  constructor(private readonly clock: Clock) {}

  /** Calls `due` at `deadline` (epoch ms), at once when it has passed. */
  arm(id: string, deadline: number, due: () => void): void {
    const wait = deadline - this.clock.now();
    if (wait <= 0) {
      this.timers.delete(id);
      due();
      return;
    }
    this.timers.set(id, this.clock.setTimeout(() => this.arm(id, deadline, due), Math.min(wait, MAX_TIMER_MS)));
  }

  disarm(id: string): void {
    const handle = this.timers.get(id);
    if (handle !== undefined) this.clock.clearTimeout(handle);
    this.timers.delete(id);
  }

  clear(): void {
    for (const handle of this.timers.values()) this.clock.clearTimeout(handle);
    this.timers.clear();
  }
}
