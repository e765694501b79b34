// Protocol fuzzing: 10,000 generated messages (valid ones mutated: wrong types, missing and extra
// fields, huge strings, deep nesting, unknown type and tool, wrong v, reused ids, non-JSON and
// binary frames) fed through a real <interaction-host> and its session. Each category states what
// protocol answers (docs/protocol.md §3, `error`); the DOM may change only for valid calls.
import { expect, fixture } from '@open-wc/testing';
import fc from 'fast-check';
import '../../src/entries/interaction-host.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { ScriptedTransport as FuzzTransport } from '../support/scripted-transport.js';
import { FakeClock } from '../support/fake-clock.js';
import { hostHarness } from '../support/harness/host.js';

type Expectation =
  | { kind: 'error'; code: string; id?: string }
  | { kind: 'card' }
  | { kind: 'tool-result' }
  | { kind: 'ready' }
  | { kind: 'silent' };

interface Case {
  frame: unknown;
  expect: Expectation;
  /** The id of a call that opens a card (the test then cancels it, so repeats are duplicates). */
  opens?: string;
}

let fresh = 0;
const freshId = () => `f-${(fresh += 1)}`;
const junk = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.constant(null), fc.anything({ maxDepth: 2, maxKeys: 3 }));
const huge = fc.integer({ min: 10_000, max: 60_000 }).map((n) => 'x'.repeat(n));
const deep = fc.integer({ min: 50, max: 400 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = { next: value };
  return value;
});
const text = fc.oneof(fc.string({ maxLength: 30 }), huge);
const options = fc.array(fc.oneof(junk, fc.record({ label: junk, value: junk, description: junk }, { requiredKeys: [] })), { maxLength: 6 });
const questions = fc.array(fc.record({ id: junk, question: junk, header: junk, options: fc.oneof(options, junk) }, { requiredKeys: [] }), { maxLength: 4 });
const extra = fc.dictionary(fc.constantFrom('extra', 'x_meta', 'nested', '__proto__x'), fc.oneof(junk, deep), { maxKeys: 2 });

const validArgs = fc.oneof(
  fc.record({ tool: fc.constant('request_user_approval'), arguments: fc.record({ message: text, title: junk, severity: junk, details: fc.oneof(junk, text), timeout_seconds: junk }, { requiredKeys: ['message'] }) }),
  fc.record({
    tool: fc.constant('request_user_input'),
    arguments: fc.record(
      { message: text, title: junk, input_mode: fc.oneof(junk, fc.constantFrom('text', 'choice', 'multi_choice')), options: fc.oneof(options, fc.constant(null)), questions: fc.oneof(questions, fc.constant(null)), purpose: junk, allow_free_text: junk, timeout_seconds: junk },
      { requiredKeys: ['message'] },
    ),
  }),
);

