// Session grants through the page, against a real Node runtime over a real
// WebSocket: the grant given by a click on the card, the next call with its key answered by the
// runtime and shown as a receipt only, the 本会话授权 menu revoking it, and the next call asking again.
import { expect, nextFrame, waitUntil } from '@open-wc/testing';
import type { ApprovalDialog } from '../../src/elements/approval-dialog/approval-dialog.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import type { RequestEntry } from '../../src/session/session.js';
import { AgentLab } from '../support/agent.js';
import { partIn } from '../support/card-harness.js';
import { deepActiveElement, press } from '../support/keyboard.js';
import { asIfCoarsePointer } from '../support/media.js';
import { card, mountHost, uniqueSession, waitForCard } from './support.js';
import { hostHarness } from '../support/harness/host.js';
import { CardHarness } from '../support/harness/card.js';

const KUBECTL = { key: 'shell:kubectl get', label: 'kubectl get …' };
const GIT = { key: 'shell:git status', label: 'git status' };
const LOW = { title: 'Run a command', message: 'List the pods in staging?', severity: 'low', details: '$ kubectl get pods -n staging' };

const hostPart = (host: InteractionHost, name: string) => partIn(host.shadowRoot!, name);
const outcome = (el: Element) => new CardHarness(el).receipt();
/** Whether the menu's list is open (its <details>). */
const open = (host: InteractionHost) => (hostPart(host, 'grants-button')!.parentElement as HTMLDetailsElement).open;
const live = (host: InteractionHost) => hostHarness(host).announcement().trim();
/** The receipt takes focus at the next frame; a row's focus moves once the list re-rendered. */
const frames = async () => {
  await nextFrame();
  await nextFrame();
};

