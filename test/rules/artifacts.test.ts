import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHANNELS } from '../../src/protocol/constants.js';
import { resolveContext } from '../../src/rules/context.js';
import {
  deliverArtifacts,
  deliveryPrecheck,
  FEISHU_FILE_LIMIT,
  FEISHU_IMAGE_LIMIT,
  fileParts,
  undeliveredParts,
  type DeliverFunction,
} from '../../src/rules/artifacts/deliver.js';
import { guessMime } from '../../src/rules/artifacts/mime.js';
import { prepareArtifacts, safeUrl, toArtifact, type Artifact } from '../../src/rules/artifacts/prepare.js';

const on = (channel: string) => resolveContext({ channel });
const deliverAll: DeliverFunction = async () => ({ delivered: true });

function prepared(args: Record<string, unknown>, channel = 'feishu') {
  const result = prepareArtifacts(args, on(channel));
  assert.ok(result.ok, !result.ok ? result.error : '');
  return result;
}

describe('publish_artifacts checks, in order', () => {
  it('items that are neither a list nor valid JSON', () => {
    assert.deepEqual(prepareArtifacts({ items: 'a.png' }, on('feishu')), {
      ok: false, error: 'items must be a list or valid JSON list.', title: '', items: [],
    });
  });

  it('items missing, not a list, or empty', () => {
    for (const items of [undefined, null, {}, [], '{"a":1}', '[]', 3]) {
      const result = prepareArtifacts({ items }, on('feishu'));
      assert.equal(result.ok ? '' : result.error, 'items must be a non-empty list.');
    }
  });

  it('audience must be auto or a provider, lower-cased; empty is auto', () => {
    const bad = prepareArtifacts({ items: [{ url: 'https://x/a' }], audience: 'slack' }, on('feishu'));
    assert.equal(bad.ok ? '' : bad.error, 'audience must be one of: auto, feishu, dingtalk, wecom.');
    assert.equal(prepared({ items: [{ url: 'https://x/a' }], audience: '' }).audience, 'auto');
    assert.equal(prepared({ items: [{ url: 'https://x/a' }], audience: 'WeCom' }).provider, 'wecom');
  });

  it('the audience is checked before the channel, the channel before the items', () => {
    const audience = prepareArtifacts({ items: ['not an object'], audience: 'x' }, on('qq'));
    assert.equal(audience.ok ? '' : audience.error, 'audience must be one of: auto, feishu, dingtalk, wecom.');
    const channel = prepareArtifacts({ items: ['not an object'] }, on('qq'));
    assert.equal(channel.ok ? '' : channel.error, 'publish_artifacts is not available for the current messaging channel.');
  });

  it('each item must be an object with a path or a url', () => {
    const notObject = prepareArtifacts({ items: [{ path: '/a' }, 3] }, on('feishu'));
    assert.equal(notObject.ok ? '' : notObject.error, 'items[1] must be an object.');
    const noTarget = prepareArtifacts({ items: [{ name: 'x' }] }, on('feishu'));
    assert.equal(noTarget.ok ? '' : noTarget.error, 'items[0] requires path or url.');
  });
});

describe('channels', () => {
  const items = [{ url: 'https://x.example/a.pdf' }, { path: '/tmp/b.png' }];
  for (const channel of CHANNELS) {
    const delivers = channel === 'feishu' || channel === 'dingtalk' || channel === 'wecom';
    it(`${channel}: ${delivers ? `delivers through ${channel}` : 'is not available, and still lists the items'}`, async () => {
      const result = prepareArtifacts({ items }, on(channel));
      if (!delivers) {
        assert.equal(result.ok, false);
        assert.ok(!result.ok);
        assert.equal(result.error, 'publish_artifacts is not available for the current messaging channel.');
        assert.deepEqual(result.items.map((item) => item.name), ['a.pdf', 'b.png']);
        return;
      }
      assert.ok(result.ok);
      assert.equal(result.provider, channel);
      const outcome = await deliverArtifacts(result, deliverAll);
      const summary = outcome.delivery_result[channel]!;
      if (channel === 'feishu') {
        assert.deepEqual(summary.success, [{ name: 'a.pdf', type: 'post_link' }, { name: 'b.png', type: 'image' }]);
      } else {
        // DingTalk and WeCom send links only: a local file cannot be uploaded there.
        assert.deepEqual(summary.success, [{ name: 'a.pdf', type: 'link' }]);
        assert.deepEqual(summary.skipped, [{ name: 'b.png', reason: 'delivery_skipped_native_file_upload_not_available' }]);
      }
    });
  }
  it('an unknown channel is treated as desktop', () => {
    assert.equal(prepareArtifacts({ items }, on('telegram')).ok, false);
  });
});

