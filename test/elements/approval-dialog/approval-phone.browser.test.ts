// An approval on a phone's width (320 and 390 px columns, the page itself unchanged): Reject and
// approve stay side by side on one row, whatever wraps before them; and a high-risk receipt's
// stripe lies inside its border, with no corner of a thick border showing along the thin ones.
import { expect } from '@open-wc/testing';
import '../../../src/entries/approval-dialog.js';
import type { ApprovalDialog } from '../../../src/elements/approval-dialog/approval-dialog.js';
import { normalizeApproval } from '../../../src/rules/normalize.js';
import { answerApproval } from '../../../src/rules/responses.js';
import { mountCard } from '../../support/card-harness.js';

const approval = (severity: string, n: number) =>
  normalizeApproval(
    { title: 'Restart the worker', message: 'Restart deploy/worker in staging?', severity, details: 'kubectl rollout restart deploy/worker -n staging' },
    { request_id: `phone-${severity}-${n}`, session_id: 's' },
  );

describe('<approval-dialog> on a phone', function () {
  this.timeout(30_000);
  let n = 0;
  for (const width of [320, 390]) {
    for (const locale of ['en', 'zh-CN']) {
      for (const [severity, grant] of [['high', false], ['medium', false], ['medium', true]] as const) {
        it(`${width} px, ${locale}, ${severity}${grant ? ' with a session grant' : ''}: Reject and approve share one row, inside the card`, async () => {
          n += 1;
          const { el, part } = await mountCard<ApprovalDialog>(approval(severity, n), { attrs: `locale="${locale}"`, width });
          if (grant) {
            el.grant = { key: 'kubectl-restart', label: 'kubectl rollout restart' };
            await el.updateComplete;
          }
          const card = part('card')!.getBoundingClientRect();
          const reject = part('reject-button')!.getBoundingClientRect();
          const approve = part('approve-button')!.getBoundingClientRect();
          const addReason = part('add-reason-button')!.getBoundingClientRect();
          expect(reject.left).to.be.at.least(card.left);
          expect(approve.right).to.be.at.most(card.right);
          expect(reject.height, 'Reject keeps its label on one line').to.be.closeTo(approve.height, 1);
          if (!grant) {
            expect(Math.abs(approve.top - reject.top), 'approve on the row of Reject').to.be.below(2);
            expect(approve.left, 'approve right after Reject').to.be.within(reject.right, reject.right + 16);
          } else {
            // Three buttons: Allow for this session and approve stay together (both approve), Reject just before them.
            const allow = part('grant-button')!.getBoundingClientRect();
            expect(Math.abs(allow.top - approve.top), 'Allow for this session on the row of approve').to.be.below(2);
            expect(reject.bottom, 'Reject on that row or the one just above').to.be.at.most(approve.bottom + 1);
            expect(approve.top - reject.bottom, 'no row between them').to.be.below(16);
          }
          expect(reject.top, 'Add a reason before them').to.be.at.least(addReason.top - 1);
          if (severity === 'high' && locale === 'en') {
            part('approve-button')!.click();
            await el.updateComplete;
            const confirm = part('confirm-button')!.getBoundingClientRect();
            expect(Math.abs(confirm.top - part('reject-button')!.getBoundingClientRect().top), 'the confirm step too').to.be.below(2);
          }
        });
      }
    }
  }

  for (const severity of ['high', 'medium', 'low']) {
    it(`a ${severity}-risk receipt: its stripe is inside a border of one width all round`, async () => {
      n += 1;
      const request = approval(severity, n);
      const { el, part } = await mountCard<ApprovalDialog>(request, { attrs: 'locale="en"', width: 390 });
      el.response = answerApproval(request, true, '', '2026-12-06T10:00:00.000Z');
      await el.updateComplete;
      const card = part('card')!;
      const style = getComputedStyle(card);
      const widths = [style.borderLeftWidth, style.borderTopWidth, style.borderRightWidth, style.borderBottomWidth];
      expect(new Set(widths).size, `one border width all round (${widths.join(' ')})`).to.equal(1);
      expect(style.backgroundClip, 'the stripe is painted within the padding box').to.equal('padding-box');
      expect(style.backgroundImage).to.match(/linear-gradient/);
      const box = card.getBoundingClientRect();
      const line = part('receipt-heading')!.getBoundingClientRect();
      expect(line.left - box.left, 'the line starts past the stripe').to.be.at.least(6);
      expect(line.top).to.be.at.least(box.top);
      expect(line.bottom).to.be.at.most(box.bottom);
      // The pending card keeps its stripe as the border's start.
      const pending = await mountCard<ApprovalDialog>(approval(severity, n + 100), { attrs: 'locale="en"', width: 390 });
      expect(getComputedStyle(pending.part('card')!).borderLeftWidth).to.equal(severity === 'high' ? '6px' : '4px');
    });
  }
});
