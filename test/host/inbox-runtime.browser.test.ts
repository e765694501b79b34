// <interaction-inbox> over a real WebSocket to a Node runtime (createAgentServer with `inbox`):
// a person sees the calls of the sessions they own and never another's, answers one from the
// inbox (the agent gets it, once), and sees one answered on its chat page leave as a receipt.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/entries/interaction-inbox.js';
import type { InteractionInbox } from '../../src/host/inbox/interaction-inbox.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { AgentLab } from '../support/agent.js';
import { inboxHarness } from '../support/harness/inbox.js';
import { hostHarness } from '../support/harness/host.js';
import { press } from '../support/keyboard.js';
import { mountHost, uniqueSession, waitForCard } from './support.js';

let lab: AgentLab;
before(async () => {
  lab = await AgentLab.start({ inbox: true });
});
after(() => lab.close());

describe('interaction-inbox with a Node runtime', () => {
  it("lists the person's own calls soonest first, never another's; an answer reaches the agent; a chat page's answer leaves a receipt", async () => {
    const [a, b, other] = [uniqueSession('inbox-a'), uniqueSession('inbox-b'), uniqueSession('inbox-other')];
    await lab.own(a, 'li.lei', '部署助手');
    await lab.own(b, 'li.lei', 'Data agent');
    await lab.own(other, 'wang.fang', '王芳的助手');
    const wrapper = await fixture<HTMLDivElement>(html`<div style="width: 390px"><interaction-inbox .storage=${new MemoryStorage()} src=${lab.inboxUrl('li.lei')}></interaction-inbox></div>`);
    const inbox = wrapper.querySelector('interaction-inbox') as InteractionInbox;
    const h = inboxHarness(inbox);
    await lab.call(a, 'request_user_approval', { title: '重启服务', message: '重启 staging 的 worker？', severity: 'medium' }, `${a}-1`, { timeoutSeconds: 300 });
    await lab.call(b, 'request_user_approval', { title: '删除快照', message: '删除 30 天前的快照？', severity: 'high' }, `${b}-1`, { timeoutSeconds: 120 });
    await lab.call(other, 'request_user_approval', { title: '不该出现', message: 'Not for li.lei' }, `${other}-1`, { timeoutSeconds: 60 });
    await waitUntil(() => h.rowIds().length === 2, `rows: ${h.rowIds().join(', ')}`, { interval: 10, timeout: 5000 });
    expect(h.rowIds()).to.deep.equal([`${b}-1`, `${a}-1`]);
    expect(h.rowText(`${b}-1`)).to.contain('Data agent 删除快照 高风险');
    expect(h.rowText(`${a}-1`)).to.contain('部署助手 重启服务 中风险');
    await expect(inbox).to.be.accessible();

    // Answered from the inbox: the agent's call resolves with the approval, and the row says so.
    h.row(`${a}-1`)!.focus();
    await press('Enter');
    await h.waitForCard();
    await h.approval().approve();
    await waitUntil(async () => (await lab.result(`${a}-1`)).status === 'resolved', 'the agent never got the answer', { interval: 20, timeout: 5000 });
    const outcome = await lab.result(`${a}-1`);
    expect((outcome.result as { interaction_response: { approved: boolean } }).interaction_response.approved).to.equal(true);
    await waitUntil(() => h.approval().receipt()?.includes('已批准'), 'no receipt in the card', { interval: 10, timeout: 5000 });
    await h.approval().receiptFocused();
    await press('Escape');
    await waitUntil(() => h.rowText(`${a}-1`).includes('已批准 在收件箱 · li.lei'), `row: ${h.rowText(`${a}-1`)}`, { interval: 10, timeout: 5000 });

    // Answered on its chat page: the inbox row becomes the chat's receipt.
    const { host } = await mountHost(lab.url(b));
    await waitForCard(host, `${b}-1`);
    await hostHarness(host).approval(`${b}-1`).reject();
    await waitUntil(() => h.rowText(`${b}-1`).includes('已拒绝 在对话中'), `row: ${h.rowText(`${b}-1`)}`, { interval: 10, timeout: 5000 });
    expect(h.text('count')).to.equal('0 项等待处理');
    await expect(inbox).to.be.accessible();
    await lab.run({ action: 'abort', callId: `${other}-1` });
  });
});