const cases: fc.Arbitrary<() => Case>[] = [
  // Garbage frames: not JSON, not an object, binary.
  fc.oneof(fc.constantFrom('{', 'not json', '[1,2,3]', '42', 'null', '"text"', ''), fc.string({ maxLength: 20 }).map((s) => `{${s}`)).map((frame) => () => ({ frame, expect: { kind: 'error', code: 'invalid_message' } })),
  fc.integer({ min: 0, max: 64 }).map((n) => () => ({ frame: new ArrayBuffer(n), expect: { kind: 'error', code: 'invalid_message' } })),
  // A wrong v.
  fc.tuple(fc.oneof(fc.constantFrom(0, 2, '1', null, 1.5), junk.filter((x) => x !== 1)), validArgs).map(([v, call]) => () => {
    const id = freshId();
    return { frame: { v, type: 'tool_call', call_id: id, ...call }, expect: { kind: 'error', code: 'unsupported_version', id } };
  }),
  // An unknown type.
  fc.string({ minLength: 1, maxLength: 12 }).filter((t) => !['hello', 'tool_call', 'interaction_request', 'cancel', 'ack', 'tool_result'].includes(t)).map((type) => () => {
    const id = freshId();
    return { frame: { v: 1, type, id }, expect: { kind: 'error', code: 'invalid_message', id } };
  }),
  // A missing, empty or non-string call id.
  fc.tuple(fc.oneof(fc.constant(undefined), fc.constant(''), fc.integer(), fc.constant(null), fc.array(fc.string())), validArgs).map(([callId, call]) => () => ({
    frame: JSON.stringify({ v: 1, type: 'tool_call', call_id: callId, ...call }),
    expect: { kind: 'error', code: 'invalid_message' },
  })),
  // An unknown tool.
  fc.string({ minLength: 1, maxLength: 16 }).filter((t) => !['request_user_approval', 'request_user_input', 'publish_artifacts'].includes(t)).map((tool) => () => {
    const id = freshId();
    return { frame: { v: 1, type: 'tool_call', call_id: id, tool, arguments: { message: 'm' } }, expect: { kind: 'error', code: 'unknown_tool', id } };
  }),
  // Arguments of the wrong top-level types.
  fc.oneof(
    fc.record({ tool: fc.constantFrom('request_user_approval', 'request_user_input', 'publish_artifacts'), arguments: fc.oneof(fc.string(), fc.integer(), fc.array(junk), fc.constant(null)) }),
    fc.record({ tool: fc.constantFrom('request_user_approval', 'request_user_input'), arguments: fc.record({ message: fc.oneof(fc.integer(), fc.constant(null), fc.array(fc.string()), fc.boolean()) }) }),
    fc.record({ tool: fc.constant('request_user_input'), arguments: fc.record({ message: fc.string(), questions: fc.oneof(fc.string(), fc.integer(), fc.record({ a: fc.string() })) }) }),
  ).map((call) => () => {
    const id = freshId();
    return { frame: { v: 1, type: 'tool_call', call_id: id, ...call }, expect: { kind: 'error', code: 'invalid_arguments', id } };
  }),
  // Valid calls with junk inside: a card, and nothing else.
  fc.tuple(validArgs, extra).map(([call, more]) => () => {
    const id = freshId();
    return { frame: { v: 1, type: 'tool_call', call_id: id, ...call, ...more }, expect: { kind: 'card' }, opens: id };
  }),
  // publish_artifacts with anything as items: a tool result (maybe with error), never an error message.
  fc.record({ items: fc.oneof(fc.array(fc.oneof(junk, fc.record({ path: junk, url: fc.oneof(junk, fc.constantFrom('javascript:alert(1)', 'https://x.example/a.png', 'data:text/html,x')), name: junk }, { requiredKeys: [] })), { maxLength: 4 }), junk), audience: junk }, { requiredKeys: [] }).map((args) => () => {
    const id = freshId();
    return { frame: { v: 1, type: 'tool_call', call_id: id, tool: 'publish_artifacts', arguments: args }, expect: { kind: 'tool-result' } };
  }),
  // cancel and ack for ids the kit does not know: nothing to say.
  fc.tuple(fc.constantFrom('cancel', 'ack'), fc.string({ minLength: 1, maxLength: 10 })).map(([type, id]) => () => ({ frame: { v: 1, type, id: `unknown-${id}` }, expect: { kind: 'silent' } })),
  // hello with extra fields and any strings for context (unknown channels read as desktop).
  fc.tuple(extra, fc.record({ channel: fc.oneof(fc.string(), fc.constant(null)), run_mode: fc.string(), locale: fc.string() }, { requiredKeys: [] })).map(([more, context]) => () => ({
    frame: { v: 1, type: 'hello', session_id: 'fuzz', context, ...more },
    expect: { kind: 'ready' },
  })),
  // A context field that is not a string is named in an invalid_message.
  fc.oneof(fc.integer(), fc.boolean(), fc.array(fc.string())).map((channel) => () => ({
    frame: { v: 1, type: 'hello', session_id: 'fuzz', context: { channel } },
    expect: { kind: 'error', code: 'invalid_message' },
  })),
];

