// Every golden case a user answers, completed with the keyboard alone (real key presses): the
// element's `interaction-response` detail must equal the fixture's `interaction_response`.
import { expect, fixture, waitUntil } from '@open-wc/testing';
import '../../../src/entries/approval-dialog.js';
import '../../../src/entries/questionnaire-form.js';
import '../../../src/entries/interaction-host.js';
import type { InteractionHost } from '../../../src/host/interaction-host.js';
import { MemoryStorage } from '../../../src/session/storage.js';
import { createMemoryTransportPair } from '../../../src/transport/memory-transport.js';
import type { InteractionCard } from '../../../src/elements/shared/interaction-card.js';
import { resolveContext } from '../../../src/rules/context.js';
import { normalizeToolCall } from '../../../src/rules/normalize.js';
import { FakeClock } from '../../support/fake-clock.js';
import { answeredCases, withPlaceholders, type GoldenToolCase } from '../../support/golden.js';
import { startBefore } from '../../support/keyboard.js';
import { answerWithKeyboard, pickWithKeyboard } from '../../support/answer-ui.js';
import { CardHarness, mountCard } from '../../support/card-harness.js';
import { hostHarness } from '../../support/harness/host.js';

const CALL_ID = 'call-42';

async function mount(c: GoldenToolCase) {
  const request = normalizeToolCall(
    c.tool as 'request_user_input',
    c.arguments as Record<string, unknown>,
    { request_id: CALL_ID, session_id: 's-1' },
    resolveContext(c.context),
  );
  const { el, clock, events } = await mountCard<InteractionCard>(request, { attrs: request.kind === 'approval' ? '' : 'layout="list"' });
  await startBefore(el);
  return { el, clock, events, request };
}

describe('golden cases answered with the keyboard alone', () => {
  for (const c of answeredCases) {
    const answer = c.answer!;
    if ('cancel' in answer) {
      // No key cancels: the runtime does. Its `cancel` goes through a host, as in a page.
      it(`${c.name}: the runtime's cancel shows the cancelled receipt; nothing fires, nothing is sent`, async () => {
        const clock = new FakeClock();
        const [kitEnd, runtimeEnd] = createMemoryTransportPair();
        const sent: { type?: string }[] = [];
        runtimeEnd.onMessage((data) => sent.push(JSON.parse(String(data)) as { type?: string }));
        runtimeEnd.connect();
        const host = (await fixture('<interaction-host></interaction-host>')) as InteractionHost;
        host.clock = clock;
        host.storage = new MemoryStorage();
        host.transport = kitEnd;
        await host.updateComplete;
        const events: Event[] = [];
        host.addEventListener('interaction-response', (event) => events.push(event));
        runtimeEnd.send({ v: 1, type: 'hello', session_id: 's-1' });
        runtimeEnd.send({ v: 1, type: 'tool_call', call_id: CALL_ID, tool: c.tool, arguments: c.arguments, context: c.context });
        const el = await hostHarness(host).waitForCard<InteractionCard>(CALL_ID);
        runtimeEnd.send({ v: 1, type: 'cancel', id: CALL_ID });
        await waitUntil(() => el.state === 'cancelled', 'never cancelled');
        await el.updateComplete;
        expect(events).to.have.length(0);
        expect(el.response).to.deep.equal(withPlaceholders(c.result!.interaction_response, CALL_ID, new Date(clock.now()).toISOString()));
        // No form is left to answer: the one button is the receipt's own disclosure.
        const card = new CardHarness(el);
        expect(card.find('form') === null).to.equal(true);
        expect(card.findAll('button').map((button) => button.getAttribute('part'))).to.deep.equal(['receipt-heading']);
        expect(sent.filter((m) => m.type === 'tool_result' || m.type === 'interaction_response')).to.deep.equal([]);
      });
      continue;
    }
    it(c.name, async () => {
      const { el, clock, events } = await mount(c);
      if ('timeout' in answer) {
        // What the user picked before the deadline stays.
        if (answer.answers) await pickWithKeyboard(el, answer.answers);
        clock.advance(el.request!.timeout_seconds * 1000);
      } else await answerWithKeyboard(el, answer);
      await el.updateComplete;
      expect(events).to.have.length(1);
      const expected = withPlaceholders(c.result!.interaction_response, CALL_ID, new Date(clock.now()).toISOString());
      expect(events[0]).to.deep.equal(expected);
      expect(el.state).to.equal('timeout' in answer ? 'expired' : 'answered');
    });
  }
});
