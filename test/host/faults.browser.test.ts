// Timeouts, drops, reloads, cancels and repeats between <interaction-host> and a real Node
// runtime over a real WebSocket. Time is a fake clock on both sides; no test waits for a timeout.
import { expect, waitUntil } from '@open-wc/testing';
import type { ApprovalDialog } from '../../src/elements/approval-dialog/approval-dialog.js';
import type { InteractionCard } from '../../src/elements/shared/interaction-card.js';
import { AgentLab } from '../support/agent.js';
import { FakeClock } from '../support/fake-clock.js';
import type { InteractionResponse } from '../../src/protocol/response.js';
import { press, startBefore, tabTo } from '../support/keyboard.js';
import { openReceipt } from '../support/receipt.js';
import { card, mountHost, trackedWebSocket, uniqueSession, waitForCard } from './support.js';
import { partIn, partsIn } from '../support/card-harness.js';
import { hostHarness } from '../support/harness/host.js';
import { CardHarness } from '../support/harness/card.js';

const approve = async (el: Element) => {
  const dialog = el as ApprovalDialog;
  partIn<HTMLButtonElement>(dialog.shadowRoot!, 'approve-button')!.click();
  await dialog.updateComplete;
};
const resultsFor = async (lab: AgentLab, session: string, id: string) =>
  (await lab.received(session)).filter((m) => m.type === 'tool_result' && m.call_id === id);

