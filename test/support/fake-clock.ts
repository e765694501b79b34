import type { Clock } from '../../src/protocol/clock.js';

/** A clock that moves only when the test says so: no test waits in real time. */
export class FakeClock implements Clock {
  private timers = new Map<number, { at: number; callback: () => void }>();
  private nextId = 1;

  constructor(private time = Date.parse('2026-11-29T12:00:00.000Z')) {}

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + Math.max(0, ms), callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Moves time forward, running every timer that falls due, in order. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
    }
    this.time = end;
  }

  get pending(): number {
    return this.timers.size;
  }
}
