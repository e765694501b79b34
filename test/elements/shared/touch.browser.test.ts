// Touch: under `(pointer: coarse)` every target is at least 44 × 44 px and the
// keyboard hints (Ctrl+Enter, an option's digit) are hidden, in every state a card can be in.
// The element's own coarse-pointer rules are applied as a touch screen would (test/support/media.ts).
import { expect, fixture } from '@open-wc/testing';
import '../../../src/entries/approval-dialog.js';
import '../../../src/entries/questionnaire-form.js';
import '../../../src/entries/artifact-list.js';
import type { ArtifactList } from '../../../src/elements/artifact-list/artifact-list.js';
import type { InteractionCard } from '../../../src/elements/shared/interaction-card.js';
import { artifactsResult, fileParts, type ItemDelivery } from '../../../src/rules/artifacts/deliver.js';
import { prepareArtifacts } from '../../../src/rules/artifacts/prepare.js';
import { answerRequest } from '../../../src/rules/answers.js';
import { resolveContext } from '../../../src/rules/context.js';
import { normalizeApproval } from '../../../src/rules/normalize.js';
import { FakeClock } from '../../support/fake-clock.js';
import { asIfCoarsePointer, targets } from '../../support/media.js';
import { catalogue } from '../../support/requests-catalogue.js';
import { CardHarness, partIn, partSelector } from '../../support/card-harness.js';

async function card(name: keyof typeof catalogue, layout = 'list') {
  const { tag, request } = catalogue[name]!;
  const el = (await fixture(`<${tag} layout="${layout}" style="width: 560px"></${tag}>`)) as InteractionCard;
  el.clock = new FakeClock();
  el.request = request;
  await el.updateComplete;
  return el;
}

/** Every shown target of `el` is at least 44 × 44 px; the keyboard hints are hidden. */
function expectTouchable(el: Element, state: string): void {
  const small = targets(el.shadowRoot!)
    .map((target) => ({ target, box: target.getBoundingClientRect() }))
    .filter(({ box }) => box.width < 44 - 0.5 || box.height < 44 - 0.5)
    .map(({ target, box }) => `${target.localName}[part="${target.getAttribute('part') ?? ''}"] "${target.textContent!.trim().slice(0, 20)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
  expect(small, `${state}: targets under 44 × 44`).to.deep.equal([]);
  const hints = new CardHarness(el).findAll('.keys, .option-key').filter((hint) => hint.checkVisibility());
  expect(hints.map((hint) => hint.textContent), `${state}: keyboard hints shown`).to.deep.equal([]);
}

describe('touch: targets of at least 44 × 44 px under a coarse pointer', function () {
  this.timeout(30_000);
  it('a coarse pointer has rules of its own (the check below is not vacuous)', async () => {
    const el = await card('approval low');
    expect(asIfCoarsePointer(el)).to.be.greaterThan(0);
    // Without them, a button is 36 px tall: a mouse target.
    const plain = await card('approval low');
    expect(partIn(plain.shadowRoot!, 'reject-button')!.getBoundingClientRect().height).to.be.below(44);
  });

  it('approval: with details, the note open, and while the confirm arms', async () => {
    const el = await card('approval high');
    asIfCoarsePointer(el);
    expectTouchable(el, 'pending');
    partIn<HTMLButtonElement>(el.shadowRoot!, 'add-reason-button')!.click();
    await el.updateComplete;
    expectTouchable(el, 'note open');
    partIn<HTMLButtonElement>(el.shadowRoot!, 'approve-button')!.click();
    await el.updateComplete;
    expectTouchable(el, 'arming');
    const medium = (await fixture('<approval-dialog style="width: 560px"></approval-dialog>')) as InteractionCard;
    medium.request = normalizeApproval({ message: 'Restart?', details: 'line 1\nline 2' }, { request_id: 'm', session_id: 's' });
    await medium.updateComplete;
    asIfCoarsePointer(medium);
    expectTouchable(medium, 'medium, details with Copy');
  });

  for (const name of ['text', 'choice with free text', 'multi-choice with free text', 'questionnaire of four'] as const) {
    it(`${name}: pending, asking to discard, answered (the receipt, closed and open)`, async () => {
      const el = await card(name);
      asIfCoarsePointer(el);
      expectTouchable(el, 'pending');
      const root = el.shadowRoot!;
      new CardHarness(el).find<HTMLInputElement>(`[data-key] input, ${partSelector('text-field')}`)!.click();
      const field = partIn<HTMLTextAreaElement>(root, 'text-field');
      if (field) {
        field.value = 'x';
        field.dispatchEvent(new Event('input'));
      }
      await el.updateComplete;
      partIn<HTMLButtonElement>(root, 'skip-button')!.click();
      await el.updateComplete;
      expect(partIn(root, 'keep-button'), 'asking').to.not.equal(null);
      expectTouchable(el, 'asking to discard');
      const { request, answer } = catalogue[name]!;
      const outcome = answerRequest(request, answer, new Date(0).toISOString());
      if (!outcome.ok) throw new Error('refused');
      el.response = outcome.response;
      await el.updateComplete;
      expectTouchable(el, 'receipt');
      partIn<HTMLButtonElement>(root, 'receipt-heading')!.click();
      await el.updateComplete;
      expectTouchable(el, 'receipt open');
    });
  }

  it('steps: a question, Back, and the review with Change', async () => {
    const el = await card('questionnaire of four', 'steps');
    asIfCoarsePointer(el);
    const root = el.shadowRoot!;
    expectTouchable(el, 'first step');
    root.querySelector<HTMLInputElement>('[data-key] input')!.click();
    await el.updateComplete;
    await el.updateComplete;
    expectTouchable(el, 'second step');
    partIn<HTMLButtonElement>(root, 'recommended-button')!.click();
    await el.updateComplete;
    await el.updateComplete;
    expect(partIn(root, 'review')).to.not.equal(null);
    expectTouchable(el, 'review');
  });

  it('artifacts: Open, Copy path, Load preview', async () => {
    const prepared = prepareArtifacts(
      { items: [{ path: '/out/report.pdf', size: 2048 }, { url: 'https://files.example/chart.png' }, { path: '/out/big.mp4', size: 40 * 1_048_576 }] },
      resolveContext({ channel: 'feishu' }),
    );
    if (!prepared.ok) throw new Error(prepared.error);
    const deliveries: ItemDelivery[] = [{ state: 'delivered', type: 'file' }, { state: 'delivered', type: 'post_link' }, { state: 'failed', reason: 'upload_file_failed:network_timeout' }];
    const result = artifactsResult(prepared, deliveries, true);
    const el = (await fixture('<artifact-list style="width: 560px"></artifact-list>')) as ArtifactList;
    el.items = fileParts(result);
    el.delivery = result.delivery_result;
    await el.updateComplete;
    asIfCoarsePointer(el);
    expectTouchable(el, 'artifacts');
  });
});
