// The countdown controller on its own (shared behaviour has one home and one test):
// a fake host and the fake clock, no DOM, no real waits.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { CountdownController, formatRemaining } from '../../../src/elements/shared/countdown.js';
import { FakeClock } from '../../support/fake-clock.js';

/** What a LitElement gives its controllers: addController, requestUpdate, the clock. */
class Host implements ReactiveControllerHost {
  readonly controllers: ReactiveController[] = [];
  updates = 0;
  constructor(readonly clock: FakeClock) {}
  addController(controller: ReactiveController): void {
    this.controllers.push(controller);
  }
  removeController(): void {}
  requestUpdate(): void {
    this.updates += 1;
  }
  readonly updateComplete = Promise.resolve(true);
}

function setup() {
  const clock = new FakeClock();
  const host = new Host(clock);
  let expired = 0;
  const countdown = new CountdownController(host, () => (expired += 1));
  return { clock, host, countdown, expired: () => expired };
}

describe('CountdownController', () => {
  it('registers with its host and is idle until started', () => {
    const { host, countdown } = setup();
    assert.deepEqual(host.controllers, [countdown]);
    assert.equal(countdown.running, false);
    assert.equal(countdown.remainingMs, Number.POSITIVE_INFINITY);
  });

  it('ticks on whole seconds of the remaining time, asking the host to render each', () => {
    const { clock, host, countdown } = setup();
    countdown.start(clock.now() + 2_500);
    assert.equal(countdown.remainingMs, 2_500);
    const before = host.updates;
    clock.advance(499);
    assert.equal(countdown.remainingMs, 2_500, 'no tick before the next whole second');
    clock.advance(1);
    assert.equal(countdown.remainingMs, 2_000);
    clock.advance(1_000);
    assert.equal(countdown.remainingMs, 1_000);
    assert.equal(host.updates - before, 2);
  });

  it('calls onExpire once when the deadline passes, then stops ticking', () => {
    const { clock, countdown, expired } = setup();
    countdown.start(clock.now() + 3_000);
    clock.advance(2_999);
    assert.equal(expired(), 0);
    clock.advance(1);
    assert.equal(expired(), 1);
    assert.equal(countdown.remainingMs, 0);
    assert.equal(clock.pending, 0, 'no timer left');
    clock.advance(10_000);
    assert.equal(expired(), 1);
  });

  it('announces at 60, 30 and 10 seconds only, never a threshold already behind the start', () => {
    const { clock, countdown } = setup();
    countdown.start(clock.now() + 45_000);
    const heard: number[] = [];
    let last: number | undefined;
    for (let i = 0; i < 45; i += 1) {
      clock.advance(1_000);
      if (countdown.announcement !== last) heard.push((last = countdown.announcement!));
    }
    assert.deepEqual(heard, [30, 10]);
  });

  it('stop() cancels the timer; start() moves the deadline', () => {
    const { clock, countdown, expired } = setup();
    countdown.start(clock.now() + 1_000);
    countdown.stop();
    assert.equal(countdown.running, false);
    clock.advance(5_000);
    assert.equal(expired(), 0);
    countdown.start(clock.now() + 10_000);
    countdown.start(clock.now() + 2_000);
    assert.equal(clock.pending, 1, 'one timer, not two');
    clock.advance(2_000);
    assert.equal(expired(), 1);
  });

  it('pauses while the host is disconnected and resumes on reconnect', () => {
    const { clock, countdown, expired } = setup();
    countdown.start(clock.now() + 5_000);
    countdown.hostDisconnected();
    assert.equal(clock.pending, 0);
    clock.advance(10_000);
    assert.equal(expired(), 0, 'nothing fires for a card that is not in the page');
    countdown.hostConnected();
    assert.equal(expired(), 1, 'back in the page past its deadline: it expires at once');
  });

  it('formats m:ss, or h:mm:ss, rounding up', () => {
    assert.equal(formatRemaining(0), '0:00');
    assert.equal(formatRemaining(1), '0:01');
    assert.equal(formatRemaining(59_001), '1:00');
    assert.equal(formatRemaining(3_600_000), '1:00:00');
    assert.equal(formatRemaining(3_661_000), '1:01:01');
  });
});
