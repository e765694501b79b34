// The session's side of "allow for this session", against the real runtime session:
// an answer given with `grant: 'session'` is the plain approval's tool_result with `grant` beside
// it, only where the call offered a grant and the user approved; in grilling mode no offer reaches
// the entry, whatever the runtime sent.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerApproval } from '../../src/rules/responses.js';
import { requestEntry } from '../support/entries.js';
import { flush, harness, type Harness } from './harness.js';

const KUBECTL = { key: 'shell:kubectl get', label: 'kubectl get …' };
const LOW = { message: 'Run kubectl get pods?', severity: 'low' };
const at = (h: Harness) => new Date(h.clock.now()).toISOString();
const resultOf = (h: Harness, id: string) => h.sent.find((m) => m.type === 'tool_result' && m.call_id === id);

/** Answers entry `id` as its card would: approve or reject, with the event's `grant`. */
function answer(h: Harness, id: string, approve: boolean, grant?: 'session') {
  const entry = requestEntry(h.kit.list().find((e) => e.id === id));
  assert.equal(h.kit.answer(id, answerApproval(entry.request, approve, '', at(h)), grant), true);
}

describe('the session answers "allow for this session"', () => {
  it('approved with the grant: grant "session" beside the plain result; the runtime holds it and answers the next call itself', async () => {
    const h = await harness();
    const first = h.agent.callTool('request_user_approval', LOW, { callId: 'g-1', grant: KUBECTL });
    await flush();
    assert.deepEqual(requestEntry(h.kit.list()[0]).grant, KUBECTL, 'the entry carries the offer, for the card');
    answer(h, 'g-1', true, 'session');
    await flush();
    const sent = resultOf(h, 'g-1')!;
    assert.equal(sent.grant, 'session');
    const plain = await harness();
    const other = plain.agent.callTool('request_user_approval', LOW, { callId: 'g-1', grant: KUBECTL });
    await flush();
    answer(plain, 'g-1', true);
    await flush();
    assert.equal(resultOf(plain, 'g-1')!.grant, undefined, 'a plain approval says nothing of a grant');
    assert.deepEqual(sent.result, resultOf(plain, 'g-1')!.result, 'what the model reads is the same');
    assert.deepEqual(await first, await other);
    assert.deepEqual((await h.agent.grants()).map((g) => [g.key, g.label]), [[KUBECTL.key, KUBECTL.label]]);
    assert.deepEqual(h.kit.grants.map((g) => g.key), [KUBECTL.key], 'the grants message reached the session');
    assert.deepEqual(await plain.agent.grants(), []);
    const second = await h.agent.callTool('request_user_approval', LOW, { callId: 'g-2', grant: KUBECTL });
    assert.equal(second.interaction_response.approved, true);
    await flush();
    assert.equal(requestEntry(h.kit.list().find((e) => e.id === 'g-2')).granted, true);
  });

  it('no grant is said for a rejection, nor for a call that offered none', async () => {
    const h = await harness();
    void h.agent.callTool('request_user_approval', LOW, { callId: 'r-1', grant: KUBECTL });
    void h.agent.callTool('request_user_approval', LOW, { callId: 'n-1' });
    await flush();
    answer(h, 'r-1', false, 'session');
    answer(h, 'n-1', true, 'session');
    await flush();
    assert.equal(resultOf(h, 'r-1')!.grant, undefined);
    assert.equal(resultOf(h, 'n-1')!.grant, undefined);
    assert.deepEqual(await h.agent.grants(), []);
  });

  it('in grilling mode an offer the runtime sent anyway never reaches the entry, nor the answer', async () => {
    const h = await harness();
    for (const [id, context] of [['grill-call', { run_mode: 'grilling' }], ['grill-hello', undefined]] as const) {
      if (id === 'grill-hello') h.runtimeEnd.send({ v: 1, type: 'hello', session_id: 's-1', context: { channel: 'desktop', run_mode: 'grilling' } });
      h.runtimeEnd.send({ v: 1, type: 'tool_call', call_id: id, tool: 'request_user_approval', arguments: LOW, grant: KUBECTL, ...(context ? { context } : {}) });
      await flush();
      assert.equal(requestEntry(h.kit.list().find((e) => e.id === id)).grant, undefined, id);
      answer(h, id, true, 'session');
      await flush();
      assert.equal(resultOf(h, id)!.grant, undefined, id);
    }
  });
});
