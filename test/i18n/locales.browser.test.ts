// Every language the kit ships, in the browser: each card rendered in each locale shows that
// locale's words and passes axe-core; the keyboard flows (the deliberate confirm, a questionnaire
// by digits, Skip by Escape) work in ja, de and ar; and what is sent back does not depend on the
// language the card was shown in (the result follows result_language only).
import { expect } from '@open-wc/testing';
import '../../src/entries/approval-dialog.js';
import '../../src/entries/artifact-list.js';
import '../../src/entries/questionnaire-form.js';
import '../../src/entries/locales/zh-TW.js';
import '../../src/entries/locales/ja.js';
import '../../src/entries/locales/ko.js';
import '../../src/entries/locales/es.js';
import '../../src/entries/locales/fr.js';
import '../../src/entries/locales/de.js';
import '../../src/entries/locales/pt-BR.js';
import '../../src/entries/locales/ru.js';
import '../../src/entries/locales/ar.js';
import '../../src/entries/locales/he.js';
import type { ApprovalDialog } from '../../src/elements/approval-dialog/approval-dialog.js';
import type { InteractionCard } from '../../src/elements/shared/interaction-card.js';
import type { QuestionnaireForm } from '../../src/elements/questionnaire-form/questionnaire-form.js';
import { approvalStrings } from '../../src/i18n/approval.js';
import { artifactStrings } from '../../src/i18n/artifacts.js';
import { cardStrings } from '../../src/i18n/card.js';
import { questionnaireStrings } from '../../src/i18n/questionnaire.js';
import { resolveLocale } from '../../src/i18n/locales.js';
import { availableLocales, tableOf } from '../../src/i18n/registry.js';
import { answerRequest } from '../../src/rules/answers.js';
import { toolResultFor } from '../../src/rules/results.js';
import type { InteractionResponse } from '../../src/protocol/response.js';
import type { DeliveryResult, FilePart } from '../../src/protocol/results.js';
import { mountArtifacts, mountCard, partIn } from '../support/card-harness.js';
import { golden } from '../support/golden.js';
import { byPart, deepActiveElement, press, startBefore, tabTo, type } from '../support/keyboard.js';
import { catalogue } from '../support/requests-catalogue.js';

const LOCALES = ['zh-CN', 'zh-TW', 'en', 'ja', 'ko', 'es', 'fr', 'de', 'pt-BR', 'ru', 'ar', 'he'] as const;
const AT = '2026-11-29T12:00:00.000Z';
const settle = async (el: InteractionCard) => {
  for (let i = 0; i < 3; i += 1) await el.updateComplete;
};

describe('every card in every language', function () {
  this.timeout(120_000);
  for (const locale of LOCALES) {
    it(`${locale}: each card, pending and answered, speaks ${locale} and is accessible`, async () => {
      const approval = tableOf(approvalStrings, 'approval', locale);
      const questionnaire = tableOf(questionnaireStrings, 'questionnaire', locale);
      const card = tableOf(cardStrings, 'card', locale);
      for (const [name, entry] of Object.entries(catalogue)) {
        const { el, root } = await mountCard<InteractionCard>(entry.request, { attrs: `locale="${locale}" layout="list" requester="ops-agent"` });
        if (entry.tag === 'approval-dialog') expect(partIn(root, 'approve-button')!.textContent!.trim(), name).to.equal(approval.approve);
        else expect(partIn(root, 'skip-button')!.textContent!.trim(), name).to.equal(questionnaire.skip);
        await expect(el, `${name} pending`).to.be.accessible();
        const answered = answerRequest(entry.request, entry.answer, AT);
        if (!answered.ok) throw new Error('catalogue answer refused');
        el.response = answered.response;
        await el.updateComplete;
        const heading = partIn(root, 'receipt-heading')!.textContent!;
        const count = entry.request.kind === 'questionnaire' ? Object.keys(answered.response.answers).length : 0;
        const outcome = entry.tag === 'approval-dialog' ? (answered.response.approved ? card.receipt.approved : card.receipt.rejected) : card.receipt.answered(count);
        expect(heading, `${name} receipt`).to.contain(outcome);
        await expect(el, `${name} answered`).to.be.accessible();
        el.parentElement!.remove();
      }
    });

    it(`${locale}: <artifact-list>, each golden delivery, speaks ${locale} and is accessible`, async () => {
      const strings = tableOf(artifactStrings, 'artifacts', locale);
      for (const c of golden.tool_cases.filter((x) => x.tool === 'publish_artifacts' && x.result && !('error' in x.result))) {
        const { el, root } = await mountArtifacts((c.result!.content_parts as FilePart[]).slice(1), c.result!.delivery_result as DeliveryResult, `locale="${locale}"`);
        expect(partIn(root, 'title')!.textContent, c.name).to.contain(strings.artifacts.list);
        await expect(el, c.name).to.be.accessible();
        el.remove();
      }
    });
  }
});

