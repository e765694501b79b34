// Retry of a failed artifact delivery: under the host, a file that the page's `deliver` failed to
// send offers 重试 / Retry; a new attempt of that file only runs, its outcome replaces the old one
// in the card's files and delivery_result, and the runtime hears nothing more (the tool result
// it acked stands). Real WebSocket runtime, real key presses, axe in every state.
import { expect, waitUntil } from '@open-wc/testing';
import type { ArtifactList } from '../../src/elements/artifact-list/artifact-list.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import type { DeliverOutcome } from '../../src/rules/artifacts/deliver.js';
import { AgentLab } from '../support/agent.js';
import { deepActiveElement, press, startBefore, tabTo } from '../support/keyboard.js';
import { mountHost, uniqueSession, waitForCard } from './support.js';
import { partIn } from '../support/card-harness.js';
import { hostHarness } from '../support/harness/host.js';
import { ArtifactsHarness } from '../support/harness/artifacts.js';

/** The accessible name of a control named by its text (a button's, or a plain element's). */
const nameOf = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
const buttonNamed = (name: string) => (el: Element) => el instanceof HTMLButtonElement && nameOf(el) === name;
/** The host's buttons (the slotted Retry among them), by role and name. */
const buttons = (host: InteractionHost, name: string) => hostHarness(host).findAll('button').filter(buttonNamed(name));
const badge = (list: ArtifactList, file: string) =>
  new ArtifactsHarness(list).rowPart(file, 'delivery')!.textContent!.trim();
const live = (host: InteractionHost) => hostHarness(host).announcement();

/** A deliver whose answers the test gives: the first attempt from `first`, each later one when the test says. */
function scriptedDeliver(first: Record<string, DeliverOutcome>) {
  const calls: string[] = [];
  const later: ((outcome: DeliverOutcome) => void)[] = [];
  const deliver = (item: { name: string }) => {
    const attempt = calls.filter((name) => name === item.name).length;
    calls.push(item.name);
    if (attempt === 0) return Promise.resolve(first[item.name] ?? { delivered: true });
    return new Promise<DeliverOutcome>((resolve) => later.push(resolve));
  };
  return { deliver, calls, answer: (outcome: DeliverOutcome) => later.shift()!(outcome) };
}

