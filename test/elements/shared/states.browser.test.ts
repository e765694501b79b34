// Every input element in every visible state, light and dark, zh-CN and en: it renders what the
// state means and passes axe-core (`expect(el).to.be.accessible()`).
import { expect } from '@open-wc/testing';
import '../../../src/entries/approval-dialog.js';
import '../../../src/entries/questionnaire-form.js';
import type { InteractionCard } from '../../../src/elements/shared/interaction-card.js';
import { answerRequest, cancelledResponse, timeoutResponse } from '../../../src/rules/answers.js';
import { FakeClock } from '../../support/fake-clock.js';
import { catalogue, type CatalogueEntry } from '../../support/requests-catalogue.js';
import { mountCard, partIn } from '../../support/card-harness.js';

const AT = '2026-11-29T12:00:00.000Z';
const STATES = ['pending', 'refused', 'submitting', 'answered', 'expired', 'cancelled'] as const;

async function mount(entry: CatalogueEntry, state: (typeof STATES)[number], theme: string, locale: string) {
  const { el } = await mountCard<InteractionCard>(entry.request, { attrs: `theme="${theme}" locale="${locale}" layout="list" requester="ops-agent"` });
  const answered = answerRequest(entry.request, entry.answer, AT);
  if (!answered.ok) throw new Error('catalogue answer refused');
  if (state === 'submitting') el.submitting = true;
  else if (state === 'answered') el.response = answered.response;
  else if (state === 'expired') el.response = timeoutResponse(entry.request, AT);
  else if (state === 'cancelled') el.response = cancelledResponse(entry.request, AT);
  await el.updateComplete;
  if (state === 'refused') {
    (partIn(el.shadowRoot!, 'submit-button') ?? partIn(el.shadowRoot!, 'approve-button'))!.click();
    await el.updateComplete;
  }
  return el;
}

for (const [name, entry] of Object.entries(catalogue)) {
  describe(`<${entry.tag}> ${name}`, () => {
    for (const state of STATES) {
      if (state === 'refused' && entry.tag === 'approval-dialog') continue; // approvals cannot be refused
      for (const theme of ['light', 'dark']) {
        for (const locale of ['zh-CN', 'en']) {
          it(`${state}, ${theme}, ${locale}: shows it and is accessible`, async () => {
            const el = await mount(entry, state, theme, locale);
            const root = el.shadowRoot!;
            const shownState = state === 'refused' ? 'pending' : state;
            expect(el.state).to.equal(shownState);
            if (shownState === 'pending') {
              expect(partIn(root, 'receipt')).to.equal(null);
              expect(root.querySelector('button')).to.not.equal(null);
            } else {
              expect(partIn(root, 'receipt')).to.not.equal(null);
              expect(root.querySelector('form, [part~="approve-button"], [part~="submit-button"]')).to.equal(null);
              expect(partIn(root, 'state')!.textContent).to.not.equal('');
            }
            if (state === 'refused') expect(partIn(root, 'error')).to.not.equal(null);
            await expect(el).to.be.accessible();
          });
        }
      }
    }
  });
}

describe('a response set before the first render', () => {
  for (const [name, entry] of Object.entries(catalogue)) {
    it(`<${entry.tag}> ${name}: shows its timeout receipt at once`, async () => {
      const el = document.createElement(entry.tag) as InteractionCard;
      el.clock = new FakeClock();
      el.request = entry.request;
      el.response = timeoutResponse(entry.request, AT);
      document.body.append(el);
      await el.updateComplete;
      expect(el.state).to.equal('expired'); // a timeout, whether or not it auto-selected
      expect(partIn(el.shadowRoot!, 'receipt') !== null).to.equal(true, 'a receipt');
      expect(el.shadowRoot!.querySelector('form, [part~="approve-button"]') === null).to.equal(true, 'no form');
      el.remove();
    });
  }
});
