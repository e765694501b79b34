// The render bench's plain-DOM baseline must build the very tree the kit renders, or the bench's
// ratios compare different work. The bench checks it before it measures; this keeps a card's
// markup change from breaking `npm run bench` unnoticed until the next time someone runs it.
import { expect } from '@open-wc/testing';
import '../../src/entries/approval-dialog.js';
import '../../src/entries/questionnaire-form.js';
import { describeTree, renderBaselineCard } from '../../bench/baseline-card.js';
import type { InteractionCard } from '../../src/elements/shared/interaction-card.js';
import type { InteractionRequest } from '../../src/protocol/request.js';
import { approvalAt, four, large } from '../../bench/render-requests.js';
import { mountCard } from '../support/card-harness.js';
import { ShadowHarness } from '../support/harness/card.js';

const cases: [string, InteractionRequest][] = [
  ...(['high', 'medium', 'low'] as const).map((severity): [string, InteractionRequest] => [`approval, ${severity} risk, one line of details`, approvalAt(severity)]),
  ['questionnaire of four, as a list', four],
  ['100 questions of 10 options, as a list', large],
];

describe('the render bench: its plain-DOM baseline builds the kit\'s markup', () => {
  for (const [name, request] of cases) {
    it(name, async () => {
      const { el } = await mountCard<InteractionCard>(request, { attrs: request.kind === 'approval' ? 'locale="en"' : 'locale="en" layout="list"' });
      const plain = renderBaselineCard(request);
      expect(describeTree(new ShadowHarness(plain).find('article')!)).to.equal(describeTree(new ShadowHarness(el).find('article')!));
    });
  }
});
