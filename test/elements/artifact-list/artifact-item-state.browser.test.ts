// What the user did to an artifact row (loaded its preview, copied its path) belongs to that item
// (its URL or path plus its name), not to its position: a replaced item is never fetched without
// its own click, items that remain keep their state, and a delivery update hides nothing.
import { expect, waitUntil } from '@open-wc/testing';
import '../../../src/entries/artifact-list.js';
import type { FilePart } from '../../../src/protocol/results.js';
import { filePart } from '../../../src/rules/artifacts/deliver.js';
import { DELIVERY_REASONS } from '../../../src/rules/artifacts/reasons.js';
import { toArtifact } from '../../../src/rules/artifacts/prepare.js';
import { press } from '../../support/keyboard.js';
import { foreignOrigin, recordedRequests, startRecordingRequests, stopRecordingRequests } from '../../support/requests.js';
import { mountArtifacts } from '../../support/card-harness.js';

// A foreign origin on loopback, where the test server records each request.
const FOREIGN = foreignOrigin(7);
const image = (file: string, delivered = false): FilePart =>
  filePart(toArtifact({ url: `${FOREIGN}/${file}`, subtype: 'image' })!, 'auto', delivered ? { state: 'delivered', type: 'post_link' } : { state: 'skipped', reason: DELIVERY_REASONS.noDeliver });
const local = (path: string): FilePart => filePart(toArtifact({ path })!, 'auto', { state: 'skipped', reason: DELIVERY_REASONS.noDeliver });

async function mount(items: FilePart[]) {
  const { el, row, preview, copyButton } = await mountArtifacts(items);
  return { el, preview, copyButton: (name: string) => copyButton(name)!, row: (name: string) => row(name)! };
}

const settleRequests = () => new Promise((resolve) => setTimeout(resolve, 150));
const fetched = (urls: string[], file: string) => urls.filter((url) => url === `${FOREIGN}/${file}`);

describe('<artifact-list> keys what the user did by the item', () => {
  it('a replaced item that was never clicked is not fetched; it is after its own click', async () => {
    await startRecordingRequests();
    const { el, row, preview } = await mount([image('a.png')]);
    await preview('a.png');
    await settleRequests();
    el.items = [image('b.png')];
    await el.updateComplete;
    await settleRequests();
    const before = await stopRecordingRequests();
    expect(fetched(before, 'a.png'), 'the clicked item').to.have.length(1);
    expect(fetched(before, 'b.png'), 'the item that took its place, never clicked').to.deep.equal([]);
    expect(row('b.png').querySelector('img')).to.equal(null);
    await startRecordingRequests();
    await preview('b.png');
    // The request reaches the test server when the engine gets to it: waited for, not timed.
    await waitUntil(async () => fetched(await recordedRequests(), 'b.png').length > 0, 'b.png was never fetched', { timeout: 10_000 });
    expect(fetched(await stopRecordingRequests(), 'b.png'), 'after its own click').to.have.length(1);
    // An item that went away and comes back starts over.
    el.items = [image('a.png')];
    await el.updateComplete;
    expect(row('a.png').querySelector('img')).to.equal(null);
  });

  it('items that remain keep their preview when they move, and the new ones wait', async () => {
    await startRecordingRequests();
    const { el, row, preview } = await mount([image('a.png'), image('c.png')]);
    await preview('c.png');
    el.items = [image('c.png'), image('d.png')];
    await el.updateComplete;
    await settleRequests();
    expect(row('c.png').querySelector('img')).to.not.equal(null);
    expect(row('d.png').querySelector('img')).to.equal(null);
    expect(fetched(await stopRecordingRequests(), 'd.png')).to.deep.equal([]);
  });

  it('a delivery update never hides a preview the user opened', async () => {
    const { el, row, preview } = await mount([image('a.png'), image('e.png')]);
    el.delivering = true;
    await el.updateComplete;
    await preview('e.png');
    // The delivery result arrives: new item objects, the same items.
    el.delivering = false;
    el.items = [image('a.png', true), image('e.png', true)];
    el.delivery = { feishu: { ok: true, enabled: true, reason: 'success=2 failed=0 skipped=0', success: [{ name: 'a.png', type: 'post_link' }, { name: 'e.png', type: 'post_link' }], failed: [], skipped: [] } };
    await el.updateComplete;
    expect(row('e.png').querySelector('img')).to.not.equal(null);
    expect(row('a.png').querySelector('img')).to.equal(null);
  });

  it('"copied" stays with the item whose path was copied', async () => {
    const { el, copyButton } = await mount([local('/out/one.txt'), local('/out/two.txt')]);
    // A real key press: the clipboard takes text from a user's gesture only, and the button says
    // 已复制 only once it did.
    copyButton('one.txt').focus();
    await press('Enter');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await el.updateComplete;
    expect(copyButton('one.txt').textContent!.trim()).to.equal('已复制');
    el.items = [local('/out/three.txt'), local('/out/one.txt')];
    await el.updateComplete;
    expect(copyButton('three.txt').textContent!.trim()).to.equal('复制路径');
    expect(copyButton('one.txt').textContent!.trim()).to.equal('已复制');
  });
});
