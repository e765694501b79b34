// A questionnaire in steps, as a newcomer meets it: Skip questionnaire declines the whole card,
// says so, and sits on a row of its own below Back and Next; the question it asks names the
// answers it would discard; and a pick and a Next never both move on. Real keys and real clicks.
import { expect } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import '../../../src/entries/questionnaire-form.js';
import { PICK_CONFIRM_MS } from '../../../src/elements/questionnaire-form/steps.js';
import { mountQuestionnaire } from '../../support/card-harness.js';
import { byPart, deepActiveElement, press, startBefore, tabTo } from '../../support/keyboard.js';
import { settle } from '../../support/questionnaire-mount.js';
import { catalogue } from '../../support/requests-catalogue.js';

const four = catalogue['questionnaire of four']!.request;

async function mountSteps(locale = 'en') {
  const card = await mountQuestionnaire(four, { attrs: `locale="${locale}" theme="light" layout="steps"`, width: 720 });
  const invalid = () => card.find('fieldset[data-key]')?.getAttribute('aria-invalid');
  const discard = () => card.part('skip-button')?.parentElement?.querySelector('[role="alert"]')?.textContent?.trim();
  return { ...card, invalid, discard };
}

/** A real click at the middle of `target`. */
async function clickOn(target: Element): Promise<void> {
  const box = target.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)] });
}

describe('<questionnaire-form> steps: declining the whole card, and a pick beside Next', function () {
  this.timeout(30_000);

  it('Skip questionnaire says what it declines and stands on its own row, below Back and Next', async () => {
    const { el, part, radios } = await mountSteps();
    radios()[0]!.focus();
    await press('1');
    await settle(el);
    const skip = part('skip-button')!;
    expect(skip.textContent!.trim()).to.equal('Skip questionnaire');
    const next = part('next-button')!.getBoundingClientRect();
    const back = part('back-button')!.getBoundingClientRect();
    const own = skip.getBoundingClientRect();
    expect(own.top, 'below Next').to.be.at.least(next.bottom);
    expect(own.top, 'below Back').to.be.at.least(back.bottom);
    expect(skip.parentElement, 'not in the row of Back and Next').to.not.equal(part('next-button')!.parentElement);
    await expect(el).to.be.accessible();
  });

  it('zh-CN: 跳过此问卷, and 放弃已填写的 2 个回答？', async () => {
    const { el, part, radios, discard } = await mountSteps('zh-CN');
    expect(part('skip-button')!.textContent!.trim()).to.equal('跳过此问卷');
    radios()[0]!.focus();
    await press('1');
    await settle(el);
    await press('1');
    await settle(el);
    expect(radios().some((radio) => radio.checked), 'the third question is blank').to.equal(false);
    await press('Escape');
    await el.updateComplete;
    expect(discard()).to.equal('放弃已填写的 2 个回答？');
  });

  it('by keyboard, on a blank third question: Skip questionnaire asks to discard the 2 answers given; Keep editing keeps them', async () => {
    const { el, part, events, shown, radios, discard } = await mountSteps();
    radios()[0]!.focus();
    await press('1');
    await settle(el);
    await press('2');
    await settle(el);
    expect(shown()).to.deep.equal(['window']);
    await startBefore(el);
    await tabTo(byPart('skip-button'));
    await press('Enter');
    await el.updateComplete;
    expect(events).to.have.length(0);
    expect(discard()).to.equal('Discard the 2 answers you gave?');
    await expect(el).to.be.accessible();
    await tabTo(byPart('keep-button'), 5, () => press('Shift+Tab'));
    await press('Enter');
    await settle(el);
    expect(discard(), 'the question is gone').to.equal(undefined);
    expect(events).to.have.length(0);
    await tabTo(byPart('skip-button'));
    await press('Enter');
    await el.updateComplete;
    expect(discard()).to.equal('Discard the 2 answers you gave?');
    await press('Enter');
    await el.updateComplete;
    expect(events.map((event) => event.status)).to.deep.equal(['cancelled']);
    expect(part('receipt-heading')).to.not.equal(null);
  });

  it('by pointer: a click on an option moves on, and a Next clicked right after it does not move on again nor refuse', async () => {
    const { el, part, clock, shown, invalid, partOf } = await mountSteps();
    await clickOn(partOf('compat', 'option')!);
    await settle(el);
    expect(shown()).to.deep.equal(['region']);
    await clickOn(part('next-button')!);
    await settle(el);
    expect(shown(), 'one of them moved on: the pick').to.deep.equal(['region']);
    expect(invalid(), 'no refusal for the habit of pressing Next').to.equal('false');
    expect(part('error')).to.equal(null);
    // A second Next is the user's own: the blank question is refused, as Next always refuses one.
    await clickOn(part('next-button')!);
    await settle(el);
    expect(shown()).to.deep.equal(['region']);
    expect(invalid()).to.equal('true');
    // Later than the window, the first Next is the user's own too.
    await clickOn(partOf('region', 'option')!);
    await settle(el);
    expect(shown()).to.deep.equal(['window']);
    clock.advance(PICK_CONFIRM_MS);
    await clickOn(part('next-button')!);
    await settle(el);
    expect(shown()).to.deep.equal(['window']);
    expect(invalid()).to.equal('true');
    await expect(el).to.be.accessible();
  });

  it('by keyboard: a digit picks and moves on; Next pressed right after it stays on the new question, without a refusal', async () => {
    const { el, shown, invalid, radios } = await mountSteps();
    radios()[0]!.focus();
    await press('1');
    await settle(el);
    expect(shown()).to.deep.equal(['region']);
    await tabTo(byPart('next-button'));
    await press('Enter');
    await settle(el);
    expect(shown()).to.deep.equal(['region']);
    expect(invalid()).to.equal('false');
    expect(deepActiveElement()?.getAttribute('part'), 'focus stays on Next').to.equal('next-button');
    // Answered now, Next moves on at once: only a blank question absorbs the habitual press.
    radios()[1]!.focus();
    await press('Space');
    await settle(el);
    expect(shown()).to.deep.equal(['window']);
    radios()[0]!.focus();
    await press('ArrowDown');
    expect(shown()).to.deep.equal(['window']);
    await press('Space');
    await settle(el);
    expect(shown()).to.deep.equal(['notify']);
  });

  it('a question reached by Back or Next, not by a pick: its first Next refuses a blank answer at once', async () => {
    const { el, part, shown, invalid, radios } = await mountSteps();
    radios()[0]!.focus();
    await press('1');
    await settle(el);
    await tabTo(byPart('back-button'));
    await press('Enter');
    await settle(el);
    expect(shown()).to.deep.equal(['compat']);
    await tabTo(byPart('next-button'));
    await press('Enter');
    await settle(el);
    expect(shown()).to.deep.equal(['region']);
    part('next-button')!.focus();
    await press('Enter');
    await settle(el);
    expect(shown()).to.deep.equal(['region']);
    expect(invalid()).to.equal('true');
  });
});