describe('protocol fuzzing through the real session and host', () => {
  it('10,000 generated messages: every answer as the protocol says, no exception, the DOM changes only for valid calls', async function () {
    this.timeout(120_000); // 10,000 messages, each awaited; nothing about time is asserted
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.message);
    const onRejection = (event: PromiseRejectionEvent) => errors.push(event.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    const transport = new FuzzTransport();
    const host = (await fixture('<interaction-host receipt-limit="3"></interaction-host>')) as InteractionHost;
    host.clock = new FakeClock();
    host.storage = new MemoryStorage();
    host.transport = transport;
    await host.updateComplete;
    transport.deliver(JSON.stringify({ v: 1, type: 'hello', session_id: 'fuzz' }));

    const generated = fc.sample(fc.oneof(...cases), { numRuns: 10_000, seed: 20261130 });
    const finished: string[] = [];
    const ids = () => hostHarness(host).findAll('[data-id]').map((el) => el.getAttribute('data-id'));
    let cards = 0;
    for (const [index, make] of generated.entries()) {
      let item = make();
      // Every 25th message repeats a finished call (among the 1,000 the kit remembers): duplicate.
      if (index % 25 === 24 && finished.length > 0) {
        const id = finished[finished.length - 1 - (index % Math.min(finished.length, 1000))]!;
        item = { frame: { v: 1, type: 'tool_call', call_id: id, tool: 'request_user_approval', arguments: { message: 'again' } }, expect: { kind: 'error', code: 'duplicate', id } };
      }
      const before = ids();
      const sentBefore = transport.sent.length;
      transport.deliver(typeof item.frame === 'string' || item.frame instanceof ArrayBuffer ? item.frame : JSON.stringify(item.frame));
      await host.updateComplete;
      const replies = transport.sent.slice(sentBefore);
      const after = ids();
      const label = `#${index} ${JSON.stringify(item.frame)?.slice(0, 160)}`;
      switch (item.expect.kind) {
        case 'error':
          expect(replies.map((r) => r.type), label).to.deep.equal(['error']);
          expect(replies[0]!.code, label).to.equal(item.expect.code);
          expect(replies[0]!.id, label).to.equal(item.expect.id);
          expect(after, label).to.deep.equal(before);
          break;
        case 'card':
          // A timeout below a millisecond (a valid number) expires at once: that answer only.
          for (const reply of replies) {
            const status = (reply.result as { interaction_response?: { status: string } } | undefined)?.interaction_response?.status;
            expect(reply.type, label).to.equal('tool_result');
            expect(status, label).to.be.oneOf(['timeout', 'auto_selected']);
          }
          expect(after.at(-1), label).to.equal(item.opens);
          cards += 1;
          // The runtime withdraws it: a receipt, and from now on its id is finished.
          transport.deliver(JSON.stringify({ v: 1, type: 'cancel', id: item.opens }));
          await host.updateComplete;
          finished.push(item.opens!);
          break;
        case 'tool-result':
          expect(replies.map((r) => r.type), label).to.deep.equal(['tool_result']);
          break;
        case 'ready':
          expect(replies[0]?.type, label).to.equal('ready');
          break;
        case 'silent':
          expect(replies, label).to.deep.equal([]);
          expect(after, label).to.deep.equal(before);
          break;
      }
    }
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    expect(errors).to.deep.equal([]);
    expect(cards).to.be.greaterThan(500);
    // However many receipts the fuzz made, the host keeps only its receipt-limit of them.
    const receipts = hostHarness(host).findAll('[role="listitem"] > [state]').filter((card) => card.getAttribute('state') !== 'pending');
    expect(receipts.length).to.be.within(1, 3);
  });
});
