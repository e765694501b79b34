// One questionnaire-form in a 720 px chat column, on real time, inside its harness (the questions
// it shows, its radios, its answers given with real keys).
import type { QuestionnaireForm } from '../../src/elements/questionnaire-form/questionnaire-form.js';
import { systemClock } from '../../src/protocol/clock.js';
import type { InteractionRequest } from '../../src/protocol/request.js';
import { mountQuestionnaire } from './card-harness.js';

export function mount(request: InteractionRequest, attrs: { layout?: string; theme?: string; locale?: string } = {}) {
  const { locale = 'en', theme = 'light', layout = 'auto' } = attrs;
  return mountQuestionnaire(request, { attrs: `locale="${locale}" theme="${theme}" layout="${layout}"`, width: 720, clock: systemClock });
}

/** A few update cycles: a pick re-renders, and the steps move on in the update after it. */
export const settle = (el: QuestionnaireForm) => el.updateComplete.then(() => el.updateComplete).then(() => el.updateComplete);