describe('<interaction-host> Retry of a failed delivery', function () {
  this.timeout(30_000);
  let lab: AgentLab;
  before(async () => {
    lab = await AgentLab.start({ context: { channel: 'feishu' } });
  });
  after(() => lab.close());

  async function publish(first: Record<string, DeliverOutcome>, locale?: string) {
    const session = uniqueSession('retry');
    const script = scriptedDeliver(first);
    const { host } = await mountHost(lab.url(session), { deliver: script.deliver });
    if (locale) host.setAttribute('locale', locale);
    await lab.call(session, 'publish_artifacts', { items: [{ path: '/out/a.pdf', size: 10 }, { path: '/out/b.pdf', size: 20 }] }, 'r-1');
    const outcome = await lab.result('r-1');
    const list = await waitForCard<ArtifactList>(host, 'r-1');
    await waitUntil(() => badge(list, 'b.pdf') !== '发送中…' && badge(list, 'b.pdf') !== 'Sending…', 'never delivered');
    return { session, host, list, outcome, ...script };
  }

  it('a failed file offers Retry (by keyboard): only it is sent again, its outcome replaces the old one, focus moves to the note, the runtime hears nothing more', async () => {
    const { session, host, list, outcome, calls, answer } = await publish({ 'b.pdf': { delivered: false, reason: 'upload_file_failed:network_timeout' } });
    expect((outcome.result as { content: string }).content).to.equal('已处理 2 个文件输出，feishu 成功 1，失败 1，跳过 0。');
    expect(buttons(host, '重试 b.pdf'), 'Retry under the failed file').to.have.length(1);
    expect(buttons(host, '重试 a.pdf'), 'none under the delivered one').to.have.length(0);
    await expect(host).to.be.accessible();

    await startBefore(host);
    await tabTo(buttonNamed('重试 b.pdf'));
    await press('Enter');
    await waitUntil(() => buttons(host, '正在重试… b.pdf').length === 1, 'never shown as retrying');
    const busy = buttons(host, '正在重试… b.pdf')[0]!;
    expect(busy.getAttribute('aria-disabled')).to.equal('true');
    expect(deepActiveElement(), 'focus stays on the same button').to.equal(busy);
    await press('Enter'); // a second press while it runs starts nothing
    expect(calls).to.deep.equal(['a.pdf', 'b.pdf', 'b.pdf']);
    await expect(host).to.be.accessible();

    answer({ delivered: true, type: 'file' });
    await waitUntil(() => badge(list, 'b.pdf') === '已发送到飞书', 'the retried file never read as sent');
    await waitUntil(() => nameOf(deepActiveElement() ?? document.body) === '已重新发送', 'focus fell to the page');
    expect(buttons(host, '正在重试… b.pdf').length + buttons(host, '重试 b.pdf').length).to.equal(0);
    expect(live(host)).to.equal('已重新发送：b.pdf');
    expect(nameOf(partIn(list.shadowRoot!, 'summary')!)).to.equal('飞书：已发送 2 · 失败 0 · 未发送 0');
    const entry = host.interactionSession!.list().find((e) => e.id === 'r-1')!;
    expect(entry.kind === 'artifacts' && entry.delivery).to.deep.equal({
      feishu: { ok: true, enabled: true, reason: 'success=2 failed=0 skipped=0', success: [{ name: 'a.pdf', type: 'file' }, { name: 'b.pdf', type: 'file' }], failed: [], skipped: [] },
    });
    await expect(host).to.be.accessible();
    const results = (await lab.received(session)).filter((m) => m.type === 'tool_result');
    expect(results, 'one tool result, the first').to.have.length(1);
  });

  it('a retry that fails again keeps Retry, and focus on it, with the new reason; English names', async () => {
    const { host, list, answer } = await publish({ 'a.pdf': { delivered: false, reason: 'upload_file_failed:network_timeout' } }, 'en');
    await startBefore(host);
    await tabTo(buttonNamed('Retry a.pdf'));
    await press('Space');
    await waitUntil(() => buttons(host, 'Retrying… a.pdf').length === 1);
    const button = buttons(host, 'Retrying… a.pdf')[0]!;
    answer({ delivered: false, reason: 'upload_file_failed:quota' });
    await waitUntil(() => live(host) === 'Retry failed: a.pdf', 'the failure never announced');
    await host.updateComplete;
    expect(buttons(host, 'Retry a.pdf')[0], 'the same button, ready again').to.equal(button);
    expect(button.hasAttribute('aria-disabled')).to.equal(false);
    expect(deepActiveElement()).to.equal(button);
    expect(badge(list, 'a.pdf')).to.equal('Failed');
    expect(partIn(list.shadowRoot!, 'reason-code')?.textContent).to.contain('quota');
    await expect(host).to.be.accessible();
  });

  it('no Retry without the page\'s deliver, for a size limit, or for a result the runtime delivered itself', async () => {
    const session = uniqueSession('retry-none');
    const { host } = await mountHost(lab.url(session), { deliver: async () => ({ delivered: false }) });
    await lab.call(session, 'publish_artifacts', { items: [{ path: '/out/huge.zip', size: 31 * 1_048_576 }, { path: '/out/d.pdf', size: 1 }] }, 'n-1');
    await lab.result('n-1');
    await waitForCard(host, 'n-1');
    await waitUntil(() => host.interactionSession!.list().some((e) => e.id === 'n-1' && e.kind === 'artifacts' && e.phase === 'delivered'));
    await host.updateComplete;
    expect(buttons(host, '重试 huge.zip'), 'a size limit: trying again changes nothing').to.have.length(0);
    expect(buttons(host, '重试 d.pdf'), 'what deliver failed').to.have.length(1);
    const failed = { type: 'file', subtype: '', name: 'c.pdf', path: '/out/c.pdf', url: '', mime: '', size: null, caption: '', audience: 'auto', artifact_source: 'publish_artifacts', delivered: false, delivery_reason: 'upload_file_failed:network_timeout' };
    await lab.run({
      action: 'send', session,
      message: { v: 1, type: 'tool_result', call_id: 'n-2', tool: 'publish_artifacts', result: {
        source_tool: 'publish_artifacts', content: '已处理 1 个文件输出，feishu 成功 0，失败 1，跳过 0。',
        content_parts: [{ type: 'tool_event', tool_name: 'publish_artifacts', status: 'completed', summary: 'Prepared 1 artifact(s) for delivery.' }, failed],
        delivery_result: { feishu: { ok: false, enabled: true, reason: 'success=0 failed=1 skipped=0', success: [], failed: [{ name: 'c.pdf', reason: 'upload_file_failed:network_timeout' }], skipped: [] } },
      } },
    });
    await waitForCard(host, 'n-2');
    await host.updateComplete;
    expect(buttons(host, '重试 c.pdf'), 'the runtime holds those credentials, not the page').to.have.length(0);
    host.deliver = undefined;
    await host.updateComplete;
    expect(buttons(host, '重试 d.pdf'), 'the page took its deliver away').to.have.length(0);
  });
});
