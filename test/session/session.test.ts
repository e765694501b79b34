import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KitError } from '../../src/agent/agent-session.js';
import { answerRequest, type UserAnswer } from '../../src/rules/answers.js';
import type { DeliverOutcome } from '../../src/rules/artifacts/deliver.js';
import { InteractionSession } from '../../src/session/session.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { golden, withPlaceholders } from '../support/golden.js';
import { ScriptedTransport } from '../support/scripted-transport.js';
import { entryStatus, life, requestEntry } from '../support/entries.js';
import { flush, harness, requestEvents, type Harness } from './harness.js';

const at = (h: Harness) => new Date(h.clock.now()).toISOString();

function answer(h: Harness, id: string, given: UserAnswer) {
  const entry = requestEntry(h.kit.list().find((e) => e.id === id));
  const outcome = answerRequest(entry.request, given, at(h));
  assert.ok(outcome.ok);
  assert.equal(h.kit.answer(id, outcome.response), true);
}

describe('session and agent: the handshake', () => {
  it('connect → hello → ready with the tools and an empty resume', async () => {
    const h = await harness();
    assert.deepEqual(h.sent[0], { v: 1, type: 'connect', kit_version: '0.1.0' });
    assert.deepEqual(h.sent[1], {
      v: 1, type: 'ready', kit_version: '0.1.0',
      capabilities: { tools: ['request_user_approval', 'request_user_input', 'publish_artifacts'], grants: true }, resume: [],
    });
    assert.deepEqual(h.events.find((e) => e.type === 'hello'), { type: 'hello', sessionId: 's-1', context: { channel: 'desktop', run_mode: 'execution' } });
  });
});

describe('frames', () => {
  it('a text frame is parsed once: a JSON string, even one holding a message, is not a JSON object', () => {
    const transport = new ScriptedTransport();
    new InteractionSession({ transport, storage: new MemoryStorage() }).start();
    transport.deliver(JSON.stringify(JSON.stringify({ v: 1, type: 'hello', session_id: 's-1' })));
    assert.deepEqual(transport.sent.slice(1), [{ v: 1, type: 'error', code: 'invalid_message', message: 'The message is not a JSON object.' }]);
  });
});

describe('golden round trips through the session and the agent', () => {
  for (const c of golden.tool_cases) {
    if (!c.result || (c.answer && ('cancel' in c.answer))) continue;
    it(c.name, async () => {
      const deliver = c.deliver
        ? async (_item: unknown, _provider: unknown) => c.deliver![calls++] as DeliverOutcome
        : undefined;
      let calls = 0;
      const indexOfCall = c.deliver?.flatMap((o, i) => (o === null ? [] : [i])) ?? [];
      const outcomes = c.deliver ? indexOfCall.map((i) => c.deliver![i]) : [];
      const given = c.answer && 'timeout' in c.answer ? c.answer.answers : undefined;
      const h = await harness({
        context: c.context,
        deliver: deliver && (async () => outcomes[calls++] as DeliverOutcome),
        // The card's draft at the deadline, as a host reads it.
        draftOf: (id) => (id === 'CALL-1' ? given : undefined),
      });
      const promise = h.agent.callTool(c.tool, c.arguments as Record<string, unknown>, { callId: 'CALL-1' });
      await flush();
      const answerForm = c.answer;
      if (answerForm && 'timeout' in answerForm) h.clock.advance(requestEntry(h.kit.list()[0]).request.timeout_seconds * 1000);
      else if (answerForm) answer(h, 'CALL-1', answerForm as UserAnswer);
      await flush();
      const result = await promise;
      assert.deepEqual(result, withPlaceholders(c.result, 'CALL-1', at(h)));
      assert.ok(h.sent.some((m) => m.type === 'tool_result' && m.call_id === 'CALL-1'));
      assert.equal(life(h.kit.list().find((e) => e.id === 'CALL-1')).unacked ?? false, false, 'acked');
    });
  }

  it('a refused call rejects callTool with the typed error', async () => {
    const h = await harness();
    await assert.rejects(h.agent.callTool('request_user_input', { message: 'm', questions: 'q1' }), (error: unknown) => {
      assert.ok(error instanceof KitError);
      assert.equal(error.code, 'invalid_arguments');
      assert.deepEqual(error.issues, [{ path: 'arguments.questions', expected: 'array' }]);
      return true;
    });
    assert.equal(requestEvents(h).length, 0, 'nothing rendered');
  });
});

