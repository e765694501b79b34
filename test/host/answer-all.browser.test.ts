// Answer all over a real WebSocket to a Node runtime (createAgentServer): the bar
// above the first low or medium approval, what it lists and leaves out, one press answering each
// card through its own response, the receipts, focus and what is announced after; in light and
// dark, zh-CN and en, a 320 px column and under a coarse pointer.
import { expect, waitUntil } from '@open-wc/testing';
import type { ApprovalDialog } from '../../src/elements/approval-dialog/approval-dialog.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import type { InteractionResponse } from '../../src/protocol/response.js';
import { AgentLab } from '../support/agent.js';
import { partIn } from '../support/card-harness.js';
import { byPart, deepActiveElement, press, startBefore, tabTo, type } from '../support/keyboard.js';
import { asIfCoarsePointer } from '../support/media.js';
import { card, mountHost, uniqueSession, waitForCard } from './support.js';
import { hostHarness } from '../support/harness/host.js';

let lab: AgentLab;
before(async () => {
  lab = await AgentLab.start({ context: { channel: 'feishu' } });
});
after(() => lab.close());

const bar = (host: InteractionHost) => partIn(host.shadowRoot!, 'answer-all');
const button = (host: InteractionHost, part: 'approve-all-button' | 'reject-all-button') => partIn<HTMLButtonElement>(host.shadowRoot!, part)!;
const outcome = (host: InteractionHost, id: string) => partIn(card(host, id)!.shadowRoot!, 'state')?.textContent?.trim();
const live = (host: InteractionHost) => hostHarness(host).announcement();

/** The text of the elements an element's aria-describedby names, as laid out (a list item a line). */
function description(el: Element): string {
  const root = el.getRootNode() as ShadowRoot;
  return (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => (root.getElementById(id) as HTMLElement | null)?.innerText.replace(/\s+/g, ' ').trim()).join(' | ');
}

/** Three approvals as a runtime sends them at once: two it may answer together, one high. */
async function three(host: InteractionHost, session: string, prefix: string) {
  await lab.call(session, 'request_user_approval', { title: '重启服务', message: '重启 staging 环境的 worker 服务？', severity: 'medium' }, `${prefix}-1`);
  await lab.call(session, 'request_user_approval', { title: '发布确认', message: '发布 v2.3 到所有生产区域？', severity: 'high', details: 'commit 8f3e2a1' }, `${prefix}-2`);
  await lab.call(session, 'request_user_approval', { title: '创建分支', message: '在仓库 web-app 创建分支 feature/login？', severity: 'low' }, `${prefix}-3`);
  for (const n of [1, 2, 3]) await waitForCard(host, `${prefix}-${n}`);
  await host.updateComplete;
}

/** The tool results the runtime received, by call id. */
async function resultsBy(session: string): Promise<Map<string, Record<string, unknown>[]>> {
  const by = new Map<string, Record<string, unknown>[]>();
  for (const message of await lab.received(session)) {
    if (message.type !== 'tool_result') continue;
    const id = message.call_id as string;
    by.set(id, [...(by.get(id) ?? []), message]);
  }
  return by;
}

