// Every golden case a user answers, completed with the keyboard alone (real key presses): the
// element's `interaction-response` detail must equal the fixture's `interaction_response`.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/approval-dialog.js';
import '../../src/questionnaire-form.js';
import type { InteractionResponse } from '../../src/protocol/response.js';
import type { InteractionCard } from '../../src/elements/shared/interaction-card.js';
import { cancelledResponse } from '../../src/rules/answers.js';
import { resolveContext } from '../../src/rules/context.js';
import { normalizeToolCall } from '../../src/rules/normalize.js';
import { FakeClock } from '../support/fake-clock.js';
import { answeredCases, withPlaceholders, type GoldenToolCase } from '../support/golden.js';
import { startBefore } from '../support/keyboard.js';
import { answerWithKeyboard } from '../support/answer-ui.js';

const CALL_ID = 'call-42';

async function mount(c: GoldenToolCase) {
  const clock = new FakeClock();
  const request = normalizeToolCall(
    c.tool as 'request_user_input',
    c.arguments as Record<string, unknown>,
    { request_id: CALL_ID, session_id: 's-1' },
    resolveContext(c.context),
  );
  const el = (await fixture(
    request.kind === 'approval'
      ? html`<approval-dialog .clock=${clock} .request=${request}></approval-dialog>`
      : html`<questionnaire-form .clock=${clock} .request=${request}></questionnaire-form>`,
  )) as InteractionCard;
  const events: InteractionResponse[] = [];
  el.addEventListener('interaction-response', (event) => events.push(event.detail));
  await startBefore(el);
  return { el, clock, events, request };
}

describe('golden cases answered with the keyboard alone', () => {
  for (const c of answeredCases) {
    const answer = c.answer!;
    if ('cancel' in answer) {
      it(`${c.name}: a cancelled request shows the cancelled receipt and fires nothing`, async () => {
        const { el, clock, events, request } = await mount(c);
        el.response = cancelledResponse(request, new Date(clock.now()).toISOString());
        await el.updateComplete;
        expect(el.state).to.equal('cancelled');
        expect(events).to.have.length(0);
        expect(el.response).to.deep.equal(withPlaceholders(c.result!.interaction_response, CALL_ID, new Date(clock.now()).toISOString()));
        expect(el.shadowRoot!.querySelector('form, button')).to.equal(null);
      });
      continue;
    }
    it(c.name, async () => {
      const { el, clock, events } = await mount(c);
      if ('timeout' in answer) clock.advance(el.request!.timeout_seconds * 1000);
      else await answerWithKeyboard(el, answer);
      await el.updateComplete;
      expect(events).to.have.length(1);
      const expected = withPlaceholders(c.result!.interaction_response, CALL_ID, new Date(clock.now()).toISOString());
      expect(events[0]).to.deep.equal(expected);
      expect(el.state).to.equal('timeout' in answer ? 'expired' : 'answered');
    });
  }
});
