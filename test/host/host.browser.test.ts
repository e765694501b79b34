import { expect, waitUntil } from '@open-wc/testing';
import type { ApprovalDialog } from '../../src/elements/approval-dialog/approval-dialog.js';
import { AgentLab } from '../support/agent.js';
import { card, mountHost, uniqueSession, waitForCard } from './support.js';
import { byPart, press, safariTabTo } from '../support/keyboard.js';
import { partIn } from '../support/card-harness.js';
import { hostHarness } from '../support/harness/host.js';
import { ShadowHarness } from '../support/harness/card.js';

describe('<interaction-host>', () => {
  let lab: AgentLab;
  before(async () => {
    lab = await AgentLab.start({ context: { channel: 'feishu', requester: 'deploy-bot' } });
  });
  after(() => lab.close());

  it('fires interaction-request, lets interaction-response bubble through once, fires tool-result', async () => {
    const session = uniqueSession('events');
    const { host } = await mountHost(lab.url(session));
    const seen: string[] = [];
    const origins: EventTarget[] = [];
    host.addEventListener('interaction-request', (e) => seen.push(`request:${e.detail.id}`));
    host.addEventListener('tool-result', (e) => seen.push(`result:${(e.detail as { call_id: string }).call_id}`));
    const onResponse = (e: Event) => origins.push(e.composedPath()[0]!);
    document.addEventListener('interaction-response', onResponse);
    await lab.call(session, 'request_user_approval', { message: 'Go?' }, 'e-1');
    const dialog = await waitForCard<ApprovalDialog>(host, 'e-1');
    partIn<HTMLButtonElement>(dialog.shadowRoot!, 'approve-button')!.click();
    await lab.result('e-1');
    expect(seen).to.deep.equal(['request:e-1', 'result:e-1']);
    document.removeEventListener('interaction-response', onResponse);
    expect(origins.length).to.equal(1, 'no second copy');
    expect(origins[0] === dialog).to.equal(true, 'the leaf event, unchanged');
  });

  it('shows who asks, announces each new request in a polite live region, and is accessible', async () => {
    const session = uniqueSession('a11y');
    const { host } = await mountHost(lab.url(session));
    await lab.call(session, 'request_user_input', { message: 'Which region?', title: 'Region', input_mode: 'choice', options: ['cn-north', 'cn-east'] }, 'a-1');
    const form = await waitForCard(host, 'a-1');
    expect(partIn(form.shadowRoot!, 'requester')!.textContent).to.contain('deploy-bot');
    const live = hostHarness(host).find('[aria-live="polite"]')!;
    expect(live.textContent).to.equal('新请求：Region');
    expect(partIn(host.shadowRoot!, 'connection')!.textContent).to.contain('已连接');
    await expect(host).to.be.accessible();
  });

  it('publish_artifacts: delivers through the page\'s deliver function and lists the files', async () => {
    const session = uniqueSession('artifacts');
    const delivered: string[] = [];
    const { host } = await mountHost(lab.url(session), {
      deliver: async (item) => {
        delivered.push(item.name);
        return { delivered: true };
      },
    });
    await lab.call(session, 'publish_artifacts', { items: [{ url: 'https://x.example/a.pdf' }, { path: '/tmp/b.png', size: 10 }], title: '报告' }, 'f-1');
    const outcome = await lab.result('f-1');
    expect((outcome.result as { content: string }).content).to.equal('已处理 2 个文件输出，feishu 成功 2，失败 0，跳过 0。');
    expect(delivered).to.deep.equal(['a.pdf', 'b.png']);
    const list = await waitForCard(host, 'f-1');
    await waitUntil(() => new ShadowHarness(list).findAll('.badge.delivered').length === 2);
    expect(partIn(list.shadowRoot!, 'title')!.textContent).to.equal('报告');
  });

  it('publish_artifacts on a channel without delivery: the model reads the refusal, the user still sees the files', async () => {
    const session = uniqueSession('desktop');
    const { host } = await mountHost(lab.url(session));
    await lab.call(session, 'publish_artifacts', { items: [{ url: 'https://x.example/a.pdf' }] }, 'f-2', { context: { channel: 'desktop' } });
    const outcome = await lab.result('f-2');
    expect(outcome.result).to.deep.equal({ error: 'publish_artifacts is not available for the current messaging channel.' });
    const list = await waitForCard(host, 'f-2');
    expect(partIn(list.shadowRoot!, 'name')!.textContent).to.equal('a.pdf');
    expect(partIn(list.shadowRoot!, 'delivery')!.textContent!.trim()).to.equal('仅列出');
  });

  it('a newer connection supersedes this one (4000): no retry on its own, and "continue here" takes it back', async () => {
    const session = uniqueSession('superseded');
    const first = await mountHost(lab.url(session));
    const changes: string[] = [];
    first.host.addEventListener('connection-change', (e) => changes.push(`${e.detail.state}${e.detail.superseded ? ':superseded' : ''}`));
    const second = await mountHost(lab.url(session));
    await waitUntil(() => partIn(first.host.shadowRoot!, 'superseded'), 'never showed superseded');
    expect(changes).to.deep.equal(['closed:superseded']);
    first.clock.advance(60_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(changes).to.deep.equal(['closed:superseded'], 'it does not retry by itself');
    // Reached as Safari's default Tab reaches it (form fields and written tab indexes only).
    await safariTabTo(byPart('take-back-button'));
    await press('Enter');
    await waitUntil(() => partIn(second.host.shadowRoot!, 'superseded'), 'the other page was not superseded');
    await first.connection.until('open');
    second.host.remove();
  });

  it('keeps the last receipt-limit receipts, so memory stays flat', async () => {
    const session = uniqueSession('limit');
    const { host } = await mountHost(lab.url(session));
    host.receiptLimit = 3;
    await host.updateComplete;
    for (let i = 0; i < 6; i += 1) {
      await lab.call(session, 'request_user_approval', { message: `#${i}` }, `l-${i}`);
      const dialog = await waitForCard<ApprovalDialog>(host, `l-${i}`);
      partIn<HTMLButtonElement>(dialog.shadowRoot!, 'approve-button')!.click();
      await lab.result(`l-${i}`);
    }
    await waitUntil(() => hostHarness(host).findAll('[data-id]').length === 3);
    expect(hostHarness(host).findAll('[data-id]').map((el) => el.getAttribute('data-id'))).to.deep.equal(['l-3', 'l-4', 'l-5']);
    expect(card(host, 'l-0')).to.equal(null);
  });

  it('a settled card is a flat receipt; a pending card keeps its shadow (test/host/receipt-blocks: which the browser skips off screen)', async () => {
    const session = uniqueSession('receipts');
    const { host } = await mountHost(lab.url(session));
    await lab.call(session, 'request_user_approval', { message: 'First' }, 'f-1');
    const first = await waitForCard<ApprovalDialog>(host, 'f-1');
    await lab.call(session, 'request_user_approval', { message: 'Second' }, 'f-2');
    const second = await waitForCard<ApprovalDialog>(host, 'f-2');
    partIn<HTMLButtonElement>(first.shadowRoot!, 'approve-button')!.click();
    await lab.result('f-1');
    await waitUntil(() => first.state === 'answered');
    await host.updateComplete;
    const shadowOf = (dialog: ApprovalDialog) => getComputedStyle(partIn(dialog.shadowRoot!, 'card')!).boxShadow;
    expect(shadowOf(first)).to.equal('none');
    expect(shadowOf(second) !== 'none').to.equal(true, 'the pending card is raised');
    await expect(host).to.be.accessible();
  });
});
