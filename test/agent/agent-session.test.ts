// The Node side's answers to aborts and re-asks: the same rules as the Python side.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AgentSession, type AgentConnection } from '../../src/agent/agent-session.js';
import type { ToolResult } from '../../src/protocol/results.js';
import { answerRequest } from '../../src/rules/answers.js';
import { normalizeToolCall } from '../../src/rules/normalize.js';
import { toolResultFor } from '../../src/rules/results.js';
import { requestEntry } from '../support/entries.js';
import { FakeClock } from '../support/fake-clock.js';
import { flush, harness } from '../session/harness.js';

/** An agent session on a recording connection, with the kit's `ready` already received. */
function agentOnWire() {
  const clock = new FakeClock();
  const agent = new AgentSession({ sessionId: 's-1', context: { channel: 'desktop' }, clock });
  const frames: Record<string, unknown>[] = [];
  const connection: AgentConnection = { send: (m) => frames.push(m as Record<string, unknown>), close: () => undefined };
  agent.attach(connection);
  agent.receive(connection, { v: 1, type: 'ready', kit_version: '0.1.0', capabilities: { tools: [] }, resume: [] });
  const calls = () => frames.filter((f) => f.type === 'tool_call').map((f) => f.call_id);
  /** The kit's answer `text` to input call `id`, as the kit would build it. */
  const answer = (id: string, text: string) => {
    const request = normalizeToolCall('request_user_input', { message: 'Name?' }, { request_id: id, session_id: 's-1' }, { channel: 'desktop', run_mode: 'execution' });
    const outcome = answerRequest(request, { text }, new Date(clock.now()).toISOString());
    assert.ok(outcome.ok);
    agent.receive(connection, { v: 1, type: 'tool_result', call_id: id, tool: 'request_user_input', result: toolResultFor(request, outcome.response) });
  };
  return { clock, agent, frames, calls, answer };
}

const textOf = (result: ToolResult) => ('interaction_response' in result ? result.interaction_response.text : undefined);

describe('agent: aborting a call', () => {
  it('sends cancel with reason "aborted" and rejects with an AbortError', async () => {
    const w = agentOnWire();
    const controller = new AbortController();
    const promise = w.agent.callTool('request_user_input', { message: 'Name?' }, { callId: 'ab-1', signal: controller.signal });
    controller.abort();
    await assert.rejects(promise, (error: Error) => error.name === 'AbortError');
    assert.deepEqual(w.frames.at(-1), { v: 1, type: 'cancel', id: 'ab-1', reason: 'aborted' });
    assert.deepEqual(w.agent.pendingIds, []);
  });

  it('a call asked twice is withdrawn only when its last caller aborts', async () => {
    const w = agentOnWire();
    const first = new AbortController();
    const one = w.agent.callTool('request_user_input', { message: 'Name?' }, { callId: 'ab-2', signal: first.signal });
    const two = w.agent.callTool('request_user_input', { message: 'Name?' }, { callId: 'ab-2' });
    assert.deepEqual(w.calls(), ['ab-2'], 'the re-ask of a pending call is not sent again');
    first.abort();
    await assert.rejects(one, (error: Error) => error.name === 'AbortError');
    assert.equal(w.frames.filter((f) => f.type === 'cancel').length, 0);
    w.answer('ab-2', 'still here');
    assert.equal(textOf(await two), 'still here');
  });
});

describe('agent: re-asking a resolved call_id', () => {
  it('returns the stored result at once, without sending the call again', async () => {
    const h = await harness();
    const first = h.agent.callTool('request_user_approval', { message: 'Deploy?' }, { callId: 're-1' });
    await flush();
    const entry = requestEntry(h.kit.list()[0]);
    const outcome = answerRequest(entry.request, { approve: true }, new Date(h.clock.now()).toISOString());
    assert.ok(outcome.ok);
    h.kit.answer('re-1', outcome.response);
    const result = await first;
    const shownBefore = h.events.filter((e) => e.type === 'request').length;
    h.kitEnd.drop(); // nobody to ask: the stored result must not need the kit
    const again = await h.agent.callTool('request_user_approval', { message: 'Deploy?' }, { callId: 're-1' });
    assert.deepEqual(again, result);
    h.kitEnd.connect();
    await flush();
    assert.equal(h.events.filter((e) => e.type === 'request').length, shownBefore, 'nothing shown again');
    assert.deepEqual(h.agent.pendingIds, []);
  });

  it('an expired call re-asked gets the same timeout result, unsent', async () => {
    const w = agentOnWire();
    const first = w.agent.callTool('request_user_approval', { message: 'Deploy?', timeout_seconds: 5 }, { callId: 'exp-1' });
    w.clock.advance(15_001);
    const result = await first;
    const sent = w.frames.length;
    assert.deepEqual(await w.agent.callTool('request_user_approval', { message: 'Deploy?' }, { callId: 'exp-1' }), result);
    assert.equal(w.frames.length, sent);
  });

  it('keeps the last 1,000 results: the 1,001st oldest is asked again', async () => {
    const w = agentOnWire();
    const ids = Array.from({ length: 1001 }, (_, i) => `m-${i}`);
    const results = ids.map((id) => w.agent.callTool('request_user_input', { message: 'Name?' }, { callId: id }));
    ids.forEach((id) => w.answer(id, id));
    await Promise.all(results);
    const before = w.calls().length;
    assert.equal(textOf(await w.agent.callTool('request_user_input', { message: 'Name?' }, { callId: 'm-1' })), 'm-1');
    assert.equal(w.calls().length, before, 'm-1 is still remembered');
    void w.agent.callTool('request_user_input', { message: 'Name?' }, { callId: 'm-0' });
    await flush();
    assert.deepEqual(w.calls().slice(before), ['m-0'], 'm-0 was forgotten, so it is sent again');
  });
});

describe('agent: the time limit the caller sets', () => {
  it('writes timeoutSeconds into the arguments it sends, so the kit’s own timer follows it', () => {
    const w = agentOnWire();
    void w.agent.callTool('request_user_approval', { message: 'Deploy?' }, { callId: 't-1', timeoutSeconds: 300 });
    const frame = w.frames.find((f) => f.type === 'tool_call' && f.call_id === 't-1');
    assert.equal((frame?.arguments as Record<string, unknown>).timeout_seconds, 300);
    assert.equal(Date.parse(String(frame?.deadline)) - w.clock.now(), 300_000);
  });

  it('leaves the arguments as the model wrote them when the caller sets no limit', () => {
    const w = agentOnWire();
    void w.agent.callTool('request_user_approval', { message: 'Deploy?', timeout_seconds: '45' }, { callId: 't-2' });
    const frame = w.frames.find((f) => f.type === 'tool_call' && f.call_id === 't-2');
    assert.equal((frame?.arguments as Record<string, unknown>).timeout_seconds, '45');
  });
});