describe('Feishu size limits (10 MiB images, 30 MiB files, local files only)', () => {
  const base: Artifact = { name: 'f', path: '/f', url: '', mime: '', subtype: '', size: null, caption: '' };
  const cases: [string, Partial<Artifact>, string | undefined][] = [
    ['an image at exactly 10 MiB goes to deliver', { subtype: 'image', size: FEISHU_IMAGE_LIMIT }, undefined],
    ['an image one byte over 10 MiB fails', { subtype: 'image', size: FEISHU_IMAGE_LIMIT + 1 }, 'upload_image_failed:image_too_large_over_10mb'],
    ['a file at exactly 30 MiB goes to deliver', { size: FEISHU_FILE_LIMIT }, undefined],
    ['a file one byte over 30 MiB fails', { size: FEISHU_FILE_LIMIT + 1 }, 'upload_file_failed:file_too_large_over_30mb'],
    ['a file of 20 MiB goes to deliver', { size: 20 * 1_048_576 }, undefined],
    ['an item with a URL is never size-checked', { size: FEISHU_FILE_LIMIT * 4, url: 'https://x/f' }, undefined],
    ['an unknown size goes to deliver', { size: null }, undefined],
  ];
  for (const [name, item, reason] of cases) {
    it(name, () => {
      const decided = deliveryPrecheck({ ...base, ...item }, 'feishu', true);
      assert.deepEqual(decided, reason ? { state: 'failed', reason } : undefined);
    });
  }
  it('the limits are not Feishu-wide rules on DingTalk (no local upload there at all)', () => {
    assert.deepEqual(deliveryPrecheck({ ...base, size: FEISHU_FILE_LIMIT + 1 }, 'dingtalk', true), {
      state: 'skipped', reason: 'delivery_skipped_native_file_upload_not_available',
    });
  });
});

describe('delivery', () => {
  it('without a deliver function every item is skipped and ok stays true', async () => {
    const result = await deliverArtifacts(prepared({ items: [{ url: 'https://x/a' }] }));
    assert.deepEqual(result.delivery_result.feishu, {
      ok: true, enabled: false, reason: 'success=0 failed=0 skipped=1', success: [], failed: [],
      skipped: [{ name: 'a', reason: 'delivery_skipped_missing_runtime_target_or_credentials' }],
    });
  });

  it('a deliver that throws or answers without delivered: true is a failure, never a success', async () => {
    const flaky: DeliverFunction = async (item) => {
      if (item.name === 'a') throw new Error('network');
      return { delivered: 'yes' } as never;
    };
    const result = await deliverArtifacts(prepared({ items: [{ url: 'https://x/a' }, { url: 'https://x/b' }] }), flaky);
    assert.deepEqual(result.delivery_result.feishu!.failed, [
      { name: 'a', reason: 'delivery_failed' }, { name: 'b', reason: 'delivery_failed' },
    ]);
    assert.equal(result.delivery_result.feishu!.ok, false);
    assert.ok(result.content_parts.slice(1).every((part) => part.type === 'file' && !part.delivered));
  });

  it('deliver gets both path and URL when both exist', async () => {
    const seen: Artifact[] = [];
    await deliverArtifacts(prepared({ items: [{ path: '/d/x.png', url: 'https://x/x.png' }] }), async (item) => {
      seen.push(item);
      return { delivered: true };
    });
    assert.deepEqual([seen[0]!.path, seen[0]!.url], ['/d/x.png', 'https://x/x.png']);
  });

  it("the summary part is the caller's summary or counts the items", async () => {
    const two = await deliverArtifacts(prepared({ items: [{ url: 'https://x/a' }, { url: 'https://x/b' }] }));
    assert.equal(two.content_parts[0].summary, 'Prepared 2 artifact(s) for delivery.');
    const own = await deliverArtifacts(prepared({ items: [{ url: 'https://x/a' }], summary: ' 报告 ' }));
    assert.equal(own.content_parts[0].summary, '报告');
  });
});

