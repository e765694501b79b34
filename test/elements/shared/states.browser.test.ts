// Every input element in every visible state, light and dark, zh-CN and en: it renders what the
// state means and passes axe-core (`expect(el).to.be.accessible()`).
import { expect } from '@open-wc/testing';
import '../../../src/entries/approval-dialog.js';
import '../../../src/entries/questionnaire-form.js';
import type { InteractionCard } from '../../../src/elements/shared/interaction-card.js';
import { answerRequest, cancelledResponse, timeoutResponse } from '../../../src/rules/answers.js';
import { FakeClock } from '../../support/fake-clock.js';
import { catalogue, type CatalogueEntry } from '../../support/requests-catalogue.js';
import { CardHarness, mountCard } from '../../support/card-harness.js';

const AT = '2026-11-29T12:00:00.000Z';
const STATES = ['pending', 'refused', 'submitting', 'answered', 'expired', 'cancelled'] as const;

async function mount(entry: CatalogueEntry, state: (typeof STATES)[number], theme: string, locale: string) {
  const card = await mountCard<InteractionCard>(entry.request, { attrs: `theme="${theme}" locale="${locale}" layout="list" requester="ops-agent"` });
  const { el, part } = card;
  const answered = answerRequest(entry.request, entry.answer, AT);
  if (!answered.ok) throw new Error('catalogue answer refused');
  if (state === 'submitting') el.submitting = true;
  else if (state === 'answered') el.response = answered.response;
  else if (state === 'expired') el.response = timeoutResponse(entry.request, AT);
  else if (state === 'cancelled') el.response = cancelledResponse(entry.request, AT);
  await el.updateComplete;
  if (state === 'refused') {
    (part('submit-button') ?? part('approve-button'))!.click();
    await el.updateComplete;
  }
  return card;
}

for (const [name, entry] of Object.entries(catalogue)) {
  describe(`<${entry.tag}> ${name}`, () => {
    for (const state of STATES) {
      if (state === 'refused' && entry.tag === 'approval-dialog') continue; // approvals cannot be refused
      for (const theme of ['light', 'dark']) {
        for (const locale of ['zh-CN', 'en']) {
          it(`${state}, ${theme}, ${locale}: shows it and is accessible`, async () => {
            const { el, part, find, answerControls } = await mount(entry, state, theme, locale);
            const shownState = state === 'refused' ? 'pending' : state;
            expect(el.state).to.equal(shownState);
            if (shownState === 'pending') {
              expect(part('receipt')).to.equal(null);
              expect(find('button')).to.not.equal(null);
            } else {
              expect(part('receipt')).to.not.equal(null);
              expect(answerControls()).to.equal(null);
              expect(part('state')!.textContent).to.not.equal('');
            }
            if (state === 'refused') expect(part('error')).to.not.equal(null);
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
      const card = new CardHarness(el);
      expect(card.part('receipt') !== null).to.equal(true, 'a receipt');
      expect(card.answerControls() === null).to.equal(true, 'no form');
      el.remove();
    });
  }
});
