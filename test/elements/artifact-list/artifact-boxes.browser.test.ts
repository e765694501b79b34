// An artifact row's boxes, measured: the Open link's text starts where the text column above it
// starts (its padding is only for the hover fill), and Copy path keeps its width when it reads
// Copied, so nothing beside it moves. At a desktop width and a phone's 320 px, in both languages.
import { expect } from '@open-wc/testing';
import type { ArtifactList } from '../../../src/elements/artifact-list/artifact-list.js';
import { artifactsResult, fileParts } from '../../../src/rules/artifacts/deliver.js';
import { prepareArtifacts } from '../../../src/rules/artifacts/prepare.js';
import { resolveContext } from '../../../src/rules/context.js';
import { press } from '../../support/keyboard.js';
import { frameOfWidth } from '../../support/media.js';
import { partIn, partsIn } from '../../support/card-harness.js';

const prepared = (() => {
  const p = prepareArtifacts(
    { items: [{ url: 'https://files.example/report.pdf', caption: 'The summary for the team' }, { path: '/data/out/metrics.xlsx', size: 81_920 }] },
    resolveContext({ channel: 'feishu' }),
  );
  if (!p.ok) throw new Error(p.error);
  return p;
})();
const result = artifactsResult(prepared, [{ state: 'delivered', type: 'post_link' }, { state: 'failed', reason: 'upload_file_failed:network_timeout' }], true);

// A long local path fills its line, so what follows it in the row wraps: Copy path alone when the
// file was sent, after the 仅本地 badge when it was not.
const longPaths = (() => {
  const p = prepareArtifacts(
    { items: [{ path: '/home/analyst/projects/quarterly-review/exports/2026/metrics-by-region.xlsx' }, { path: '/home/analyst/projects/quarterly-review/exports/2026/notes-by-region.docx' }] },
    resolveContext({ channel: 'feishu' }),
  );
  if (!p.ok) throw new Error(p.error);
  return artifactsResult(p, [{ state: 'delivered', type: 'file' }, { state: 'failed', reason: 'upload_file_failed:network_timeout' }], true);
})();

async function mount(width: number, locale: string, shown = result) {
  const { frame, win } = await frameOfWidth(width, ['/src/entries/artifact-list.ts']);
  const el = win.document.createElement('artifact-list') as ArtifactList;
  el.setAttribute('locale', locale);
  el.items = fileParts(shown);
  el.delivery = shown.delivery_result;
  win.document.body.append(el);
  await el.updateComplete;
  const root = el.shadowRoot!;
  return { frame, win, el, root };
}

/** The box of the text itself (not of its element's padding). */
function textBox(el: Element, text: string): DOMRect {
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.textContent!.trim() !== text) continue;
    const range = el.ownerDocument.createRange();
    const start = node.textContent!.indexOf(text);
    range.setStart(node, start);
    range.setEnd(node, start + text.length);
    return range.getBoundingClientRect();
  }
  throw new Error(`no text "${text}"`);
}

const WIDTHS = [560, 320];
const LOCALES = [
  ['zh-CN', '打开', '复制路径', '已复制'],
  ['en', 'Open', 'Copy path', 'Copied'],
] as const;

describe('<artifact-list> boxes', () => {
  for (const width of WIDTHS) {
    for (const [locale, open, copy, copied] of LOCALES) {
      it(`${width} px, ${locale}: ${open} starts on the text column, under the name and the caption`, async () => {
        const { frame, root } = await mount(width, locale);
        const row = partsIn(root, 'item')[0]!;
        const name = textBox(partIn(row, 'name')!, 'report.pdf');
        const caption = textBox(row.querySelector('.caption')!, 'The summary for the team');
        const link = textBox(partIn(row, 'open-link')!, open);
        // The heading's lines and the row's lines sit a small gap apart: no paragraph margin between.
        const gaps = [
          partIn(root, 'summary')!.getBoundingClientRect().top - partIn(root, 'title')!.getBoundingClientRect().bottom,
          row.querySelector('.caption')!.getBoundingClientRect().top - row.querySelector('.details')!.getBoundingClientRect().bottom,
        ];
        frame.remove();
        expect(Math.max(...gaps), `the gaps under the title and above the caption: ${gaps.join(', ')} px`).to.be.at.most(8);
        expect(Math.abs(caption.left - name.left), 'name and caption share a column').to.be.below(1);
        expect(Math.abs(link.left - name.left), `${open} is ${(link.left - name.left).toFixed(1)} px off the column`).to.be.below(1);
      });

      it(`${width} px, ${locale}: ${copy} on a line of its own starts on the text column; after the code or a badge it keeps a gap`, async () => {
        const { frame, root } = await mount(width, locale, longPaths);
        const [sent, unsent] = partsIn(root, 'item').map((row) => ({
          name: textBox(partIn(row, 'name')!, partIn(row, 'name')!.textContent!.trim()),
          code: partIn(row, 'path')!.getBoundingClientRect(),
          badge: row.querySelector('.path .badge')?.getBoundingClientRect(),
          copy: textBox(partIn(row, 'copy-button')!, copy),
        }));
        frame.remove();
        // The sent file's path fills its line: Copy path wraps under it, alone.
        expect(sent!.copy.top, `${copy} wraps under the path`).to.be.at.least(sent!.code.bottom - 1);
        expect(Math.abs(sent!.copy.left - sent!.name.left), `${copy} is ${(sent!.copy.left - sent!.name.left).toFixed(1)} px off the column`).to.be.below(1);
        // The unsent file's badge starts the next line, Copy path after it with a gap.
        expect(Math.abs(unsent!.badge!.left - unsent!.name.left), 'the badge starts on the column').to.be.below(1);
        expect(unsent!.copy.left - unsent!.badge!.right, `the gap between the badge and ${copy}`).to.be.at.least(8);
      });

      it(`${width} px, ${locale}: ${copy} keeps its width when it reads ${copied}`, async () => {
        const { frame, el, root } = await mount(width, locale);
        const button = partIn<HTMLButtonElement>(root, 'copy-button')!;
        const before = button.getBoundingClientRect();
        expect(button.textContent!.trim()).to.equal(copy);
        // A real key press: the clipboard takes text from a user's gesture only.
        button.focus();
        await press('Enter');
        // The clipboard answers when the engine gets to it (WebKit over WebDriver on a busy
        // machine took longer than half a second): waited for, up to 5 s, not timed.
        for (let i = 0; i < 200 && button.textContent!.trim() !== copied; i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
        await el.updateComplete;
        const after = button.getBoundingClientRect();
        const text = button.textContent!.trim();
        frame.remove();
        expect(text).to.equal(copied);
        expect(after.width, 'its width').to.equal(before.width);
        expect(after.left, 'its place').to.equal(before.left);
      });
    }
  }
});