/** The same answers a person gives by keyboard, in any language. */
async function approveHighByKeyboard(locale: string) {
  const { el, clock, events, part } = await mountCard<ApprovalDialog>(catalogue['approval high']!.request, { attrs: `locale="${locale}"` });
  const strings = tableOf(approvalStrings, 'approval', locale);
  await startBefore(el);
  await tabTo(byPart('approve-button'));
  expect(deepActiveElement()!.textContent!.trim()).to.equal(strings.approve);
  await press('Enter');
  await el.updateComplete;
  const confirm = part('confirm-button')!;
  expect(deepActiveElement(), 'focus moves to the confirm button').to.equal(confirm);
  expect(confirm.textContent).to.contain(strings.confirmApproval);
  expect(confirm.getAttribute('aria-disabled')).to.equal('true');
  await press('Enter');
  expect(events, 'an early press approves nothing').to.have.length(0);
  clock.advance(1100);
  await el.updateComplete;
  await press('Enter');
  await el.updateComplete;
  return { el, events };
}

async function questionnaireByDigits(locale: string) {
  const request = catalogue['questionnaire of four']!.request;
  const { el, events, root, part } = await mountCard<QuestionnaireForm>(request, { attrs: `locale="${locale}" layout="list"`, width: 720 });
  const radios = (id: string) => [...root.querySelectorAll<HTMLInputElement>(`[data-key="${id}"] input[type="radio"]`)];
  for (const [id, digit] of [['compat', '1'], ['region', '2'], ['window', '2'], ['notify', '1']] as const) {
    radios(id)[0]!.focus();
    await press(digit);
    await settle(el);
    expect(radios(id)[Number(digit) - 1]!.checked, `${id}: ${digit} picks option ${digit}`).to.equal(true);
  }
  part('submit-button')!.focus();
  await press('Enter');
  await settle(el);
  return { el, events, request };
}

