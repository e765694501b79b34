// One questionnaire-form in a 720 px chat column, with its answers collected and the shadow-root
// lookups the questionnaire tests share.
import type { QuestionnaireForm } from '../../src/elements/questionnaire-form/questionnaire-form.js';
import { systemClock } from '../../src/protocol/clock.js';
import type { InteractionRequest } from '../../src/protocol/request.js';
import { mountCard } from './card-harness.js';

export async function mount(request: InteractionRequest, attrs: { layout?: string; theme?: string; locale?: string } = {}) {
  const { locale = 'en', theme = 'light', layout = 'auto' } = attrs;
  const card = await mountCard<QuestionnaireForm>(request, { attrs: `locale="${locale}" theme="${theme}" layout="${layout}"`, width: 720, clock: systemClock });
  const shown = () => [...card.root.querySelectorAll('[data-key]')].map((q) => q.getAttribute('data-key'));
  const radios = () => [...card.root.querySelectorAll<HTMLInputElement>('[data-key] input[type="radio"]')];
  return { ...card, shown, radios };
}

/** A few update cycles: a pick re-renders, and the steps move on in the update after it. */
export const settle = (el: QuestionnaireForm) => el.updateComplete.then(() => el.updateComplete).then(() => el.updateComplete);
