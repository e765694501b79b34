// Small screens: under 400 px the review stacks question over answer and the
// artifact icon column shrinks; a receipt stays one line. The artifact list is mounted in a frame
// of a phone's width, so its own viewport decides, as on the phone.
import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/entries/questionnaire-form.js';
import '../../../src/entries/approval-dialog.js';
import type { ArtifactList } from '../../../src/elements/artifact-list/artifact-list.js';
import type { QuestionnaireForm } from '../../../src/elements/questionnaire-form/questionnaire-form.js';
import type { InteractionCard } from '../../../src/elements/shared/interaction-card.js';
import { artifactsResult, fileParts, type ItemDelivery } from '../../../src/rules/artifacts/deliver.js';
import { prepareArtifacts } from '../../../src/rules/artifacts/prepare.js';
import { answerRequest } from '../../../src/rules/answers.js';
import { resolveContext } from '../../../src/rules/context.js';
import { migrationQuestionnaire } from '../../../demo/questionnaire-example.js';
import { normalizeInput } from '../../../src/rules/normalize.js';
import { frameOfWidth } from '../../support/media.js';
import { catalogue } from '../../support/requests-catalogue.js';
import { ArtifactsHarness, partIn } from '../../support/card-harness.js';

async function review(width: number): Promise<ShadowRoot> {
  const request = normalizeInput(migrationQuestionnaire(false), { request_id: 'q', session_id: 's' }, resolveContext());
  const wrap = await fixture(html`<div style=${`width: ${width}px`}><questionnaire-form layout="steps" .request=${request}></questionnaire-form></div>`);
  const el = wrap.firstElementChild as QuestionnaireForm;
  await el.updateComplete;
  partIn<HTMLButtonElement>(el.shadowRoot!, 'recommended-button')!.click();
  for (let i = 0; i < 3; i += 1) await el.updateComplete;
  return el.shadowRoot!;
}

const rows = (root: ShadowRoot) =>
  [...root.querySelectorAll('.review-row')].map((row) => ({
    question: row.querySelector('dt')!.getBoundingClientRect(),
    answer: row.querySelector('dd')!.getBoundingClientRect(),
  }));

describe('small screens', () => {
  it('the review: under 400 px each answer goes under its question, on one line of its own', async () => {
    const narrow = rows(await review(320));
    expect(narrow).to.have.length(4);
    for (const { question, answer } of narrow) {
      expect(answer.top, 'the answer under its question').to.be.at.least(question.bottom - 1);
      expect(answer.height, 'the answer and its Change on one line').to.be.below(50);
    }
  });

  it('the review: in a wide column question and answer share one line', async () => {
    for (const { question, answer } of rows(await review(640))) {
      expect(Math.abs(answer.top - question.top)).to.be.below(4);
      expect(answer.left).to.be.greaterThan(question.right);
    }
  });

  it('a receipt stays one line of at most 48 px at 320 px, its long title cut short', async () => {
    const { request, answer } = catalogue['questionnaire of four']!;
    const outcome = answerRequest(request, answer, new Date(0).toISOString());
    if (!outcome.ok) throw new Error('refused');
    const wrap = await fixture(html`<div style="width: 320px"><questionnaire-form .request=${{ ...request, title: 'A very long title the model wrote for this questionnaire of four questions' }} .response=${outcome.response}></questionnaire-form></div>`);
    const el = wrap.firstElementChild as InteractionCard;
    await el.updateComplete;
    expect(partIn(el.shadowRoot!, 'card')!.getBoundingClientRect().height).to.be.at.most(48);
    // Cut short, not spilling out: the line is as wide as the card, and the card as its column.
    const column = wrap.getBoundingClientRect();
    for (const part of ['card', 'receipt-heading']) expect(partIn(el.shadowRoot!, part)!.getBoundingClientRect().right, part).to.be.at.most(column.right + 0.5);
  });

  it('artifacts on a phone under 400 px: a smaller icon column, the state under the text, rows kept short', async () => {
    const prepared = prepareArtifacts(
      {
        title: '本周报告',
        items: [
          { path: '/data/out/summary.docx', size: 2048, caption: '给团队的总结' },
          { url: 'https://files.example/chart.webp', caption: 'plot' },
          { path: '/data/big.mp4', size: 40 * 1_048_576 },
        ],
      },
      resolveContext({ channel: 'feishu' }),
    );
    if (!prepared.ok) throw new Error(prepared.error);
    const deliveries: ItemDelivery[] = [{ state: 'delivered', type: 'file' }, { state: 'delivered', type: 'post_link' }, { state: 'failed', reason: 'upload_file_failed:file_too_large_over_30mb' }];
    const result = artifactsResult(prepared, deliveries, true);
    const measure = async (width: number) => {
      const { frame, win } = await frameOfWidth(width, ['/src/entries/artifact-list.ts']);
      const el = win.document.createElement('artifact-list') as ArtifactList;
      el.items = fileParts(result);
      el.delivery = result.delivery_result;
      win.document.body.append(el);
      await el.updateComplete;
      const items = new ArtifactsHarness(el).findAll('.item');
      const measured = items.map((item) => ({
        icon: item.querySelector('.icon')!.getBoundingClientRect(),
        body: item.querySelector('.body')!.getBoundingClientRect(),
        state: item.querySelector('.state')!.getBoundingClientRect(),
        height: item.getBoundingClientRect().height,
      }));
      frame.remove();
      return measured;
    };
    const phone = await measure(320);
    for (const row of phone) {
      expect(row.icon.width, 'the icon column').to.be.at.most(32);
      expect(row.state.top, 'the state under the text').to.be.at.least(row.body.bottom - 1);
      expect(Math.abs(row.state.left - row.body.left), 'the state in the text column').to.be.below(2);
      expect(row.height, 'a row stays short').to.be.below(220);
    }
    const wide = await measure(720);
    for (const row of wide) expect(row.icon.width).to.equal(40);
  });
});
