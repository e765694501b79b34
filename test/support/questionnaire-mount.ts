// One questionnaire-form in a 720 px chat column, with its answers collected and the shadow-root
// lookups the questionnaire tests share.
import { fixture, html } from '@open-wc/testing';
import '../../src/entries/questionnaire-form.js';
import type { QuestionnaireForm } from '../../src/elements/questionnaire-form/questionnaire-form.js';
import type { InteractionRequest } from '../../src/protocol/request.js';
import type { InteractionResponse } from '../../src/protocol/response.js';

export async function mount(request: InteractionRequest, attrs: { layout?: string; theme?: string; locale?: string } = {}) {
  const el = await fixture<QuestionnaireForm>(
    html`<div style="width: 720px"><questionnaire-form locale=${attrs.locale ?? 'en'} theme=${attrs.theme ?? 'light'} layout=${attrs.layout ?? 'auto'} .request=${request}></questionnaire-form></div>`,
  ).then((wrap) => wrap.firstElementChild as QuestionnaireForm);
  await el.updateComplete;
  const events: InteractionResponse[] = [];
  el.addEventListener('interaction-response', (e) => events.push(e.detail));
  const root = el.shadowRoot!;
  const part = (name: string) => root.querySelector<HTMLElement>(`[part~="${name}"]`);
  const shown = () => [...root.querySelectorAll('[data-key]')].map((q) => q.getAttribute('data-key'));
  const radios = () => [...root.querySelectorAll<HTMLInputElement>('[data-key] input[type="radio"]')];
  return { el, events, root, part, shown, radios };
}

/** A few update cycles: a pick re-renders, and the steps move on in the update after it. */
export const settle = async (el: QuestionnaireForm) => {
  for (let i = 0; i < 3; i += 1) await el.updateComplete;
};
