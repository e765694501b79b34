// An approval on a phone's width (320 and 390 px columns, the page itself unchanged): Reject and
// approve stay side by side on one row, whatever wraps before them; and a high-risk receipt's
// stripe lies inside its border, with no corner of a thick border showing along the thin ones, and
// the focus ring of a receipt covers the stripe whole, no sliver of it showing beside the ring.
import { expect } from '@open-wc/testing';
import '../../../src/entries/approval-dialog.js';
import type { ApprovalDialog } from '../../../src/elements/approval-dialog/approval-dialog.js';
import { normalizeApproval } from '../../../src/rules/normalize.js';
import { answerApproval } from '../../../src/rules/responses.js';
import { mountCard } from '../../support/card-harness.js';
import { byPart, startBefore, tabTo } from '../../support/keyboard.js';

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

  for (const dir of ['ltr', 'rtl'] as const) {
    it(`a high-risk command (${dir}): the room kept for Copy is on the card's end side`, async () => {
      n += 1;
      const { part } = await mountCard<ApprovalDialog>(approval('high', n), { attrs: `locale="en" dir="${dir}"`, width: 390 });
      const pre = part('details')!.querySelector('pre')!;
      const style = getComputedStyle(pre);
      const [end, start] = dir === 'rtl' ? [style.paddingLeft, style.paddingRight] : [style.paddingRight, style.paddingLeft];
      expect(end).to.equal('72px');
      expect(parseFloat(start)).to.be.below(72);
    });
  }

  for (const [severity, dir] of [['high', 'ltr'], ['medium', 'ltr'], ['low', 'rtl']] as const) {
    it(`a focused ${severity}-risk receipt (${dir}): the ring reaches past the stripe and the border, none of the stripe beside it`, async () => {
      n += 1;
      const request = approval(severity, n);
      const { el, part } = await mountCard<ApprovalDialog>(request, { attrs: `locale="en" dir="${dir}"`, width: 390 });
      el.response = answerApproval(request, true, '', '2026-12-06T10:00:00.000Z');
      await el.updateComplete;
      await startBefore(el);
      const line = (await tabTo(byPart('receipt-heading'))) as HTMLElement;
      expect(line.matches(':focus-visible'), 'focused from the keyboard').to.equal(true);
      // The ring as it ends, past the buttons' transition.
      await Promise.all(el.shadowRoot!.getAnimations().map((animation) => animation.finished));
      const box = part('card')!.getBoundingClientRect();
      const own = line.getBoundingClientRect();
      // The card's start (its border and the stripe inside it) to the line's start.
      const startGap = dir === 'rtl' ? box.right - own.right : own.left - box.left;
      expect(startGap, 'the line starts past the stripe').to.be.at.least(6);
      // Each shadow of the ring, as its spread: the first (the page's colour) is painted on top.
      const spreads = getComputedStyle(line)
        .boxShadow.split(/,(?![^(]*\))/)
        .map((shadow) => Number(/(-?[\d.]+)px\s*$/.exec(shadow.replace(/inset/, '').trim())?.[1] ?? Number.NaN));
      expect(spreads.length, `a ring of the page's colour and the accent (${getComputedStyle(line).boxShadow})`).to.equal(2);
      const border = parseFloat(getComputedStyle(part('card')!).borderTopWidth);
      expect(spreads[0], 'the ring’s inner band covers the stripe').to.be.at.least(startGap - border);
      expect(spreads[1], 'its accent covers the border, no sliver of the stripe beside it').to.be.at.least(startGap);
    });
  }
});