describe('time', () => {
  it("the kit's own timeout result reaches the runtime before the runtime's deadline + grace", async () => {
    const h = await harness();
    let settled = false;
    const promise = h.agent.callTool('request_user_input', { message: 'm', questions: [{ id: 'a', question: 'A?', options: ['x'] }], timeout_seconds: 30 });
    void promise.then(() => (settled = true));
    await flush();
    h.clock.advance(30_000);
    await flush();
    assert.equal(settled, true);
    const result = await promise;
    assert.equal('interaction_response' in result && result.interaction_response.status, 'auto_selected');
    assert.equal(h.sent.filter((m) => m.type === 'cancel').length, 0);
  });

  it("with the connection down past deadline + grace, the runtime's result wins and the late answer turns expired", async () => {
    const h = await harness();
    const promise = h.agent.callTool('request_user_approval', { message: 'Deploy?', timeout_seconds: 60 }, { callId: 'late-1' });
    await flush();
    h.kitEnd.drop();
    answer(h, 'late-1', { approve: true }); // answered while offline: it waits in the outbox
    h.clock.advance(70_001);
    const result = await promise;
    assert.equal('interaction_response' in result && result.interaction_response.status, 'timeout');
    h.kitEnd.connect();
    await flush();
    const entry = requestEntry(h.kit.list().find((e) => e.id === 'late-1'));
    assert.equal(life(entry).late, true);
    assert.equal(life(entry).unacked, false);
  });

  it('an answer link’s kit (hello with "link": true) sends no timeout result of its own: its card shows the timeout until the runtime says how the call ended', async () => {
    const h = await harness();
    h.runtimeEnd.send({ v: 1, type: 'hello', session_id: 's-1', link: true });
    h.runtimeEnd.send({ v: 1, type: 'tool_call', call_id: 'by-link', tool: 'request_user_approval', arguments: { message: 'm', timeout_seconds: 10 } });
    await flush();
    h.clock.advance(9_999);
    await flush();
    assert.equal(requestEntry(h.kit.list()[0]).phase, 'pending', 'before the deadline the card waits for the person');
    h.clock.advance(1);
    await flush();
    assert.equal(h.sent.filter((m) => m.type === 'tool_result').length, 0, 'no timeout result from the link');
    const timedOut = requestEntry(h.kit.list()[0]);
    assert.equal(timedOut.phase, 'settled', 'nothing left to answer with');
    assert.equal(timedOut.phase === 'settled' && timedOut.response.status, 'timeout');
    assert.equal(timedOut.phase === 'settled' && timedOut.elsewhere, undefined);
    assert.equal(h.kit.answer('by-link', { ...timedOut.response, approved: true } as never), false, 'an answer after the deadline is refused');
    h.runtimeEnd.send({ v: 1, type: 'settled', call_id: 'by-link', session_id: 's-1', decision: 'timeout', where: 'runtime', actor: null, at: '2026-12-07T00:00:10.000Z' });
    await flush();
    const told = requestEntry(h.kit.list()[0]);
    assert.deepEqual(told.phase === 'settled' && told.elsewhere, { where: 'runtime', actor: null }, 'the runtime’s word replaces the local timeout');
    h.runtimeEnd.send({ v: 1, type: 'hello', session_id: 's-1' });
    h.runtimeEnd.send({ v: 1, type: 'tool_call', call_id: 'by-chat', tool: 'request_user_approval', arguments: { message: 'm', timeout_seconds: 10 } });
    await flush();
    h.clock.advance(10_000);
    await flush();
    assert.deepEqual(h.sent.filter((m) => m.type === 'tool_result').map((m) => m.call_id), ['by-chat'], 'a chat page’s kit keeps its own timeout');
  });

  it('the deadline is never later than receipt + timeout_seconds (clock skew is bounded)', async () => {
    const h = await harness();
    h.runtimeEnd.send({ v: 1, type: 'tool_call', call_id: 'skew', tool: 'request_user_approval', arguments: { message: 'm', timeout_seconds: 10 }, deadline: '2099-01-01T00:00:00Z' });
    await flush();
    assert.equal(life(requestEntry(h.kit.list()[0])).deadline, h.clock.now() + 10_000);
  });
});

describe('drops, with the answer delivered exactly once', () => {
  it('(a) before the answer, (b) after the answer before the ack, (c) five times in a row', async () => {
    const h = await harness();
    const results: unknown[] = [];
    const promise = h.agent.callTool('request_user_input', { message: 'Name?' }, { callId: 'd-1' }).then((r) => results.push(r));
    await flush();
    h.kitEnd.drop(); // (a)
    h.kitEnd.connect();
    await flush();
    assert.equal(requestEvents(h).length, 1, 'the re-sent call opens no second card');
    h.runtimeEnd.onMessage((data) => {
      // (b) the connection drops right after the result leaves, before the ack can arrive
      if (JSON.parse(String(data)).type === 'tool_result' && h.sent.filter((m) => m.type === 'tool_result').length === 1) h.kitEnd.drop();
    });
    answer(h, 'd-1', { text: 'aik' });
    await flush();
    for (let i = 0; i < 5; i += 1) {
      h.kitEnd.connect(); // (c)
      h.kitEnd.drop();
    }
    h.kitEnd.connect();
    await flush();
    await promise;
    assert.equal(results.length, 1);
    assert.equal((results[0] as { interaction_response: { text: string } }).interaction_response.text, 'aik');
    assert.equal(life(h.kit.list()[0]!).unacked, false);
  });
});