describe('interaction-host: answer all', () => {
  it('the bar sits above the first approval it covers, says what it covers and leaves out, and comes first in the keyboard order', async () => {
    const session = uniqueSession('approve-all-bar');
    const { host } = await mountHost(lab.url(session));
    await three(host, session, 'aa');
    // Above the first approval it covers, in that card's list item, and only there.
    expect(hostHarness(host).parts('answer-all')).to.have.length(1);
    expect(bar(host)!.parentElement!.id).to.equal('item-aa-1');
    expect(bar(host)!.nextElementSibling).to.equal(card(host, 'aa-1'));
    // What it covers and leaves out, seen before it acts, and read out with each button.
    expect([...bar(host)!.querySelectorAll('li')].map((li) => li.textContent!.replace(/\s+/g, ' ').trim())).to.deep.equal([
      '重启服务 重启 staging 环境的 worker 服务？',
      '创建分支 在仓库 web-app 创建分支 feature/login？',
    ]);
    expect(bar(host)!.textContent).to.contain('不包括（高风险，请逐项处理）：发布确认');
    expect(button(host, 'approve-all-button').textContent!.trim()).to.equal('全部批准 (2)');
    expect(button(host, 'reject-all-button').textContent!.trim()).to.equal('全部拒绝');
    for (const part of ['approve-all-button', 'reject-all-button'] as const) {
      expect(description(button(host, part))).to.equal('重启服务 重启 staging 环境的 worker 服务？ 创建分支 在仓库 web-app 创建分支 feature/login？ 不包括（高风险，请逐项处理）：发布确认');
    }
    await expect(host).to.be.accessible();
    // Keyboard order: the bar's two buttons, then the first card's controls.
    await startBefore(host);
    await press('Tab');
    expect(byPart('reject-all-button')(deepActiveElement()!)).to.equal(true, 'Reject all first');
    await press('Tab');
    expect(byPart('approve-all-button')(deepActiveElement()!)).to.equal(true, 'then Approve all');
    for (const id of ['aa-1', 'aa-2', 'aa-3']) await lab.run({ action: 'abort', callId: id });
  });

  it('Approve all (2) answers the low and medium approvals, each once with its own call id; the high one stays, named as left out', async () => {
    const session = uniqueSession('approve-all');
    const { host } = await mountHost(lab.url(session));
    const responses: InteractionResponse[] = [];
    host.addEventListener('interaction-response', (event) => responses.push(event.detail));
    await three(host, session, 'aa');
    await startBefore(host);
    await press('Tab');
    await press('Tab');
    expect(byPart('approve-all-button')(deepActiveElement()!)).to.equal(true, 'Approve all');
    await press('Enter');
    const first = card<ApprovalDialog>(host, 'aa-1')!;
    for (const id of ['aa-1', 'aa-3']) {
      const outcomeOf = await lab.result(id);
      expect(outcomeOf.status).to.equal('resolved');
      expect((outcomeOf.result as { interaction_response: InteractionResponse }).interaction_response).to.include({ request_id: id, approved: true, status: 'completed' });
    }
    // Each card sent its own response through the session: one event each, one result each.
    expect(responses.map((r) => [r.request_id, r.approved])).to.deep.equal([['aa-1', true], ['aa-3', true]]);
    const results = await resultsBy(session);
    expect([...results.keys()].sort()).to.deep.equal(['aa-1', 'aa-3']);
    expect([...results.values()].map((list) => list.length)).to.deep.equal([1, 1]);
    await waitUntil(() => card(host, 'aa-3')!.getAttribute('state') === 'answered', 'aa-3 never acked');
    expect(outcome(host, 'aa-1')).to.equal('已一并批准');
    expect(outcome(host, 'aa-3')).to.equal('已一并批准');
    expect(card(host, 'aa-2')!.getAttribute('state')).to.equal('pending');
    expect(bar(host)).to.equal(null);
    // Focus on the first receipt, where the bar was; the outcome said politely.
    const active = deepActiveElement()!;
    expect(first.shadowRoot!.contains(active) && byPart('receipt-heading')(active), `focus on aa-1's receipt, not ${active.localName}`).to.equal(true);
    expect(live(host)).to.equal('已一并批准 2 项；1 项高风险审批仍待处理');
    await expect(host).to.be.accessible();
    await lab.run({ action: 'abort', callId: 'aa-2' });
  });

  it('Reject all, in English: each card rejects with its own note (the one typed in a card goes with it); the receipts say so', async () => {
    const session = uniqueSession('reject-all');
    const { host } = await mountHost(lab.url(session));
    host.locale = 'en';
    await three(host, session, 'ra');
    expect(button(host, 'approve-all-button').textContent!.trim()).to.equal('Approve all (2)');
    expect(bar(host)!.textContent).to.contain('2 approvals can be answered together:');
    expect(bar(host)!.textContent).to.contain('Not included (high risk, answer each on its own): 发布确认');
    await expect(host).to.be.accessible();
    const third = card<ApprovalDialog>(host, 'ra-3')!;
    await startBefore(third);
    await tabTo((el) => byPart('add-reason-button')(el) && third.shadowRoot!.contains(el));
    await press('Enter');
    await type('not on a Friday');
    await startBefore(host);
    await tabTo(byPart('reject-all-button'));
    await press('Enter');
    const texts: Record<string, unknown> = {};
    for (const id of ['ra-1', 'ra-3']) {
      const response = ((await lab.result(id)).result as { interaction_response: InteractionResponse }).interaction_response;
      expect(response.approved).to.equal(false);
      texts[id] = response.text;
    }
    expect(texts).to.deep.equal({ 'ra-1': '', 'ra-3': 'not on a Friday' });
    await waitUntil(() => card(host, 'ra-3')!.getAttribute('state') === 'answered');
    expect(outcome(host, 'ra-1')).to.equal('Rejected together');
    expect(outcome(host, 'ra-3')).to.equal('Rejected together');
    expect(live(host)).to.equal('Rejected 2 together; 1 high-risk approval still waits');
    await lab.run({ action: 'abort', callId: 'ra-2' });
  });

  it('shows only with two or more low or medium approvals waiting, above the first of them; an approval answered on its own takes it away', async () => {
    const session = uniqueSession('when');
    const { host } = await mountHost(lab.url(session));
    await lab.call(session, 'request_user_approval', { title: 'High', message: 'Drop it?', severity: 'high' }, 'wb-1');
    await lab.call(session, 'request_user_input', { message: 'A name?' }, 'wb-2');
    await lab.call(session, 'request_user_approval', { title: 'Low', message: 'Branch?', severity: 'low' }, 'wb-3');
    await waitForCard(host, 'wb-3');
    await host.updateComplete;
    expect(bar(host), 'one low approval: nothing to answer together').to.equal(null);
    await lab.call(session, 'request_user_approval', { title: 'Medium', message: 'Restart?' }, 'wb-4');
    await waitForCard(host, 'wb-4');
    await host.updateComplete;
    expect(bar(host)!.parentElement!.id, 'above the first it covers, not the high one').to.equal('item-wb-3');
    expect(button(host, 'approve-all-button').textContent!.trim()).to.equal('全部批准 (2)');
    partIn<HTMLButtonElement>(card(host, 'wb-4')!.shadowRoot!, 'approve-button')!.click();
    await lab.result('wb-4');
    await host.updateComplete;
    expect(bar(host)).to.equal(null);
    expect(outcome(host, 'wb-4'), 'answered on its own').to.equal('已批准');
    for (const id of ['wb-1', 'wb-2', 'wb-3']) await lab.run({ action: 'abort', callId: id });
  });

  it('in a 320 px column, dark: it wraps within the column, its buttons are 44 px under a coarse pointer, and axe finds nothing', async () => {
    const session = uniqueSession('narrow');
    const { host } = await mountHost(lab.url(session));
    // A dark page behind it, as a page that sets the dark theme has (the host paints no background).
    host.style.cssText = 'width: 320px; background: #1c1f24';
    host.theme = 'dark';
    await three(host, session, 'nb');
    const box = bar(host)!.getBoundingClientRect();
    expect(box.width).to.be.at.most(320);
    expect(bar(host)!.scrollWidth, 'nothing runs out of the bar').to.be.at.most(bar(host)!.clientWidth);
    for (const part of ['approve-all-button', 'reject-all-button'] as const) {
      const target = button(host, part).getBoundingClientRect();
      expect(target.right).to.be.at.most(box.right);
      expect(target.height, `${part} on a mouse`).to.be.below(44);
    }
    await expect(host).to.be.accessible();
    expect(asIfCoarsePointer(host)).to.be.greaterThan(0);
    for (const part of ['approve-all-button', 'reject-all-button'] as const) {
      const target = button(host, part).getBoundingClientRect();
      expect(Math.min(target.width, target.height), part).to.be.at.least(44 - 0.5);
    }
    for (const id of ['nb-1', 'nb-2', 'nb-3']) await lab.run({ action: 'abort', callId: id });
  });
});