describe('items', () => {
  for (const url of [
    'javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'vbscript:msgbox(1)', 'ftp://x/a',
    '//evil.example/a.png', '/relative/a.png',
  ]) {
    it(`${JSON.stringify(url)} is never kept as a URL`, () => {
      assert.equal(safeUrl(url), '');
      assert.equal(toArtifact({ url }), undefined);
      assert.equal(toArtifact({ url, path: '/p/a.txt' })?.url, '');
    });
  }

  it('https, http and blob URLs are kept', () => {
    for (const url of ['https://x/a', 'http://x/a', 'blob:https://x/6a1e']) assert.equal(safeUrl(url), url);
  });

  it('a missing name is the last segment of the path (/ and \\ both separate) or of the URL', () => {
    assert.equal(toArtifact({ path: 'C:\\out\\r2.png' })!.name, 'r2.png');
    assert.equal(toArtifact({ path: '/data/out/summary.docx' })!.name, 'summary.docx');
    assert.equal(toArtifact({ url: 'https://x/p/plot.webp?x=1#top' })!.name, 'plot.webp');
    assert.equal(toArtifact({ url: 'https://x/a.pdf#page=2' })!.name, 'a.pdf');
  });

  it('the mime is guessed from the extension of the (possibly derived) name', () => {
    assert.equal(toArtifact({ url: 'https://x/get?id=1', name: 'r.xlsx' })!.mime, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    assert.equal(toArtifact({ path: '/a/b.TAR' })!.mime, 'application/x-tar');
    assert.equal(toArtifact({ path: '/a/b', mime: 'text/x-custom' })!.mime, 'text/x-custom');
    for (const [name, mime] of [
      ['a.png', 'image/png'], ['a.pdf', 'application/pdf'], ['a.txt', 'text/plain'], ['a.csv', 'text/csv'],
      ['a.json', 'application/json'], ['a.html', 'text/html'], ['a.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
      ['a.zip', 'application/zip'], ['a.mp3', 'audio/mpeg'], ['a.mp4', 'video/mp4'], ['a.bin', 'application/octet-stream'],
      ['a.constructor', 'application/octet-stream'], ['noext', 'application/octet-stream'],
    ]) {
      assert.equal(guessMime(name!), mime, name);
    }
  });

  it('an item is an image by subtype, by mime or by extension; any other subtype is empty', () => {
    assert.equal(toArtifact({ path: '/a/x.bin', subtype: 'IMAGE' })!.subtype, 'image');
    assert.equal(toArtifact({ path: '/a/x.bin', mime: 'image/heic' })!.subtype, 'image');
    assert.equal(toArtifact({ path: '/a/x.SVG' })!.subtype, 'image');
    assert.equal(toArtifact({ path: '/a/x.pdf', subtype: 'document' })!.subtype, '');
  });

  it('size is in bytes; anything but a non-negative number is unknown', () => {
    assert.equal(toArtifact({ path: '/a', size: 10 })!.size, 10);
    assert.equal(toArtifact({ path: '/a', size: '2048' })!.size, 2048);
    for (const size of [-1, 'big', null, true, Number.NaN]) assert.equal(toArtifact({ path: '/a', size })!.size, null);
  });
});

describe('file parts', () => {
  it('fileParts takes every part after the tool event; undeliveredParts lists items as not sent', async () => {
    const ready = prepared({ items: [{ url: 'https://x/a.pdf' }, { path: '/b.png' }] });
    const result = await deliverArtifacts(ready, deliverAll);
    assert.deepEqual(fileParts(result), result.content_parts.slice(1));
    const listed = undeliveredParts(ready.items, 'auto', 'not_available_for_channel');
    assert.deepEqual(listed.map((p) => [p.name, p.delivered, p.delivery_reason]), [
      ['a.pdf', false, 'not_available_for_channel'], ['b.png', false, 'not_available_for_channel'],
    ]);
  });
});