describe('reload', () => {
  it('pending requests come back with their remaining time; an unacked answer is re-sent, not asked again', async () => {
    const h = await harness();
    const first = h.agent.callTool('request_user_approval', { message: 'A?', timeout_seconds: 100 }, { callId: 'r-pending' });
    const second = h.agent.callTool('request_user_approval', { message: 'B?' }, { callId: 'r-answered' });
    await flush();
    h.clock.advance(40_000);
    h.kitEnd.drop();
    answer(h, 'r-answered', { approve: false, note: 'no' });
    await h.reload();
    const shown = requestEvents(h).map((e) => e.entry.id);
    assert.deepEqual(shown, ['r-pending'], 'the answered one is not asked again');
    assert.equal(life(requestEntry(requestEvents(h)[0]!.entry)).deadline, Date.parse('2026-11-29T12:00:00.000Z') + 100_000);
    const resultB = await second;
    assert.equal('interaction_response' in resultB && resultB.interaction_response.text, 'no');
    answer(h, 'r-pending', { approve: true });
    await flush();
    const resultA = await first;
    assert.equal('interaction_response' in resultA && resultA.interaction_response.approved, true);
  });
});

describe('cancel and abort', () => {
  it('cancel turns the entry into a cancelled receipt and nothing is sent for it afterwards', async () => {
    const h = await harness();
    const controller = new AbortController();
    const promise = h.agent.callTool('request_user_input', { message: 'm' }, { callId: 'c-1', signal: controller.signal });
    await flush();
    controller.abort();
    await assert.rejects(promise, (error: Error) => error.name === 'AbortError');
    await flush();
    const entry = requestEntry(h.kit.list()[0]);
    assert.equal(entryStatus(entry), 'cancelled');
    assert.equal(life(entry).response?.status, 'cancelled');
    const before = h.sent.length;
    assert.equal(h.kit.answer('c-1', { ...life(entry).response!, status: 'completed' }), false);
    h.clock.advance(200_000);
    await flush();
    assert.equal(h.sent.length, before, 'nothing sent for a cancelled id');
  });
});

describe('repeats', () => {
  it('the same tool_call twice shows one card; a repeat after the ack gets duplicate', async () => {
    const h = await harness();
    const call = { v: 1, type: 'tool_call', call_id: 'dup-1', tool: 'request_user_approval', arguments: { message: 'm' } };
    h.runtimeEnd.send(call);
    h.runtimeEnd.send(call);
    await flush();
    assert.equal(requestEvents(h).length, 1);
    answer(h, 'dup-1', { approve: true });
    h.runtimeEnd.send(call); // arrives before the runtime's ack: the stored result again
    await flush();
    assert.equal(h.sent.filter((m) => m.type === 'tool_result' && m.call_id === 'dup-1').length, 2);
    assert.equal(life(h.kit.list()[0]!).unacked, false, 'the runtime acked');
    h.runtimeEnd.send(call);
    await flush();
    const error = h.sent.at(-1)!;
    assert.deepEqual([error.type, error.code, error.id], ['error', 'duplicate', 'dup-1']);
    assert.equal(requestEvents(h).length, 1);
  });
});

describe('load', () => {
  it('200 pending requests arrive in order and are answered one by one', async () => {
    const h = await harness();
    const promises = Array.from({ length: 200 }, (_, i) => h.agent.callTool('request_user_input', { message: `q${i}` }, { callId: `n-${i}` }));
    await flush();
    assert.deepEqual(h.kit.list().map((e) => e.id), Array.from({ length: 200 }, (_, i) => `n-${i}`));
    for (let i = 0; i < 200; i += 1) answer(h, `n-${i}`, { text: `a${i}` });
    const results = await Promise.all(promises);
    assert.deepEqual(results.map((r) => 'interaction_response' in r && r.interaction_response.text), Array.from({ length: 200 }, (_, i) => `a${i}`));
    assert.ok(h.kit.list().length <= 50, 'finished entries are pruned to the receipt limit');
  });
});

describe('connections', () => {
  it('a newer connection for a session replaces the older with close code 4000', async () => {
    const h = await harness();
    const closed: (number | undefined)[] = [];
    const older = { send: () => undefined, close: (code?: number) => closed.push(code) };
    const newer = { send: () => undefined, close: () => undefined };
    h.agent.attach(older);
    h.agent.attach(newer);
    assert.deepEqual(closed, [4000]);
  });
});
