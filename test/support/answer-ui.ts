// Answering a card the way a keyboard user does: Tab, arrows, digits, Space, Enter, typing.
import { expect } from '@open-wc/testing';
import { CONFIRM_DELAY_MS } from '../../src/elements/approval-dialog/approval-dialog.js';
import type { InteractionCard } from '../../src/elements/shared/interaction-card.js';
import type { FakeClock } from './fake-clock.js';
import type { QuestionChoice } from '../../src/rules/answers.js';
import type { GoldenAnswer } from './golden.js';
import { byPart, byValue, deepActiveElement, press, tabTo, type } from './keyboard.js';

const radio = (el: Element) => el instanceof HTMLInputElement && el.type === 'radio';
const inQuestion = (id: string, match: (el: Element) => boolean) => (el: Element) =>
  match(el) && el.closest('fieldset')?.getAttribute('data-key') === id;
const submit = async () => {
  await tabTo(byPart('submit-button'));
  await press('Enter');
};

/** Picks (or types) these questionnaire answers with real key presses, question by question, without submitting. */
export async function pickWithKeyboard(el: InteractionCard, answers: Record<string, QuestionChoice>): Promise<void> {
  for (const question of el.request!.questions) {
    const choice = Object.hasOwn(answers, question.id) ? answers[question.id] : undefined;
    if (!choice) continue;
    if ('input' in choice) throw new Error('typed fields are answered by test/support/field-ui.ts');
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
}

/** Completes a card with real key presses only, as the golden `answer` says. */
export async function answerWithKeyboard(el: InteractionCard, answer: GoldenAnswer): Promise<void> {
  const kind = el.request!.kind;
  if ('approve' in answer) {
    if (answer.approve) {
      await tabTo(byPart('approve-button'));
      await press('Enter');
      if (el.request?.metadata.severity === 'high') {
        await el.updateComplete;
        expect(deepActiveElement()?.getAttribute('part')).to.equal('confirm-button');
        // 确认批准 arms for a second on the card's (fake) clock before it acts.
        (el.clock as FakeClock).advance(CONFIRM_DELAY_MS);
        await el.updateComplete;
        await press('Enter');
      }
    } else {
      if (answer.note) {
        // The note sits behind 添加理由 / Add a reason, which focuses it.
        await tabTo(byPart('add-reason-button'));
        await press('Enter');
        await el.updateComplete;
        expect(deepActiveElement()?.getAttribute('part')).to.equal('note');
        await type(answer.note);
      }
      await tabTo(byPart('reject-button'));
      await press('Enter');
    }
  } else if ('answers' in answer && !('timeout' in answer)) {
    await pickWithKeyboard(el, answer.answers);
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

