// `ready`'s `showing` (docs/protocol.md §3): the ids of the cards the page still shows pending, so
// that a runtime can tell a page back from a drop which of them were settled meanwhile.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerApproval } from '../../src/rules/responses.js';
import { requestEntry } from '../support/entries.js';
import { flush, harness, type Harness } from './harness.js';

const readies = (h: Harness) => h.sent.filter((m) => m.type === 'ready');
const lastReady = (h: Harness) => readies(h).at(-1)!;
const ask = (h: Harness, id: string) => h.runtimeEnd.send({ v: 1, type: 'tool_call', call_id: id, tool: 'request_user_approval', arguments: { message: `${id}?` } });

describe("ready's showing", () => {
  it('lists the cards still pending, in the order shown; an answered card waiting in the outbox is in resume, not in showing', async () => {
    const h = await harness();
    for (const id of ['c-1', 'c-2', 'c-3']) ask(h, id);
    await flush();
    h.kitEnd.drop();
    const entry = requestEntry(h.kit.list().find((e) => e.id === 'c-2'));
    assert.equal(h.kit.answer('c-2', answerApproval(entry.request, true, '', new Date(h.clock.now()).toISOString())), true);
    h.kitEnd.connect();
    await flush();
    const ready = lastReady(h);
    assert.deepEqual(ready.showing, ['c-1', 'c-3']);
    assert.deepEqual(ready.resume, ['c-2']);
  });

  it('is omitted when no card is pending: before any call, and once every card is answered and acked', async () => {
    const h = await harness();
    assert.equal('showing' in readies(h)[0]!, false, 'the first ready, with nothing shown');
    ask(h, 'only');
    await flush();
    const entry = requestEntry(h.kit.list()[0]);
    h.kit.answer('only', answerApproval(entry.request, false, '', new Date(h.clock.now()).toISOString()));
    await flush();
    h.kitEnd.drop();
    h.kitEnd.connect();
    await flush();
    assert.equal(readies(h).length, 2);
    assert.equal('showing' in lastReady(h), false, 'the answered card is a receipt, not shown pending');
    assert.deepEqual(lastReady(h).resume, []);
  });

  it('lists at most the first 500', async () => {
    const h = await harness();
    const ids = Array.from({ length: 501 }, (_, i) => `m-${i}`);
    for (const id of ids) ask(h, id);
    await flush();
    h.kitEnd.drop();
    h.kitEnd.connect();
    await flush();
    assert.deepEqual(lastReady(h).showing, ids.slice(0, 500));
  });
});
