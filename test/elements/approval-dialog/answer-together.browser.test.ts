// An approval answered with others, on its own, as a page with its own bar would
// drive it: `answerTogether` answers as Approve or Reject would, through the card's own event,
// once; its receipt says it was answered together; a high-risk card, whose approval takes its own
// two steps, refuses, as does a card already answered.
import { expect } from '@open-wc/testing';
import type { ApprovalDialog } from '../../../src/elements/approval-dialog/approval-dialog.js';
import { normalizeApproval } from '../../../src/rules/normalize.js';
import { answerApproval } from '../../../src/rules/responses.js';
import { mountCard } from '../../support/card-harness.js';

const ids = (id: string) => ({ request_id: id, session_id: 's-1' });
const medium = normalizeApproval({ title: 'Restart a service', message: 'Restart the workers?', severity: 'medium' }, ids('t-1'));
const high = normalizeApproval({ title: 'Release', message: 'Release v2.3?', severity: 'high' }, ids('t-2'));

describe('<approval-dialog> answered together', () => {
  for (const approve of [true, false]) {
    it(`${approve ? 'approves' : 'rejects'} as its own button would, once, and its receipt says it was answered together`, async () => {
      const { el, events, part, clock } = await mountCard<ApprovalDialog>(medium, { attrs: 'locale="en"' });
      expect(el.answerTogether(approve)).to.equal(true);
      await el.updateComplete;
      expect(events).to.deep.equal([answerApproval(medium, approve, '', new Date(clock.now()).toISOString())]);
      expect(part('state')!.textContent!.trim()).to.equal(approve ? 'Approved together' : 'Rejected together');
      expect(el.answerTogether(approve), 'a second time').to.equal(false);
      expect(events).to.have.length(1);
      await expect(el).to.be.accessible();
    });
  }

  it('zh-CN: 已一并批准; a new request on the element is answered on its own again', async () => {
    const { el, part } = await mountCard<ApprovalDialog>(medium);
    el.answerTogether(true);
    await el.updateComplete;
    expect(part('state')!.textContent!.trim()).to.equal('已一并批准');
    el.request = normalizeApproval({ message: 'Again?', severity: 'low' }, ids('t-3'));
    await el.updateComplete;
    part('approve-button')!.click();
    await el.updateComplete;
    expect(part('state')!.textContent!.trim()).to.equal('已批准');
  });

  it('a high-risk card refuses: nothing is fired, and it stays pending', async () => {
    const { el, events } = await mountCard<ApprovalDialog>(high);
    expect(el.answerTogether(true)).to.equal(false);
    expect(el.answerTogether(false)).to.equal(false);
    await el.updateComplete;
    expect(events).to.have.length(0);
    expect(el.state).to.equal('pending');
  });
});
