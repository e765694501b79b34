import { expect } from '@open-wc/testing';
import '../../../src/entries/artifact-list.js';
import type { DeliveryResult, FilePart } from '../../../src/protocol/results.js';
import { filePart } from '../../../src/rules/artifacts/deliver.js';
import { toArtifact } from '../../../src/rules/artifacts/prepare.js';
import { golden } from '../../support/golden.js';
import { foreignOrigin, startRecordingRequests, stopRecordingRequests } from '../../support/requests.js';
import { mountArtifacts, partIn } from '../../support/card-harness.js';

async function mount(items: FilePart[], delivery?: DeliveryResult, attrs = '') {
  const list = await mountArtifacts(items, delivery, attrs);
  return { ...list, rows: list.rows() };
}

const deliveredCases = golden.tool_cases.filter((c) => c.tool === 'publish_artifacts' && c.result && !('error' in c.result));
const parts = (result: Record<string, unknown>) => (result.content_parts as FilePart[]).slice(1);
const image = (url: string) => filePart(toArtifact({ url, subtype: 'image' })!, 'auto', { state: 'skipped', reason: 'delivery_skipped_missing_runtime_target_or_credentials' });

describe('<artifact-list>', () => {
  for (const c of deliveredCases) {
    it(`${c.name}: one row per item, its delivery state read only from the result`, async () => {
      const items = parts(c.result!);
      const delivery = c.result!.delivery_result as DeliveryResult;
      const { rows, root } = await mount(items, delivery);
      expect(rows).to.have.length(items.length);
      const summary = Object.values(delivery)[0]!;
      // The result's own summary says which items failed and which were skipped, by name.
      const failed = summary.failed.map((f) => f.name);
      const where = { feishu: '飞书', dingtalk: '钉钉', wecom: '企业微信' }[Object.keys(delivery)[0]!]!;
      items.forEach((item, i) => {
        const badge = partIn(rows[i]!, 'delivery')!;
        expect(partIn(rows[i]!, 'name')!.textContent).to.equal(item.name);
        // What was delivered says where; a local path beside it is not called "local only".
        const expected = item.delivered ? `已发送到${where}` : failed.includes(item.name) ? '发送失败' : '未发送';
        expect(badge.textContent!.trim(), item.name).to.equal(expected);
        const localOnly = [...rows[i]!.querySelectorAll('.path .badge')].some((mark) => mark.textContent === '仅本地');
        expect(localOnly, `${item.name}: 仅本地`).to.equal(item.path !== '' && !item.delivered);
        if (!item.delivered) expect(rows[i]!.querySelector('.reason')!.textContent).to.not.equal('');
      });
      expect(partIn(root, 'summary')!.textContent).to.contain(`已发送 ${summary.success.length}`);
      expect(root.querySelectorAll('.badge.delivered')).to.have.length(summary.success.length);
      expect(root.querySelectorAll('.badge.failed')).to.have.length(summary.failed.length);
      expect(root.querySelectorAll('.badge.skipped')).to.have.length(summary.skipped.length);
    });
  }

  it('translates reason codes into readable sentences', async () => {
    const c = deliveredCases.find((x) => x.name === 'artifacts-feishu-delivered-and-oversize')!;
    const { rows } = await mount(parts(c.result!), c.result!.delivery_result as DeliveryResult, 'locale="en"');
    expect(rows[2]!.querySelector('.reason')!.textContent).to.equal('File over 30 MB: too large to upload');
    expect(rows[2]!.querySelector('.details')!.textContent).to.contain('40 MB');
  });

  it('opens safe URLs in a new tab without an opener; never links an unsafe one', async () => {
    const safe = image('https://x.example/r.png');
    const forged: FilePart = { ...safe, name: 'evil', url: 'javascript:alert(1)' };
    const { rows } = await mount([safe, forged]);
    const link = rows[0]!.querySelector('a')!;
    expect(link.getAttribute('href')).to.equal('https://x.example/r.png');
    expect(link.target).to.equal('_blank');
    expect(link.rel).to.equal('noopener noreferrer');
    expect(rows[1]!.querySelector('a')).to.equal(null);
  });

  it('shows local paths as copyable text marked local-only', async () => {
    const local = filePart(toArtifact({ path: 'C:\\out\\r2.csv' })!, 'auto', { state: 'skipped', reason: 'delivery_skipped_missing_runtime_target_or_credentials' });
    const { rows } = await mount([local]);
    expect(partIn(rows[0]!, 'path')!.textContent).to.equal('C:\\out\\r2.csv');
    expect(rows[0]!.textContent).to.contain('仅本地');
    expect(partIn(rows[0]!, 'copy-button')!.textContent!.trim()).to.equal('复制路径');
  });

  it('lists items of a channel without delivery, none of them as sent', async () => {
    const item = filePart(toArtifact({ url: 'https://x.example/a.pdf' })!, 'auto', { state: 'skipped', reason: 'not_available_for_channel' });
    const { root } = await mount([item]);
    expect(partIn(root, 'summary')!.textContent).to.contain('当前渠道不支持发送文件');
    expect(partIn(root, 'delivery')!.textContent!.trim()).to.equal('仅列出');
  });

  describe('image previews', () => {
    it('load by themselves from the page origin and blob:', async () => {
      const blob = URL.createObjectURL(new Blob(['x'], { type: 'image/png' }));
      const { rows } = await mount([image(`${location.origin}/a.png`), image(blob)]);
      expect(rows[0]!.querySelector('img')!.getAttribute('src')).to.equal(`${location.origin}/a.png`);
      expect(rows[1]!.querySelector('img')!.getAttribute('src')).to.equal(blob);
    });

    it('wait for 加载预览 from any other origin: nothing is fetched before the click', async () => {
      const foreign = `${foreignOrigin(2)}/tracker.png`;
      await startRecordingRequests();
      const { el, rows, previewButton, images } = await mount([image(foreign)]);
      expect(rows[0]!.querySelector('img')).to.equal(null);
      const button = previewButton(rows[0])!;
      expect(button.textContent!.trim()).to.equal('加载预览');
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const before = await stopRecordingRequests();
      expect(before.filter((url) => url.startsWith(foreignOrigin(2)))).to.deep.equal([]);
      button.click();
      await el.updateComplete;
      expect(images()[0]!.getAttribute('src')).to.equal(foreign);
    });

    it('load by themselves from origins listed in preview-origins', async () => {
      const { rows } = await mount([image('https://cdn.example.com/p.png')], undefined, 'preview-origins="https://cdn.example.com"');
      expect(rows[0]!.querySelector('img')).to.not.equal(null);
    });
  });

  for (const theme of ['light', 'dark']) {
    for (const locale of ['zh-CN', 'en']) {
      it(`is accessible (${theme}, ${locale})`, async () => {
        const c = deliveredCases.find((x) => x.name === 'artifacts-feishu-delivered-and-oversize')!;
        const { el } = await mount(parts(c.result!), c.result!.delivery_result as DeliveryResult, `theme="${theme}" locale="${locale}"`);
        await expect(el).to.be.accessible();
      });
    }
  }
});

describe('reason codes', () => {
  it('read as sentences: known codes, families with their detail in words, and unknown codes kept as a detail', async () => {
    const { reasonText, stringsFor } = await import('../../../src/i18n/strings.js');
    const zh = stringsFor('zh-CN');
    const en = stringsFor('en');
    expect(reasonText(zh, 'delivery_failed')).to.deep.equal({ text: '发送失败' });
    expect(reasonText(zh, 'upload_file_failed:network_timeout')).to.deep.equal({ text: '文件上传失败：网络超时' });
    expect(reasonText(en, 'send_markdown_failed:timeout')).to.deep.equal({ text: 'Message delivery failed: timed out' });
    expect(reasonText(en, 'upload_file_failed:quota')).to.deep.equal({ text: 'File upload failed', code: 'quota' });
    expect(reasonText(en, 'push_failed:quota')).to.deep.equal({ text: 'Delivery failed', code: 'push_failed:quota' });
    expect(reasonText(en, 'quota_exceeded')).to.deep.equal({ code: 'quota_exceeded' });
    expect(reasonText(en, 'constructor')).to.deep.equal({ code: 'constructor' });
  });
});
