// Calm until it matters, for approvals and artifacts, through the keyboard and the
// pointer: the rejection note behind 添加理由, one badge style, a desktop list
// said once and marked neutrally, every delivery code in words, and focus kept after 加载预览.
import { expect, fixture, nextFrame, waitUntil } from '@open-wc/testing';
import '../../../src/entries/approval-dialog.js';
import '../../../src/entries/artifact-list.js';
import '../../../src/entries/interaction-host.js';
import type { ApprovalDialog } from '../../../src/elements/approval-dialog/approval-dialog.js';
import type { ArtifactList } from '../../../src/elements/artifact-list/artifact-list.js';
import type { InteractionHost } from '../../../src/host/interaction-host.js';
import { artifactStrings, reasonText } from '../../../src/i18n/artifacts.js';
import type { DeliveryResult, FilePart } from '../../../src/protocol/results.js';
import { filePart } from '../../../src/rules/artifacts/deliver.js';
import { DELIVERY_REASONS } from '../../../src/rules/artifacts/reasons.js';
import { toArtifact } from '../../../src/rules/artifacts/prepare.js';
import { normalizeApproval } from '../../../src/rules/normalize.js';
import { MemoryStorage } from '../../../src/session/storage.js';
import { FakeClock } from '../../support/fake-clock.js';
import { foreignOrigin } from '../../support/requests.js';
import { byPart, byText, deepActiveElement, press, startBefore, tabTo, type } from '../../support/keyboard.js';
import { ScriptedTransport } from '../../support/scripted-transport.js';
import { mountCard, partIn, partSelector, partsIn } from '../../support/card-harness.js';
import { hostHarness } from '../../support/harness/host.js';

const ids = { request_id: 'calm-1', session_id: 's' };

const approval = (args: Record<string, unknown> = { message: 'Restart the worker?' }, locale = 'zh-CN') =>
  mountCard<ApprovalDialog>(normalizeApproval(args, ids), { attrs: `locale=${locale}` });

describe('the rejection note sits behind 添加理由', () => {
  it('reject stays one click, with no note shown before the decision', async () => {
    const { el, events, part } = await approval();
    expect(part('note')).to.equal(null);
    expect(part('add-reason-button')!.textContent!.trim()).to.equal('添加理由');
    await expect(el).to.be.accessible();
    part('reject-button')!.click();
    expect(events.map((e) => [e.approved, e.text])).to.deep.equal([[false, '']]);
  });

  it('keyboard: 添加理由 opens the note; Enter adds a line, Ctrl+Enter rejects with it', async () => {
    const { el, events, part } = await approval({ message: 'Restart the worker?' }, 'en');
    await startBefore(el);
    await tabTo(byPart('add-reason-button'));
    expect(deepActiveElement()!.textContent!.trim()).to.equal('Add a reason');
    await press('Enter');
    await el.updateComplete;
    const note = part('note') as HTMLTextAreaElement;
    expect(deepActiveElement()).to.equal(note);
    expect(note.labels[0]!.textContent!.trim()).to.equal('Reason (optional)');
    await expect(el).to.be.accessible();
    await type('not now');
    await press('Enter');
    await type('after the release');
    expect(events, 'Enter adds a line').to.have.length(0);
    expect(note.value).to.equal('not now\nafter the release');
    // An input method composing: Ctrl+Enter belongs to it.
    note.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, isComposing: true, bubbles: true, composed: true, cancelable: true }));
    expect(events).to.have.length(0);
    await press('Control+Enter');
    expect(events.map((e) => [e.approved, e.text])).to.deep.equal([[false, 'not now\nafter the release']]);
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });

  it('Cmd+Enter rejects too', async () => {
    const { el, events, part } = await approval();
    part('add-reason-button')!.click();
    await el.updateComplete;
    expect(deepActiveElement()).to.equal(part('note'));
    await type('x');
    await press('Meta+Enter');
    expect(events.map((e) => [e.approved, e.text])).to.deep.equal([[false, 'x']]);
  });
});

describe('one badge style for low, medium and high', () => {
  for (const [locale, labels] of [['en', ['Low risk', 'Medium risk', 'High risk']], ['zh-CN', ['低风险', '中风险', '高风险']]] as const) {
    it(`${locale}: ${labels.join(', ')}, as written`, async () => {
      const shown: string[] = [];
      for (const severity of ['low', 'medium', 'high']) {
        const { part } = await approval({ message: 'm', severity }, locale);
        shown.push(part('severity')!.innerText.trim());
      }
      expect(shown).to.deep.equal(labels);
    });
  }
});

const FOREIGN = foreignOrigin(7);
const skipped = (artifact: Record<string, unknown>, reason: string = DELIVERY_REASONS.noDeliver): FilePart =>
  filePart(toArtifact(artifact)!, 'auto', { state: 'skipped', reason });
const failed = (name: string, reason: string): FilePart => filePart(toArtifact({ path: `/out/${name}` })!, 'feishu', { state: 'failed', reason });