/** A deterministic stand-in for Math.random in the reconnect backoff. */
function seeded(seed: number) {
  let state = seed;
  return () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

describe('<interaction-host> under faults', () => {
  let lab: AgentLab;
  beforeEach(async () => {
    lab = await AgentLab.start({ fakeClock: true });
  });
  afterEach(() => lab.close());

  it("timeout: the kit's auto_selected result reaches the runtime before its own deadline + grace", async () => {
    const session = uniqueSession('timeout');
    const { host, clock } = await mountHost(lab.url(session));
    await lab.call(session, 'request_user_input', { message: 'm', questions: [{ id: 'a', question: 'A?', options: ['x', 'y'] }], timeout_seconds: 30 }, 't-1');
    const el = await waitForCard(host, 't-1');
    clock.advance(30_000); // the page's clock only: the runtime's has not moved at all
    const outcome = await lab.result('t-1');
    expect((outcome.result as { interaction_response: { status: string } }).interaction_response.status).to.equal('auto_selected');
    await waitUntil(() => (el as InteractionCard).state === 'expired');
    expect((await lab.received(session)).filter((m) => m.type === 'cancel')).to.have.length(0);
  });

  it('timeout: the answer the user picked stays (Word, digit 2); only the unanswered question takes its recommended option, marked in the receipt', async () => {
    const session = uniqueSession('timeout-kept');
    const { host, clock } = await mountHost(lab.url(session));
    const args = {
      message: 'Report?',
      timeout_seconds: 15,
      questions: [
        { id: 'format', question: 'Format?', options: ['PDF', 'Word'] },
        { id: 'lang', question: 'Language?', options: ['Chinese', 'English'] },
      ],
    };
    await lab.call(session, 'request_user_input', args, 't-kept');
    const el = await waitForCard(host, 't-kept');
    await startBefore(host);
    await tabTo((e) => e instanceof HTMLInputElement && e.closest('[data-key]')?.getAttribute('data-key') === 'format');
    await press('2');
    await el.updateComplete;
    clock.advance(15_000);
    const outcome = await lab.result('t-kept');
    const response = (outcome.result as { interaction_response: InteractionResponse }).interaction_response;
    expect(response.status).to.equal('auto_selected');
    expect(response.raw_value).to.deep.equal({ format: 'Word', lang: 'Chinese' });
    expect((outcome.result as { content: string }).content).to.equal('已收到用户输入，共回答 2 个问题。');
    await waitUntil(() => (el as InteractionCard).state === 'expired');
    await el.updateComplete;
    const receipt = await openReceipt(el);
    const marks = partsIn(receipt, 'filled-mark').map((mark) => mark.closest('dd')?.previousElementSibling?.textContent?.trim());
    expect(marks).to.deep.equal(['Language?']);
    await expect(el).to.be.accessible();
  });

  it("timeout: with the connection down past deadline + grace, the runtime's result wins and the late answer turns expired", async () => {
    const session = uniqueSession('late');
    const clock = new FakeClock();
    const { host, connection } = await mountHost(lab.url(session), { clock, backoff: { initialMs: 5_000, maxMs: 5_000 } });
    await lab.call(session, 'request_user_approval', { message: 'Deploy?', timeout_seconds: 60 }, 'late-1');
    const el = await waitForCard(host, 'late-1');
    await lab.run({ action: 'drop', session });
    await connection.until('reconnecting');
    await approve(el); // answered while offline: it waits in the outbox
    await lab.run({ action: 'advance', ms: 70_001 });
    const outcome = await lab.result('late-1');
    expect((outcome.result as { interaction_response: { status: string } }).interaction_response.status).to.equal('timeout');
    clock.advance(5_000); // the page reconnects and re-sends the answer; the runtime says: expired
    await waitUntil(() => (card(host, 'late-1') as InteractionCard).late, 'the receipt never turned late');
    const late = card(host, 'late-1')!;
    await (late as InteractionCard).updateComplete;
    expect(partIn(late.shadowRoot!, 'receipt-heading')!.textContent).to.contain('已过期');
    expect((await openReceipt(late)).textContent).to.contain('你的回答在截止时间之后才送达');
  });

  it('drops (a) before the answer, (b) after the answer before the ack, (c) five times in a row: resolved once, with the answer', async () => {
    const session = uniqueSession('drops');
    const socket = trackedWebSocket(); // so the test can cut the page's side too
    const clock = new FakeClock();
    const { host } = await mountHost(lab.url(session), {
      clock,
      WebSocket: socket.WebSocket,
      backoff: { initialMs: 200, maxMs: 2_000, jitter: 0.5, random: seeded(7) },
    });
    const transport = host.transport!;
    /** Moves the page's clock past the (seeded) backoff until the socket is open again. */
    const reconnect = async () => {
      clock.advance(2_000);
      await waitUntil(() => transport.state === 'open', 'never reconnected');
    };
    await lab.call(session, 'request_user_approval', { message: 'Restart?' }, 'd-1');
    await waitForCard(host, 'd-1');
    // (a) the runtime cuts the connection before the answer
    await lab.run({ action: 'drop', session });
    await waitUntil(() => transport.state === 'reconnecting');
    await reconnect();
    await waitUntil(async () => (await lab.received(session)).filter((m) => m.type === 'ready').length >= 2);
    expect(hostHarness(host).findAll('[data-id="d-1"]')).to.have.length(1);
    // (b) the page loses the connection right after its answer leaves, before the ack arrives
    host.addEventListener('tool-result', () => socket.current()!.close(), { once: true });
    await approve(card(host, 'd-1')!);
    await waitUntil(() => transport.state === 'reconnecting');
    // (c) five drops in a row
    for (let i = 0; i < 5; i += 1) {
      await reconnect();
      await lab.run({ action: 'drop', session });
      await waitUntil(() => transport.state === 'reconnecting');
    }
    await reconnect();
    const outcome = await lab.result('d-1');
    expect(outcome.status).to.equal('resolved');
    expect((outcome.result as { interaction_response: { approved: boolean } }).interaction_response.approved).to.equal(true);
    await waitUntil(() => (card(host, 'd-1') as InteractionCard).state === 'answered', 'never acked');
    const copies = await resultsFor(lab, session, 'd-1');
    expect(copies.length).to.be.greaterThan(0);
    expect(new Set(copies.map((m) => JSON.stringify(m))).size).to.equal(1, 'every copy is the same answer');
  });

  it('reload: pending requests come back with their remaining time; an unacked answer is re-sent and not asked again', async () => {
    const session = uniqueSession('reload');
    const clock = new FakeClock();
    const storage = window.sessionStorage;
    const first = await mountHost(lab.url(session), { clock, storage, backoff: { initialMs: 3_600_000, maxMs: 3_600_000 } });
    await lab.call(session, 'request_user_approval', { message: 'A?', timeout_seconds: 100 }, 'r-pending');
    await lab.call(session, 'request_user_approval', { message: 'B?' }, 'r-answered');
    await waitForCard(first.host, 'r-pending');
    const answered = await waitForCard(first.host, 'r-answered');
    await lab.run({ action: 'drop', session });
    await first.connection.until('reconnecting');
    await approve(answered);
    clock.advance(40_000);
    await lab.run({ action: 'advance', ms: 40_000 });
    first.host.remove(); // the page goes away
    const second = await mountHost(lab.url(session), { clock, storage });
    const pending = await waitForCard(second.host, 'r-pending');
    await (pending as InteractionCard).updateComplete;
    expect(partIn(pending.shadowRoot!, 'countdown')!.textContent).to.contain('1:00');
    const outcome = await lab.result('r-answered');
    expect((outcome.result as { interaction_response: { approved: boolean } }).interaction_response.approved).to.equal(true);
    expect(card(second.host, 'r-answered')).to.equal(null, 'the answered request is not asked again');
    second.host.remove();
  });

  it('cancel turns the card into a cancelled receipt and nothing is sent for it; the aborted call rejects with AbortError', async () => {
    const session = uniqueSession('cancel');
    const { host, clock } = await mountHost(lab.url(session));
    await lab.call(session, 'request_user_input', { message: 'Name?' }, 'c-1');
    const el = await waitForCard(host, 'c-1');
    await lab.run({ action: 'abort', callId: 'c-1' });
    const outcome = await lab.result('c-1');
    expect(outcome.status).to.equal('rejected');
    expect(outcome.error!.name).to.equal('AbortError');
    await waitUntil(() => (el as InteractionCard).state === 'cancelled');
    await el.updateComplete;
    expect(partIn(el.shadowRoot!, 'receipt-heading')!.textContent).to.contain('已撤回');
    expect(new CardHarness(el).find('form')).to.equal(null);
    clock.advance(200_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await resultsFor(lab, session, 'c-1')).to.have.length(0);
  });

  it('the same tool_call twice shows one card; a repeat after the ack gets duplicate', async () => {
    const session = uniqueSession('dup');
    const { host } = await mountHost(lab.url(session));
    const call = { v: 1, type: 'tool_call', call_id: 'dup-1', tool: 'request_user_approval', arguments: { message: 'Once?' } };
    // A third call after the two copies: frames on one socket are handled in order, so once its
    // card shows, the second copy has been handled too.
    const after = { ...call, call_id: 'dup-after', arguments: { message: 'After?' } };
    await lab.run({ action: 'send-all', session, messages: [call, call, after] });
    await waitForCard(host, 'dup-after');
    expect(hostHarness(host).findAll('[data-id="dup-1"]')).to.have.length(1);
    await approve(card(host, 'dup-1')!);
    await waitUntil(() => (card(host, 'dup-1') as InteractionCard).state === 'answered');
    await lab.run({ action: 'send', session, message: call });
    await waitUntil(async () => (await lab.received(session)).some((m) => m.type === 'error' && m.code === 'duplicate' && m.id === 'dup-1'));
    expect(hostHarness(host).findAll('[data-id="dup-1"]')).to.have.length(1);
  });

  it('200 pending requests render in order and can be answered one by one', async function () {
    this.timeout(90_000); // 200 cards and 200 real round trips; no timing is asserted (bench/ has the speed)
    const session = uniqueSession('load');
    const { host } = await mountHost(lab.url(session));
    const ids = Array.from({ length: 200 }, (_, i) => `p-${String(i).padStart(3, '0')}`);
    // One command for the 200 frames: sent one command each, the runner's round trips (not the
    // host) took most of the test's time, and under load more than its timeout.
    const messages = ids.map((id) => ({ v: 1, type: 'tool_call', call_id: id, tool: 'request_user_approval', arguments: { message: id } }));
    expect(await lab.run({ action: 'send-all', session, messages })).to.equal(1, 'one live connection got them');
    await waitUntil(() => hostHarness(host).findAll('[data-id]').length === 200, 'not all 200 shown', { timeout: 30_000 });
    expect(hostHarness(host).findAll('[data-id]').map((el) => el.getAttribute('data-id'))).to.deep.equal(ids);
    for (const id of ids) await approve(card(host, id)!);
    await waitUntil(async () => (await lab.received(session)).filter((m) => m.type === 'tool_result').length === 200, 'not all answered', { timeout: 30_000 });
    const order = (await lab.received(session)).filter((m) => m.type === 'tool_result').map((m) => m.call_id);
    expect(order).to.deep.equal(ids);
  });
});