for (const locale of ['ja', 'de', 'ar'] as const) {
  describe(`keyboard flows in ${locale}`, function () {
    this.timeout(30_000);

    it('a high-risk approval: Approve, then the deliberate confirm after it arms', async () => {
      const { el, events } = await approveHighByKeyboard(locale);
      expect(events.map((e) => e.approved)).to.deep.equal([true]);
      await expect(el).to.be.accessible();
    });

    it('a questionnaire answered by the digit keys 1–9, sent by Enter', async () => {
      const { el, events } = await questionnaireByDigits(locale);
      expect(events).to.have.length(1);
      expect(Object.fromEntries(Object.entries(events[0]!.answers).map(([id, a]) => [id, a.raw_value]))).to.deep.equal({ compat: '彻底重做', region: 'cn-east', window: '周六', notify: '是' });
      await expect(el).to.be.accessible();
    });

    it('Skip by Escape: an untouched card at once; typed text asks first, in the language, then skips', async () => {
      const questionnaire = tableOf(questionnaireStrings, 'questionnaire', locale);
      const first = await mountCard<QuestionnaireForm>(catalogue['choice with free text']!.request, { attrs: `locale="${locale}"` });
      await startBefore(first.el);
      await tabTo((e) => e instanceof HTMLInputElement);
      await press('Escape');
      expect(first.events.map((e) => e.status)).to.deep.equal(['cancelled']);
      first.el.parentElement!.remove();

      const { el, events, root, part } = await mountCard<QuestionnaireForm>(catalogue.text!.request, { attrs: `locale="${locale}"` });
      await startBefore(el);
      await tabTo(byPart('text-field'));
      await type('draft');
      await press('Escape');
      await el.updateComplete;
      expect(events).to.have.length(0);
      expect(partIn(root, 'skip-button')!.parentElement!.querySelector('[role="alert"]')!.textContent!.trim()).to.equal(questionnaire.discardQuestion);
      expect(deepActiveElement()).to.equal(part('text-field'));
      await expect(el).to.be.accessible();
      await press('Escape');
      await el.updateComplete;
      expect(events.map((e) => e.status)).to.deep.equal(['cancelled']);
    });
  });
}

describe('the result does not depend on the card’s language', function () {
  this.timeout(30_000);
  const sent = (request: Parameters<typeof toolResultFor>[0], response: InteractionResponse) => JSON.stringify(toolResultFor(request, response));

  it('a questionnaire answered in ja sends byte for byte what the same answers send from zh-CN', async () => {
    const ja = await questionnaireByDigits('ja');
    const zh = await questionnaireByDigits('zh-CN');
    expect(ja.events).to.have.length(1);
    expect(sent(ja.request, ja.events[0]!)).to.equal(sent(zh.request, zh.events[0]!));
  });

  it('a high-risk approval confirmed in ja sends what it sends from zh-CN', async () => {
    const ja = await approveHighByKeyboard('ja');
    const zh = await approveHighByKeyboard('zh-CN');
    const request = catalogue['approval high']!.request;
    expect(ja.events).to.have.length(1);
    expect(sent(request, ja.events[0]!)).to.equal(sent(request, zh.events[0]!));
  });
});

describe('a card with no locale and no lang follows the browser’s languages', () => {
  const html = document.documentElement;
  let pageLang: string | null;
  beforeEach(() => {
    pageLang = html.getAttribute('lang');
    html.removeAttribute('lang');
  });
  afterEach(() => {
    if (pageLang !== null) html.setAttribute('lang', pageLang);
  });

  it('the first of navigator.languages the page has a language for', async () => {
    const { el, part } = await mountCard<ApprovalDialog>(catalogue['approval low']!.request);
    const expected = resolveLocale(navigator.languages, availableLocales()) ?? 'zh-CN';
    expect(navigator.languages.length, 'the browser says its languages').to.be.greaterThan(0);
    expect(part('approve-button')!.textContent!.trim()).to.equal(tableOf(approvalStrings, 'approval', expected).approve);
    el.parentElement!.remove();
  });

  it('the nearest lang comes before them, and the locale property before that', async () => {
    const wrap = document.body.appendChild(document.createElement('div'));
    wrap.lang = 'ja-JP';
    const { el, part } = await mountCard<ApprovalDialog>(catalogue['approval low']!.request, { parent: wrap });
    expect(part('approve-button')!.textContent!.trim()).to.equal('承認');
    el.locale = 'ar-EG';
    await el.updateComplete;
    expect(part('approve-button')!.textContent!.trim()).to.equal('موافقة');
    el.locale = 'zh-Hant-HK';
    await el.updateComplete;
    expect(part('approve-button')!.textContent!.trim()).to.equal('核准');
    el.locale = 'xx';
    await el.updateComplete;
    expect(part('approve-button')!.textContent!.trim(), 'an unknown tag: the nearest lang').to.equal('承認');
    wrap.remove();
  });
});
