// The receipts' cost to a new card is flat. The host keeps its cards in blocks of 32
// by arrival: a new card renders into the last block, a receipt past receipt-limit leaves the
// first, and the blocks between keep their elements (nothing above is rendered again) and are
// skipped whole by the browser off screen, while every receipt stays in the DOM and reachable.
import { expect, waitUntil } from '@open-wc/testing';
import type { ApprovalDialog } from '../../src/elements/approval-dialog/approval-dialog.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import type { SessionEntry } from '../../src/session/session.js';
import { AgentLab } from '../support/agent.js';
import { partIn } from '../support/card-harness.js';
import { deepActiveElement } from '../support/keyboard.js';
import { mountHost, uniqueSession, waitForCard } from './support.js';
import { hostHarness } from '../support/harness/host.js';

/** The host's template for one card (its entry renderer), counted by the cards it is evaluated for. */
type EntryRenderer = (entry: SessionEntry, ...rest: unknown[]) => unknown;
const rendererOf = (host: InteractionHost) => host as unknown as { renderEntry: EntryRenderer };

describe('<interaction-host> receipts in blocks', () => {
  let lab: AgentLab;
  before(async () => {
    lab = await AgentLab.start();
  });
  after(() => lab.close());

  /** One round trip: the call, its card's approve button, the result. */
  async function answer(host: InteractionHost, session: string, id: string): Promise<ApprovalDialog> {
    await lab.call(session, 'request_user_approval', { message: `#${id}` }, id);
    const dialog = await waitForCard<ApprovalDialog>(host, id);
    partIn<HTMLButtonElement>(dialog.shadowRoot!, 'approve-button')!.click();
    await lab.result(id);
    await waitUntil(() => dialog.state === 'answered', `${id} never settled`);
    await host.updateComplete;
    return dialog;
  }

  /** The blocks of the list, each as the ids of its cards. */
  const blocks = (host: InteractionHost) =>
    hostHarness(host).findAll('.cards > :not(.end)').map((block) => [...block.children].map((item) => item.id.replace(/^item-/, '')));

  it('a new card is the only one rendered: the receipts above keep their elements and their blocks, and are not evaluated again', async function () {
    this.timeout(60_000); // 41 real round trips; no timing is asserted
    const session = uniqueSession('blocks');
    const { host } = await mountHost(lab.url(session));
    host.receiptLimit = 40;
    const ids = Array.from({ length: 40 }, (_, i) => `b-${i}`);
    for (const id of ids) await answer(host, session, id);
    expect(blocks(host)).to.deep.equal([ids.slice(0, 32), ids.slice(32)]);
    const before = new Map(ids.map((id) => [id, hostHarness(host).card(id)]));
    const firstBlock = hostHarness(host).find('.cards > :not(.end)');

    const evaluated: string[] = [];
    const { renderEntry } = rendererOf(host);
    rendererOf(host).renderEntry = (entry, ...rest) => {
      evaluated.push(entry.id);
      return renderEntry(entry, ...rest);
    };
    try {
      await answer(host, session, 'b-40');
    } finally {
      rendererOf(host).renderEntry = renderEntry;
    }
    // b-0 left (receipt-limit 40): the first block lost it, and kept every other element.
    expect(blocks(host)).to.deep.equal([ids.slice(1, 32), [...ids.slice(32), 'b-40']]);
    expect(hostHarness(host).find('.cards > :not(.end)')).to.equal(firstBlock, 'the first block is the same element');
    for (const id of ids.slice(1)) expect(hostHarness(host).card(id) === before.get(id)).to.equal(true, `${id} is the same element`);
    // Its request, its answer on the way and its receipt: three renders of the new card, none of another.
    expect([...new Set(evaluated)]).to.deep.equal(['b-40'], 'only the new card was evaluated');
  });

  it('a block above the last whose cards are all settled is skipped off screen, yet its receipts stay in the DOM, accessible and focusable', async function () {
    this.timeout(60_000);
    const session = uniqueSession('skip');
    const { host } = await mountHost(lab.url(session));
    for (let i = 0; i < 33; i += 1) await answer(host, session, `s-${i}`);
    // A pending card in the last block keeps it as it is (its shadow is not clipped).
    await lab.call(session, 'request_user_approval', { message: 'Pending' }, 's-pending');
    const pending = await waitForCard<ApprovalDialog>(host, 's-pending');
    const [first, last] = hostHarness(host).findAll<HTMLElement>('.cards > :not(.end)');
    expect(getComputedStyle(first!).contentVisibility).to.equal('auto');
    expect(getComputedStyle(last!).contentVisibility).to.equal('visible');
    expect(getComputedStyle(partIn(pending.shadowRoot!, 'card')!).boxShadow).to.not.equal('none');
    // Each receipt is laid out and painted on its own (a new card repaints none of them), its focus
    // ring kept by the clip margin; the pending card is not contained, its shadow not clipped.
    const itemOf = (id: string) => host.shadowRoot!.getElementById(`item-${id}`)!;
    for (const id of ['s-0', 's-32']) expect(getComputedStyle(itemOf(id)).contain, id).to.equal('layout paint');
    expect(getComputedStyle(itemOf('s-pending')).contain).to.equal('none');
    // Off screen or not, the first receipt is there: its heading takes focus where it is.
    window.scrollTo(0, document.documentElement.scrollHeight);
    const oldest = hostHarness(host).card<ApprovalDialog>('s-0')!;
    expect(first!.contains(oldest)).to.equal(true);
    const heading = partIn<HTMLButtonElement>(oldest.shadowRoot!, 'receipt-heading')!;
    heading.focus();
    expect(deepActiveElement()).to.equal(heading);
    await expect(host).to.be.accessible();
    window.scrollTo(0, 0);
  });
});
