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
import { answeredCases, withPlaceholders, type GoldenAnswer, type GoldenToolCase } from '../support/golden.js';
import { byPart, byValue, deepActiveElement, press, startBefore, tabTo, type } from '../support/keyboard.js';

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

const radio = (el: Element) => el instanceof HTMLInputElement && el.type === 'radio';
const inQuestion = (id: string, match: (el: Element) => boolean) => (el: Element) =>
  match(el) && el.closest('fieldset')?.getAttribute('data-key') === id;
const submit = async () => {
  await tabTo(byPart('submit-button'));
  await press('Enter');
};

async function answerWithKeyboard(el: InteractionCard, answer: GoldenAnswer, kind: string) {
  if ('approve' in answer) {
    if (answer.approve) {
      await tabTo(byPart('approve-button'));
      await press('Enter');
      if (el.request?.metadata.severity === 'high') {
        await el.updateComplete;
        expect(deepActiveElement()?.getAttribute('part')).to.equal('confirm-button');
        await press('Enter');
      }
    } else {
      await tabTo(byPart('note'));
      if (answer.note) await type(answer.note);
      await tabTo(byPart('reject-button'));
      await press('Enter');
    }
  } else if ('answers' in answer) {
    for (const question of el.request!.questions) {
      const choice = answer.answers[question.id]!;
      const value = 'custom' in choice ? '__custom__' : choice.value;
      await tabTo(inQuestion(question.id, radio));
      // Digit keys pick the focused question's options.
      await press(String(question.options.findIndex((o) => o.value === value) + 1));
      if ('custom' in choice) {
        await el.updateComplete;
        await press('Tab');
        expect(deepActiveElement()?.getAttribute('part')).to.equal('custom-field');
        await type(choice.custom);
      }
    }
    await submit();
  } else if ('values' in answer) {
    if (kind === 'choice') {
      const value = answer.values[0] ?? '__custom__';
      const focused = (await tabTo(radio)) as HTMLInputElement;
      let current = focused;
      while (current.value !== value) {
        await press('ArrowDown');
        current = deepActiveElement() as HTMLInputElement;
      }
      if (!current.checked) await press('Space');
      if (value === '__custom__') {
        await el.updateComplete;
        await press('Tab');
        await type(answer.text ?? '');
      }
    } else {
      for (const option of el.request!.options) {
        if (!answer.values.includes(option.value)) continue;
        await tabTo(byValue(option.value));
        await press('Space');
      }
      if (answer.text) {
        await tabTo((e) => e.id === 'note');
        await type(answer.text);
      }
    }
    await submit();
  } else if ('text' in answer) {
    await tabTo(byPart('text-field'));
    await type(answer.text);
    await submit();
  }
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
      else await answerWithKeyboard(el, answer, el.request!.kind);
      await el.updateComplete;
      expect(events).to.have.length(1);
      const expected = withPlaceholders(c.result!.interaction_response, CALL_ID, new Date(clock.now()).toISOString());
      expect(events[0]).to.deep.equal(expected);
      expect(el.state).to.equal('timeout' in answer ? 'expired' : 'answered');
    });
  }
});