describe('artifacts on a channel that delivers nothing', () => {
  it('say "not available on this channel" once, and mark each row 仅列出 / Listed, neutrally', async () => {
    const transport = new ScriptedTransport();
    const host = (await fixture('<interaction-host></interaction-host>')) as InteractionHost;
    host.clock = new FakeClock();
    host.storage = new MemoryStorage();
    host.transport = transport;
    await host.updateComplete;
    transport.deliver(JSON.stringify({ v: 1, type: 'hello', session_id: 'desk', context: { channel: 'desktop' } }));
    transport.deliver(JSON.stringify({ v: 1, type: 'tool_call', call_id: 'f', tool: 'publish_artifacts', arguments: { items: [{ path: '/tmp/report.pdf' }, { path: '/tmp/chart.png' }, { url: 'https://example.com/a.csv' }] } }));
    const view = hostHarness(host);
    await waitUntil(() => view.find('artifact-list'), 'no list');
    const artifacts = view.artifacts();
    const list = artifacts.el;
    await list.updateComplete;
    const root = list.shadowRoot!;
    const says = root.textContent!.split('当前渠道不支持发送文件').length - 1;
    expect(says, 'said once').to.equal(1);
    const badges = partsIn(root, 'delivery');
    expect(badges.map((b) => b.textContent!.trim())).to.deep.equal(['仅列出', '仅列出', '仅列出']);
    expect(badges.every((b) => b.classList.contains('listed') && !b.classList.contains('skipped') && !b.classList.contains('failed'))).to.equal(true);
    expect(artifacts.findAll(`.reason, ${partSelector('reason-code')}`)).to.have.length(0);
    await expect(list).to.be.accessible();
    list.locale = 'en';
    await list.updateComplete;
    expect(partIn(root, 'summary')!.textContent).to.contain('Not available on this channel');
    expect(partIn(root, 'delivery')!.textContent!.trim()).to.equal('Listed');
  });
});

describe('every delivery code the kit knows reads as a sentence', () => {
  const known = [
    DELIVERY_REASONS.noDeliver, DELIVERY_REASONS.noNativeUpload, DELIVERY_REASONS.imageTooLarge, DELIVERY_REASONS.fileTooLarge,
    DELIVERY_REASONS.failed, DELIVERY_REASONS.notAvailable, 'upload_file_failed:network_timeout', 'upload_image_failed:timeout', 'send_markdown_failed:timeout',
  ];
  for (const locale of ['zh-CN', 'en'] as const) {
    it(`${locale}: no code shows raw; an unknown one shows as a detail beside the sentence`, async () => {
      const strings = artifactStrings[locale];
      for (const code of known) {
        const { text, code: detail } = reasonText(strings, code);
        expect(detail, code).to.equal(undefined);
        expect(text, code).to.match(/^[^_()（）]+$/);
      }
      const items = [...known.map((code, i) => failed(`f${i}.txt`, code)), failed('q.txt', 'upload_file_failed:quota_exhausted'), failed('z.txt', 'zz_unknown')];
      const delivery: DeliveryResult = {
        feishu: { ok: false, enabled: true, reason: '', success: [], skipped: [], failed: items.map((item) => ({ name: item.name, reason: item.delivery_reason })) },
      };
      const el = (await fixture(`<artifact-list locale=${locale}></artifact-list>`)) as ArtifactList;
      el.items = items;
      el.delivery = delivery;
      await el.updateComplete;
      const rows = partsIn(el.shadowRoot!, 'item');
      rows.slice(0, known.length).forEach((row, i) => {
        expect(row.querySelector('.reason')!.textContent, known[i]).to.not.match(/[_]/);
        expect(partIn(row, 'reason-code'), known[i]).to.equal(null);
      });
      const [quota, unknown] = rows.slice(known.length);
      expect(quota!.querySelector('.reason')!.textContent!.trim()).to.equal(strings.reasons.upload_file_failed);
      expect(partIn(quota!, 'reason-code')!.textContent!.trim()).to.equal('quota_exhausted');
      expect(partIn(unknown!, 'reason-code')!.textContent!.trim()).to.equal('zz_unknown');
      expect(partIn(unknown!, 'delivery')!.textContent!.trim()).to.equal(strings.artifacts.failed);
      await expect(el).to.be.accessible();
    });
  }
});

describe('加载预览 keeps the focus', () => {
  it('Enter on 加载预览 moves focus to the preview it loaded, never to <body>', async () => {
    const el = (await fixture('<artifact-list></artifact-list>')) as ArtifactList;
    el.items = [skipped({ url: `${FOREIGN}/photo.png`, subtype: 'image' })];
    await el.updateComplete;
    await startBefore(el);
    await tabTo(byText('加载预览'));
    await press('Enter');
    await el.updateComplete;
    await nextFrame();
    expect(document.activeElement).to.not.equal(document.body);
    const active = deepActiveElement()!;
    expect(active.getAttribute('part')).to.equal('preview');
    expect(active.querySelector('img')!.alt).to.contain('photo.png');
    await expect(el).to.be.accessible();
  });
});
