// Faults under load: with a seeded schedule the connection is cut at random points during 500
// calls (runtime side and page side, before the answer, after it but before the ack, after the
// ack); every call gets exactly one result, with the user's answer. The same for reloads in the
// middle of questionnaires.
import { expect, waitUntil } from '@open-wc/testing';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import type { ConnectionChangeDetail } from '../../src/host/host-events.js';
import type { InteractionCard } from '../../src/elements/shared/interaction-card.js';
import { AgentLab } from '../support/agent.js';
import { type } from '../support/keyboard.js';
import { card, mountHost, trackedWebSocket, uniqueSession, waitForCard } from '../host/support.js';
import { hostHarness } from '../support/harness/host.js';
import { CardHarness } from '../support/harness/card.js';
import { partIn } from '../support/harness/parts.js';

function seeded(seed: number) {
  let state = seed;
  return () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

const part = (el: Element, name: string) => partIn(el.shadowRoot!, name)!;

async function answer(el: InteractionCard, text: string): Promise<void> {
  await el.updateComplete;
  if (el.request?.kind === 'approval') {
    part(el, 'approve-button').click();
    return;
  }
  // Typed with the keyboard, as a user does.
  part(el, 'text-field').focus();
  await type(text);
  await el.updateComplete;
  part(el, 'submit-button').click();
}


/**
 * Whether the connection has gone and come back since the call, told by `connection-change`
 * events: WebKit reconnects within milliseconds, before a poll of the status would see it gone.
 */
function watchReconnect(host: InteractionHost): { readonly done: boolean; stop(): void } {
  let lost = false;
  let done = false;
  const listener = (event: CustomEvent<ConnectionChangeDetail>) => {
    if (event.detail.state !== 'open') lost = true;
    else if (lost) done = true;
  };
  host.addEventListener('connection-change', listener);
  return {
    get done() {
      return done;
    },
    stop: () => host.removeEventListener('connection-change', listener),
  };
}

describe('faults with a seeded schedule', () => {
  let lab: AgentLab;
  before(async () => {
    lab = await AgentLab.start();
  });
  after(() => lab.close());

  it('500 calls, the connection cut at random points: each resolved once, with the answer', async function () {
    this.timeout(180_000); // 500 real round trips; no timing is asserted
    const session = uniqueSession('faults');
    const socket = trackedWebSocket();
    const random = seeded(500);
    const { host, connection } = await mountHost(lab.url(session), {
      WebSocket: socket.WebSocket,
      realTime: true,
      backoff: { initialMs: 5, maxMs: 40, jitter: 0.5, random: seeded(1) },
    });
    const cuts = { none: 0, runtimeBefore: 0, pageAfterAnswer: 0, runtimeAfterAck: 0 };
    for (let i = 0; i < 500; i += 1) {
      const id = `fault-${i}`;
      const approval = i % 2 === 0;
      // The answer is the call's number, typed: real keys, and few, for in Firefox and WebKit each
      // key is a WebDriver round trip, and typed words would be most of this test's time.
      const expected = approval ? true : String(i);
      await lab.call(session, approval ? 'request_user_approval' : 'request_user_input', { message: `#${i}` }, id);
      const el = await waitForCard(host, id);
      const roll = random();
      if (roll < 0.15) {
        cuts.runtimeBefore += 1;
        const reconnect = watchReconnect(host);
        await lab.run({ action: 'drop', session });
        await waitUntil(() => reconnect.done, 'never lost the connection and opened it again', { interval: 5, timeout: 5000 });
        reconnect.stop();
      } else if (roll < 0.3) {
        cuts.pageAfterAnswer += 1;
        host.addEventListener('tool-result', () => socket.current()?.close(), { once: true });
      }
      await answer(card(host, id) as InteractionCard ?? (el as InteractionCard), String(expected));
      const outcome = await lab.result(id);
      expect(outcome.status, id).to.equal('resolved');
      const response = (outcome.result as { interaction_response: { approved: boolean; text: string } }).interaction_response;
      expect(approval ? response.approved : response.text, id).to.equal(expected);
      if (roll >= 0.3 && roll < 0.4) {
        cuts.runtimeAfterAck += 1;
        await lab.run({ action: 'drop', session });
      } else if (roll >= 0.4) cuts.none += 1;
      if (connection.state !== 'open') await connection.until('open', 'never reconnected', 5000);
    }
    await waitUntil(() => hostHarness(host).findAll('[data-id]').every((el) => (el as InteractionCard).state !== 'submitting'), 'some answers never acked', { timeout: 5000 });
    const received = await lab.received(session);
    const results = received.filter((m) => m.type === 'tool_result');
    const byId = new Map<string, Set<string>>();
    for (const message of results) {
      const copies = byId.get(String(message.call_id)) ?? new Set();
      copies.add(JSON.stringify(message.result));
      byId.set(String(message.call_id), copies);
    }
    expect(byId.size).to.equal(500, 'every call answered');
    expect([...byId.values()].every((copies) => copies.size === 1)).to.equal(true, 'every copy of a result is the same answer');
    expect(cuts.runtimeBefore + cuts.pageAfterAnswer + cuts.runtimeAfterAck).to.be.greaterThan(100);
  });

  it('reloads in the middle of questionnaires: answered once, never lost, never asked twice once answered', async function () {
    this.timeout(60_000);
    const session = uniqueSession('reloads');
    const storage = window.sessionStorage;
    const random = seeded(20);
    const questionnaire = { message: 'Plan', questions: [{ id: 'a', question: 'A?', options: ['x', 'y'] }, { id: 'b', question: 'B?', options: ['z', 'w'] }] };
    let mounted = await mountHost(lab.url(session), { storage });
    for (let i = 0; i < 20; i += 1) {
      const id = `reload-${i}`;
      await lab.call(session, 'request_user_input', questionnaire, id);
      let el = await waitForCard(mounted.host, id);
      // Half answered, then the page reloads: the runtime re-sends the call, the card comes back.
      new CardHarness(el).find<HTMLInputElement>('fieldset[data-key="a"] input')!.click();
      mounted.host.remove();
      mounted = await mountHost(lab.url(session), { storage });
      el = await waitForCard(mounted.host, id);
      part(el, 'recommended-button').click();
      await (el as InteractionCard).updateComplete;
      const answeredBeforeAck = random() < 0.5;
      if (answeredBeforeAck) {
        // The page goes away right after the answer leaves, before the ack can come back.
        const current = mounted;
        current.host.addEventListener('tool-result', () => current.host.remove(), { once: true });
      }
      part(el, 'submit-button').click();
      const outcome = await lab.result(id);
      expect((outcome.result as { interaction_response: { raw_value: unknown } }).interaction_response.raw_value, id).to.deep.equal({ a: 'x', b: 'z' });
      if (answeredBeforeAck) {
        mounted = await mountHost(lab.url(session), { storage });
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(card(mounted.host, id), `${id} is not asked again`).to.equal(null);
      }
    }
    mounted.host.remove();
    const results = (await lab.received(session)).filter((m) => m.type === 'tool_result');
    const ids = new Set(results.map((m) => m.call_id));
    expect(ids.size).to.equal(20);
    const distinct = new Set(results.map((m) => JSON.stringify([m.call_id, m.result])));
    expect(distinct.size).to.equal(20, 'one answer per call, whatever the copies');
  });
});