describe('<interaction-host> and session grants', () => {
  let lab: AgentLab;
  before(async () => {
    lab = await AgentLab.start();
  });
  after(() => lab.close());

  /** A call offering `grant`, allowed for the session by a click on its card. */
  async function give(host: InteractionHost, session: string, id: string, grant = KUBECTL): Promise<ApprovalDialog> {
    await lab.call(session, 'request_user_approval', LOW, id, { grant });
    const el = await waitForCard<ApprovalDialog>(host, id);
    partIn(el.shadowRoot!, 'grant-button')!.click();
    expect((await lab.result(id)).status).to.equal('resolved');
    await waitUntil(() => host.grants.some((g) => g.key === grant.key), 'the grant listed on the page');
    return el;
  }

  /** A host on a new session with the KUBECTL grant given on call g-1's card. */
  async function withGrant(name: string): Promise<{ host: InteractionHost; session: string; first: ApprovalDialog }> {
    const session = uniqueSession(name);
    const { host } = await mountHost(lab.url(session));
    expect(hostPart(host, 'grants-button') === null, 'no menu without a grant').to.equal(true);
    const first = await give(host, session, 'g-1');
    return { host, session, first };
  }

  /** Opens the menu by the keyboard and revokes its one grant with 撤销. */
  async function revokeOnly(host: InteractionHost): Promise<void> {
    hostPart(host, 'grants-button')!.focus();
    await press('Enter');
    await press('Tab');
    await press('Enter');
    await waitUntil(() => host.grants.length === 0, 'the runtime listed none');
    await frames();
  }

  it('given on the card: the result says so, the runtime and the page list the grant, the receipt and the menu say it', async () => {
    const { host, session, first } = await withGrant('grant-given');
    const sent = (await lab.received(session)).find((m) => m.type === 'tool_result' && m.call_id === 'g-1')!;
    expect(sent.grant).to.equal('session');
    expect((sent.result as { content: string }).content).to.equal('用户已批准操作。');
    expect((await lab.grants(session)).map((g) => [g.key, g.label])).to.deep.equal([[KUBECTL.key, KUBECTL.label]]);
    expect(host.grants.map((g) => [g.key, g.label])).to.deep.equal([[KUBECTL.key, KUBECTL.label]]);
    await waitUntil(() => first.state === 'answered', 'acked');
    expect(outcome(first)).to.equal('已批准 · 本会话内允许');
    expect(hostPart(host, 'grants-button')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('本会话授权 1');
  });

  it('honoured without a card: the runtime answers the same key, the page shows a one-line receipt, never a card', async () => {
    const { host, session } = await withGrant('grant-honoured');
    const arrivals: RequestEntry[] = [];
    host.addEventListener('interaction-request', (event) => arrivals.push(event.detail.entry as RequestEntry));
    await lab.call(session, 'request_user_approval', LOW, 'g-2', { grant: KUBECTL });
    const honoured = await lab.result('g-2');
    expect(honoured.status).to.equal('resolved');
    expect((honoured.result as { interaction_response: { approved: boolean } }).interaction_response.approved).to.equal(true);
    const receipt = await waitForCard<ApprovalDialog>(host, 'g-2');
    expect(arrivals.map((entry) => [entry.id, entry.granted, entry.phase === 'pending'])).to.deep.equal([['g-2', true, false]]);
    expect(partIn(receipt.shadowRoot!, 'actions') === null, 'no form').to.equal(true);
    expect(outcome(receipt)).to.equal('已按本会话授权自动批准');
    expect(new CardHarness(receipt).find('.badge')?.textContent, 'not shown as sending').to.not.equal('正在提交…');
    await waitUntil(async () => (await lab.received(session)).some((m) => m.type === 'tool_result' && m.call_id === 'g-2'), 'the receipt answered');
    await waitUntil(() => receipt.state === 'answered', 'acked');
    expect(outcome(receipt)).to.equal('已按本会话授权自动批准');
    expect(partIn(receipt.shadowRoot!, 'card')!.getBoundingClientRect().height).to.be.at.most(48);
    await expect(host).to.be.accessible();
  });

  it('revoked from the menu by the keyboard: 撤销 reached by Tab, announced, focus on the menu, which stays at 0', async () => {
    const { host, session } = await withGrant('grant-revoked');
    // Revoke from the menu, with the keyboard: its summary opens the list.
    const summary = hostPart(host, 'grants-button')!;
    expect(summary.localName).to.equal('summary');
    summary.focus();
    await press('Enter');
    expect(open(host), 'opened by Enter').to.equal(true);
    const row = hostPart(host, 'grant')!;
    expect(row.textContent!.replace(/\s+/g, ' ').trim()).to.equal('kubectl get … 撤销');
    // Its list is named in the card's words for what a grant allows.
    expect(row.closest('ul')!.getAttribute('aria-labelledby')).to.equal('grants-caption');
    expect(host.shadowRoot!.getElementById('grants-caption')!.textContent).to.equal('本会话内不再询问：');
    await expect(host).to.be.accessible();
    await press('Tab');
    expect(deepActiveElement() === hostPart(host, 'revoke-button'), 'Tab reaches 撤销').to.equal(true);
    await press('Enter');
    await waitUntil(() => host.grants.length === 0, 'the runtime listed none');
    await frames();
    expect(await lab.grants(session)).to.deep.equal([]);
    expect(live(host)).to.equal('已撤销授权：kubectl get …');
    // The last grant went: focus on the menu's summary; the menu stays for the session, at 0.
    expect(deepActiveElement() === hostPart(host, 'grants-button'), `focus on the menu, not ${deepActiveElement()?.localName}`).to.equal(true);
    expect(hostPart(host, 'grants-button')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('本会话授权 0');
    expect(hostPart(host, 'grants')!.textContent!.trim()).to.equal('本会话没有授权了');
    await expect(host).to.be.accessible();
    await press('Tab');
    await frames();
    await host.updateComplete;
    expect(hostPart(host, 'grants-button')!.textContent!.replace(/\s+/g, ' ').trim(), 'still there once focus left it').to.equal('本会话授权 0');
  });

  it('once revoked, the next call with the key asks again; another session on the same host has no menu', async () => {
    const { host, session } = await withGrant('grant-again');
    await revokeOnly(host);
    expect(await lab.grants(session)).to.deep.equal([]);
    // Revoked: the next call with the key asks again.
    await lab.call(session, 'request_user_approval', LOW, 'g-3', { grant: KUBECTL });
    const again = await waitForCard<ApprovalDialog>(host, 'g-3');
    expect(again.state).to.equal('pending');
    expect(partIn(again.shadowRoot!, 'grant-button') !== null, 'offered again').to.equal(true);
    partIn(again.shadowRoot!, 'approve-button')!.click();
    expect((await lab.result('g-3')).status).to.equal('resolved');
    expect(await lab.grants(session)).to.deep.equal([]);

    // Another session on the same host: its menu shows once it has a grant of its own.
    host.src = lab.url(uniqueSession('grant-next'));
    await host.updateComplete;
    await waitUntil(() => hostPart(host, 'connection')?.classList.contains('state-open'), 'the next session never connected');
    expect(hostPart(host, 'grants-button') === null, 'no menu for the next session').to.equal(true);
  });

  it('revoking one of two: focus moves to the menu\'s summary, the list open; Enter there closes it', async () => {
    const session = uniqueSession('grant-two');
    const { host } = await mountHost(lab.url(session));
    await give(host, session, 't-1', KUBECTL);
    await give(host, session, 't-2', GIT);
    await host.updateComplete;
    expect(hostPart(host, 'grants-button')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('本会话授权 2');
    hostPart(host, 'grants-button')!.click();
    await host.updateComplete;
    const rows = () => hostHarness(host).parts('grant').map((row) => row.querySelector('bdi')!.textContent);
    expect(rows()).to.deep.equal(['kubectl get …', 'git status']);
    const revokes = () => hostHarness(host).parts('revoke-button');
    revokes()[0]!.focus();
    await press('Enter');
    await waitUntil(() => host.grants.length === 1, 'one left');
    await frames();
    expect(rows()).to.deep.equal(['git status']);
    expect(deepActiveElement() === hostPart(host, 'grants-button'), `focus on the summary, not ${deepActiveElement()?.localName}`).to.equal(true);
    expect(open(host), 'the list stays open').to.equal(true);
    expect(hostPart(host, 'grants-button')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('本会话授权 1');
    expect(live(host)).to.equal('已撤销授权：kubectl get …');
    await press('Enter');
    expect(open(host), 'closed by Enter').to.equal(false);
    expect((await lab.grants(session)).map((g) => g.key)).to.deep.equal([GIT.key]);
  });

  it('in grilling mode no grant is offered: not by the runtime, nor when a runtime sends one anyway', async () => {
    const session = uniqueSession('grant-grill');
    const { host } = await mountHost(lab.url(session));
    await lab.call(session, 'request_user_approval', LOW, 'gr-1', { grant: KUBECTL, context: { run_mode: 'grilling' } });
    await lab.run({ action: 'send', session, message: { v: 1, type: 'tool_call', call_id: 'gr-2', tool: 'request_user_approval', arguments: LOW, context: { run_mode: 'grilling' }, grant: KUBECTL } });
    for (const id of ['gr-1', 'gr-2']) {
      const el = await waitForCard<ApprovalDialog>(host, id);
      expect(partIn(el.shadowRoot!, 'approve-button') !== null, `${id}: a card`).to.equal(true);
      expect(partIn(el.shadowRoot!, 'grant-button') === null, `${id}: no grant`).to.equal(true);
    }
  });

  it('English and dark, the list open: named in the host\'s language, accessible; 44 px targets under a coarse pointer', async () => {
    const session = uniqueSession('grant-en');
    const { host } = await mountHost(lab.url(session));
    host.locale = 'en';
    host.theme = 'dark';
    await give(host, session, 'e-1');
    await host.updateComplete;
    expect(outcome(card(host, 'e-1')!)).to.equal('Approved for this session');
    hostPart(host, 'grants-button')!.click();
    await host.updateComplete;
    expect(hostPart(host, 'grants-button')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Session grants 1');
    expect(hostPart(host, 'revoke-button')!.textContent!.trim()).to.equal('Revoke');
    // On a page as dark as the cards (the host draws no background of its own).
    host.style.background = '#1c1f24';
    await expect(host).to.be.accessible();
    host.style.background = '';
    host.theme = 'light';
    await host.updateComplete;
    await expect(host).to.be.accessible();
    asIfCoarsePointer(host);
    for (const name of ['grants-button', 'revoke-button']) {
      const box = hostPart(host, name)!.getBoundingClientRect();
      expect(Math.min(box.width, box.height), name).to.be.at.least(43.5);
    }
  });

  it('in a 320 px column the menu and the connection share the row; the open list and the receipts fit', async () => {
    const session = uniqueSession('grant-narrow');
    const { host } = await mountHost(lab.url(session));
    host.style.width = '320px';
    await give(host, session, 'n-1', { key: 'k', label: 'kubectl get pods, services and deployments in every namespace' });
    await host.updateComplete;
    const button = hostPart(host, 'grants-button')!.getBoundingClientRect();
    const connection = hostPart(host, 'connection')!.getBoundingClientRect();
    expect(connection.top).to.be.below(button.bottom);
    expect(connection.left).to.be.at.least(button.right);
    hostPart(host, 'grants-button')!.click();
    await host.updateComplete;
    const hostBox = host.getBoundingClientRect();
    const open = hostPart(host, 'connection')!.getBoundingClientRect();
    expect([open.top, open.left], 'the connection stays where it was').to.deep.equal([connection.top, connection.left]);
    expect(hostPart(host, 'grants')!.getBoundingClientRect().top, 'the list under both').to.be.at.least(Math.max(button.bottom, connection.bottom));
    // Its receipt's one line (已批准 · 本会话内允许 and the time) is cut short, never widening the column.
    const receipt = partIn(card(host, 'n-1')!.shadowRoot!, 'receipt-heading')!.getBoundingClientRect();
    expect(receipt.right, 'the receipt').to.be.at.most(hostBox.right + 0.5);
    for (const name of ['grant', 'revoke-button']) {
      const box = hostPart(host, name)!.getBoundingClientRect();
      expect(box.right, name).to.be.at.most(hostBox.right + 0.5);
      expect(box.left, name).to.be.at.least(hostBox.left - 0.5);
    }
  });
});
