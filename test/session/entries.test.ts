import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerRequest } from '../../src/rules/answers.js';
import { toolResultFor } from '../../src/rules/results.js';
import { deadlineFor, DeadlineTimers } from '../../src/session/deadlines.js';
import { life, requestEntry } from '../support/entries.js';
import { FakeClock } from '../support/fake-clock.js';
import { flush, harness, requestEvents } from './harness.js';

describe('session entries: immutable snapshots', () => {
  it('what list() and the events gave never changes: a change is a new snapshot', async () => {
    const h = await harness();
    const promise = h.agent.callTool('request_user_approval', { message: 'Deploy?' }, { callId: 's-1' });
    await flush();
    const shown = requestEntry(requestEvents(h)[0]!.entry);
    const listed = h.kit.list();
    assert.equal(listed[0], shown, 'the event and the list hand out the same snapshot');
    assert.ok(Object.isFrozen(shown));
    assert.throws(() => Object.assign(shown, { late: true }), TypeError);
    const outcome = answerRequest(shown.request, { approve: true }, new Date(h.clock.now()).toISOString());
    assert.ok(outcome.ok);
    h.kit.answer('s-1', outcome.response);
    const sent = requestEntry(h.kit.list()[0]);
    assert.notEqual(sent, shown);
    assert.equal(life(sent).response?.approved, true);
    assert.equal(life(sent).deadline, undefined, 'a settled entry has no deadline');
    assert.equal(life(shown).response, undefined, 'the earlier snapshot still shows the pending card');
    assert.ok(life(shown).deadline !== undefined);
    await promise;
    await flush();
    assert.equal(life(requestEntry(h.kit.list()[0])).unacked, false, 'acked: another snapshot');
    assert.equal(life(sent).unacked, true);
    assert.equal(listed.length, 1);
  });

  it('configure() takes new settings without a restart; a lower receipt limit prunes at once', async () => {
    const h = await harness();
    for (let i = 0; i < 4; i += 1) {
      const call = h.agent.callTool('request_user_approval', { message: `#${i}` }, { callId: `p-${i}` });
      await flush();
      const entry = requestEntry(h.kit.list().at(-1));
      const outcome = answerRequest(entry.request, { approve: true }, new Date(h.clock.now()).toISOString());
      assert.ok(outcome.ok);
      h.kit.answer(entry.id, outcome.response);
      await call;
      await flush();
    }
    assert.equal(h.kit.list().length, 4);
    h.kit.configure({ receiptLimit: 2 });
    assert.deepEqual(h.kit.list().map((entry) => entry.id), ['p-2', 'p-3']);
    assert.deepEqual(h.events.filter((e) => e.type === 'remove').map((e) => e.type === 'remove' && e.id), ['p-0', 'p-1']);
  });
});

describe('session: a result decided elsewhere', () => {
  it('replaces the pending card in place with a read-only receipt, and its timer is gone', async () => {
    const h = await harness();
    h.agent.callTool('request_user_approval', { message: 'First', timeout_seconds: 60 }, { callId: 'e-1' }).catch(() => {});
    h.agent.callTool('request_user_approval', { message: 'Second', timeout_seconds: 60 }, { callId: 'e-2' }).catch(() => {});
    await flush();
    const pending = requestEntry(h.kit.list()[0]);
    const outcome = answerRequest(pending.request, { approve: false }, new Date(h.clock.now()).toISOString());
    assert.ok(outcome.ok);
    const result = toolResultFor(pending.request, outcome.response);
    h.runtimeEnd.send({ v: 1, type: 'tool_result', call_id: 'e-1', tool: 'request_user_approval', result });
    await flush();
    assert.deepEqual(h.kit.list().map((entry) => entry.id), ['e-1', 'e-2'], 'in place');
    const receipt = requestEntry(h.kit.list()[0]);
    assert.equal(receipt.source, 'tool_call', 'it keeps how the call came');
    assert.equal(receipt.request, pending.request);
    assert.deepEqual(life(receipt).response, outcome.response);
    assert.equal(life(receipt).unacked, false);
    assert.equal(h.events.filter((e) => e.type === 'update' && e.entry.id === 'e-1').length, 1);
    const sent = h.sent.length;
    h.clock.advance(61_000);
    await flush();
    assert.equal(h.sent.filter((m) => m.call_id === 'e-1').length, 0, 'nothing sent for e-1');
    assert.ok(h.sent.length > sent, 'e-2 still timed out');
  });

  it('a result for an id it never showed needs the request echoed; artifacts need nothing more', async () => {
    const h = await harness();
    h.runtimeEnd.send({ v: 1, type: 'tool_result', call_id: 'n-1', tool: 'request_user_approval', result: { content: 'x' } });
    const file = { type: 'file', name: 'a.pdf', path: '', url: 'https://x.example/a.pdf', mime: 'application/pdf', subtype: '', size: 0, caption: '', audience: 'feishu', delivered: true, delivery_reason: '' };
    h.runtimeEnd.send({ v: 1, type: 'tool_result', call_id: 'n-2', tool: 'publish_artifacts', result: { content_parts: [file] } });
    await flush();
    assert.deepEqual(h.kit.list().map((entry) => [entry.id, entry.kind, entry.source]), [['n-2', 'artifacts', 'tool_result']]);
  });
});

describe('session deadlines', () => {
  it('a deadline past the longest browser timer fires at the deadline, not at the overflow', () => {
    const clock = new FakeClock();
    const timers = new DeadlineTimers(clock);
    const fired: number[] = [];
    const deadline = clock.now() + 3 * 2_147_483_647;
    timers.arm('long', deadline, () => fired.push(clock.now()));
    clock.advance(2_147_483_647);
    assert.deepEqual(fired, []);
    clock.advance(2 * 2_147_483_647);
    assert.deepEqual(fired, [deadline]);
  });

  it('disarm and clear stop what was armed; a passed deadline is due at once', () => {
    const clock = new FakeClock();
    const timers = new DeadlineTimers(clock);
    const fired: string[] = [];
    timers.arm('a', clock.now() + 10, () => fired.push('a'));
    timers.arm('b', clock.now() + 10, () => fired.push('b'));
    timers.disarm('a');
    timers.arm('c', clock.now() - 1, () => fired.push('c'));
    assert.deepEqual(fired, ['c']);
    timers.clear();
    clock.advance(100);
    assert.deepEqual(fired, ['c']);
  });

  it('deadlineFor: the given deadline, never later than receipt + timeout_seconds', async () => {
    const h = await harness();
    h.agent.callTool('request_user_approval', { message: 'm', timeout_seconds: 10 }, { callId: 'd-1' }).catch(() => {});
    await flush();
    const { request } = requestEntry(h.kit.list()[0]);
    const now = h.clock.now();
    assert.equal(deadlineFor(request, new Date(now + 5_000).toISOString(), now), now + 5_000);
    assert.equal(deadlineFor(request, '2099-01-01T00:00:00Z', now), now + 10_000);
    assert.equal(deadlineFor(request, 'not a time', now), now + 10_000);
    assert.equal(deadlineFor(request, undefined, now), now + 10_000);
  });
});
