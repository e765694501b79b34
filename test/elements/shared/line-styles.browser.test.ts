// A closed receipt adopts only its one line's styles (a long session's receipts stay cheap for the
// page's style bookkeeping, docs/performance.md): the line must look exactly as it does with every
// style of its element, and an opened record, or a card that is asked again, gets them all back.
import { expect } from '@open-wc/testing';
import '../../../src/entries/approval-dialog.js';
import '../../../src/entries/questionnaire-form.js';
import type { InteractionCard } from '../../../src/elements/shared/interaction-card.js';
import { cancelledResponse } from '../../../src/rules/responses.js';
import { mountCard } from '../../support/card-harness.js';
import { catalogue } from '../../support/requests-catalogue.js';

const AT = '2026-12-07T12:00:00.000Z';

/** Every rule the card's shadow root adopts, nested rules counted once per top-level rule. */
const rules = (el: InteractionCard) => el.shadowRoot!.adoptedStyleSheets.reduce((sum, sheet) => sum + sheet.cssRules.length, 0);

/** Every computed property of every element in the card's shadow root, and of the card itself. */
function look(el: InteractionCard): Record<string, string>[] {
  return [el, ...el.shadowRoot!.querySelectorAll('*')].map((node) => {
    const style = getComputedStyle(node);
    return Object.fromEntries([...style].map((name) => [name, style.getPropertyValue(name)]));
  });
}

/** The element's full styles, adopted by hand: what the line looked like before it had its own. */
function adoptAll(el: InteractionCard) {
  const own = el.constructor as typeof InteractionCard;
  el.shadowRoot!.adoptedStyleSheets = own.elementStyles.map((style) => (style instanceof CSSStyleSheet ? style : style.styleSheet!));
}

describe('a closed receipt adopts only the styles of its line', () => {
  const cases: [string, string][] = [
    ['approval high', 'locale="en"'],
    ['approval low', 'locale="en" theme="dark"'],
    ['questionnaire of four', 'locale="ar"'],
    ['choice with free text', 'locale="zh-CN"'],
  ];
  for (const [name, attrs] of cases) {
    it(`${name} (${attrs}): the line looks the same with every style of its element`, async () => {
      const { request } = catalogue[name]!;
      const { el } = await mountCard<InteractionCard>(request, { attrs, width: 420 });
      const pending = rules(el);
      el.response = cancelledResponse(request, AT);
      await el.updateComplete;
      expect(el.state).to.equal('cancelled');
      const line = rules(el);
      expect(line, `${line} rules adopted for the line, ${pending} while pending`).to.be.below(pending / 2);
      const seen = look(el);
      adoptAll(el);
      const all = look(el);
      for (const [i, styles] of all.entries()) {
        const differ = Object.keys(styles).filter((property) => styles[property] !== seen[i]![property]);
        expect(differ, `element ${i} differs in ${differ.map((p) => `${p}: ${seen[i]![p]} (line) / ${styles[p]} (all)`).join('; ')}`).to.deep.equal([]);
      }
    });
  }

  it('an opened record has every style, and closing it again leaves the line only', async () => {
    const { request } = catalogue['approval high']!;
    const { el, part } = await mountCard<InteractionCard>(request, { attrs: 'locale="en"' });
    const pending = rules(el);
    el.response = cancelledResponse(request, AT);
    await el.updateComplete;
    const line = rules(el);
    part('receipt-heading')!.click();
    await el.updateComplete;
    expect(rules(el), 'opened').to.equal(pending);
    part('receipt-heading')!.click();
    await el.updateComplete;
    expect(rules(el), 'closed again').to.equal(line);
  });

  it('a settled card given a new request is a pending card with every style again', async () => {
    const { request } = catalogue['choice with free text']!;
    const { el } = await mountCard<InteractionCard>(request, { attrs: 'locale="en"' });
    const pending = rules(el);
    el.response = cancelledResponse(request, AT);
    await el.updateComplete;
    expect(rules(el)).to.be.below(pending);
    el.request = { ...request, request_id: 'asked-again' };
    await el.updateComplete;
    expect(el.state).to.equal('pending');
    expect(rules(el)).to.equal(pending);
  });
});
