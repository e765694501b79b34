import { expect, fixture, waitUntil } from '@open-wc/testing';
import '../../src/entries/interaction-host.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { createMemoryTransportPair, type MemoryTransport } from '../../src/transport/memory-transport.js';
import { FakeClock } from '../support/fake-clock.js';
import { partIn } from '../support/card-harness.js';
import { hostHarness } from '../support/harness/host.js';

/** A host on one end of a memory pair, and what it sent on the other; `adapters` are set before the transport. */
async function hostOnMemory(adapters?: InteractionHost['adapters']) {
  const [kitEnd, runtimeEnd] = createMemoryTransportPair();
  const sent: Record<string, unknown>[] = [];
  runtimeEnd.onMessage((data) => sent.push(JSON.parse(String(data)) as Record<string, unknown>));
  runtimeEnd.connect();
  const host = (await fixture('<interaction-host></interaction-host>')) as InteractionHost;
  host.clock = new FakeClock();
  host.storage = new MemoryStorage();
  host.adapters = adapters;
  host.transport = kitEnd;
  await host.updateComplete;
  return { host, kitEnd, runtimeEnd, sent };
}

const hello = (end: MemoryTransport) => end.send({ v: 1, type: 'hello', session_id: 'controller' });

describe('<interaction-host> drives its session through a controller', () => {
  it('connects when given a transport, stops when removed from the page, starts again when put back', async () => {
    const { host, kitEnd, runtimeEnd, sent } = await hostOnMemory();
    await waitUntil(() => sent.some((m) => m.type === 'connect'), 'no connect on start');
    hello(runtimeEnd);
    runtimeEnd.send({ v: 1, type: 'tool_call', call_id: 'k-1', tool: 'request_user_approval', arguments: { message: 'Go?' } });
    await waitUntil(() => hostHarness(host).card('k-1'), 'no card');
    const first = host.interactionSession;
    expect(first).to.not.equal(undefined);

    const parent = host.parentElement!;
    host.remove();
    expect(kitEnd.state).to.equal('closed', 'the session closed its transport');
    expect(host.interactionSession).to.equal(undefined);
    await host.updateComplete;
    expect(hostHarness(host).find('[data-id]')).to.equal(null, 'no card from a stopped session');

    sent.length = 0;
    runtimeEnd.connect();
    parent.append(host);
    await host.updateComplete;
    expect(host.interactionSession).to.not.equal(undefined);
    expect(host.interactionSession).to.not.equal(first, 'a new session');
    await waitUntil(() => sent.some((m) => m.type === 'connect'), 'no connect after coming back');
  });

  it('passes a deliver set later into the running session, without a restart', async () => {
    const { host, runtimeEnd, sent } = await hostOnMemory();
    hello(runtimeEnd);
    await waitUntil(() => sent.some((m) => m.type === 'ready'));
    const session = host.interactionSession;
    const delivered: string[] = [];
    host.deliver = async (item) => {
      delivered.push(item.name);
      return { delivered: true };
    };
    await host.updateComplete;
    expect(host.interactionSession).to.equal(session, 'the same session');
    runtimeEnd.send({
      v: 1, type: 'tool_call', call_id: 'k-2', tool: 'publish_artifacts',
      arguments: { items: [{ url: 'https://x.example/a.pdf' }] }, context: { channel: 'feishu' },
    });
    await waitUntil(() => sent.some((m) => m.type === 'tool_result' && m.call_id === 'k-2'), 'no result');
    expect(delivered).to.deep.equal(['a.pdf']);
  });

  it('an adapter that brings nothing to run it: one error naming the option, the host still renders, unconnected; without it it connects', async () => {
    // Written by hand, not taken from agent-interaction-kit/adapters: it has no `extension`.
    const errors: string[] = [];
    const onError = (event: ErrorEvent) => {
      errors.push(String(event.error?.message ?? event.message));
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    const runnerOnError = window.onerror;
    window.onerror = null;
    window.addEventListener('error', onError, true);
    try {
      const { host, sent } = await hostOnMemory([{ claims: () => false, receive: () => [], reply: () => ({}) }]);
      for (let i = 0; i < 3; i += 1) {
        host.locale = i % 2 ? 'en' : 'zh-CN'; // updates that change nothing the session depends on
        await host.updateComplete;
      }
      expect(errors).to.have.length(1, `reported once: ${errors.join(' | ')}`);
      expect(errors[0]).to.match(/^adapters: take them from agent-interaction-kit\/adapters/);
      expect(host.interactionSession).to.equal(undefined);
      expect(partIn(host.shadowRoot!, 'connection'), 'the host rendered').to.not.equal(null);
      expect(sent).to.deep.equal([], 'nothing sent');

      host.adapters = undefined;
      await waitUntil(() => sent.some((m) => m.type === 'connect'), 'no connect once the adapters went');
      expect(errors).to.have.length(1);
    } finally {
      window.removeEventListener('error', onError, true);
      window.onerror = runnerOnError;
    }
  });
});
