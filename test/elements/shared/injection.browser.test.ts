// Whatever a model writes stays text: markup, scripts, handlers and `javascript:` URLs in every
// string field render inert, are direction-isolated, and make the browser fetch nothing.
import { expect, fixture } from '@open-wc/testing';
import '../../../src/entries/approval-dialog.js';
import '../../../src/entries/questionnaire-form.js';
import '../../../src/entries/artifact-list.js';
import type { ArtifactList } from '../../../src/elements/artifact-list/artifact-list.js';
import type { InteractionCard } from '../../../src/elements/shared/interaction-card.js';
import { deliverArtifacts, fileParts } from '../../../src/rules/artifacts/deliver.js';
import { prepareArtifacts } from '../../../src/rules/artifacts/prepare.js';
import { resolveContext } from '../../../src/rules/context.js';
import { normalizeApproval, normalizeInput } from '../../../src/rules/normalize.js';
import { revealMarks } from '../../../src/elements/shared/safe-text.js';
import { foreignOrigin, startRecordingRequests, stopRecordingRequests } from '../../support/requests.js';
import { ArtifactsHarness, CardHarness } from '../../support/card-harness.js';

declare global {
  interface Window {
    __xss?: number;
  }
}

const PAYLOADS = [
  `<img src="${foreignOrigin(3)}/x.png" onerror="window.__xss=1">`,
  '<script>window.__xss=2</script>',
  '<svg onload="window.__xss=3"></svg>',
  'javascript:window.__xss=4',
  '\u202Egnp.exe\u202C 批准',
];
const ids = { request_id: 'x-1', session_id: 's' };

function inert(root: ShadowRoot) {
  const all = [...root.querySelectorAll('*')];
  for (const el of all) {
    for (const attr of el.getAttributeNames()) expect(attr.startsWith('on'), `${el.localName}[${attr}]`).to.equal(false);
  }
  expect(root.querySelectorAll('script, iframe, object, embed')).to.have.length(0);
  for (const a of root.querySelectorAll('a')) expect(a.getAttribute('href')).to.match(/^https?:|^blob:/);
  for (const img of root.querySelectorAll('img')) expect(img.getAttribute('src')).to.not.contain('127.0.0.3');
  for (const svg of root.querySelectorAll('svg')) expect(svg.getAttribute('aria-hidden')).to.equal('true');
}

/** Every text node that carries the payload sits inside a direction-isolated element. */
function isolated(root: ShadowRoot, payload: string) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let found = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent!.includes(payload)) continue;
    found += 1;
    const parent = node.parentElement!;
    expect(parent.closest('bdi, [dir="auto"], [dir="ltr"]'), parent.outerHTML.slice(0, 80)).to.not.equal(null);
  }
  return found;
}

describe('model-written strings stay inert text', () => {
  beforeEach(() => {
    delete window.__xss;
  });

  for (const payload of PAYLOADS) {
    it(`approval and input fields: ${JSON.stringify(payload)}`, async () => {
      await startRecordingRequests();
      const approval = (await fixture('<approval-dialog></approval-dialog>')) as InteractionCard;
      approval.request = normalizeApproval({ title: payload, message: payload, details: payload, severity: 'high' }, ids);
      approval.requester = payload;
      const form = (await fixture('<questionnaire-form></questionnaire-form>')) as InteractionCard;
      form.request = normalizeInput(
        {
          title: payload,
          message: payload,
          questions: [{ id: 'q', header: payload, question: payload, options: [{ label: payload, value: 'v', description: payload }, `${payload} 2`] }],
        },
        ids,
        resolveContext(),
      );
      const choice = (await fixture('<questionnaire-form></questionnaire-form>')) as InteractionCard;
      choice.request = normalizeInput({ message: payload, input_mode: 'multi_choice', options: [{ label: payload, value: payload, description: payload }] }, ids, resolveContext());
      await Promise.all([approval.updateComplete, form.updateComplete, choice.updateComplete]);
      // A high-risk approval shows its details open, never behind a toggle.
      const shownApproval = new CardHarness(approval);
      expect(shownApproval.find('details')).to.equal(null);
      expect(shownApproval.part('details')!.checkVisibility()).to.equal(true);
      for (const el of [approval, form, choice]) {
        inert(el.shadowRoot!);
        // Shown as text, its bidi controls as marks (⟨U+202E⟩).
        const shown = revealMarks(payload.trim());
        expect(el.shadowRoot!.textContent).to.contain(shown);
        expect(isolated(el.shadowRoot!, shown.split('⟩').at(-1)!)).to.be.greaterThan(0);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      const requested = await stopRecordingRequests();
      expect(requested.filter((url) => url.startsWith(foreignOrigin(3)))).to.deep.equal([]);
      expect(window.__xss).to.equal(undefined);
    });

    it(`artifact fields: ${JSON.stringify(payload)}`, async () => {
      await startRecordingRequests();
      const prepared = prepareArtifacts(
        {
          items: [
            { path: payload, name: payload, caption: payload },
            { url: payload, path: '/p/x.png', caption: payload },
            { url: `${foreignOrigin(3)}/p.png`, name: payload },
          ],
          title: payload,
        },
        resolveContext({ channel: 'feishu' }),
      );
      expect(prepared.ok).to.equal(true);
      if (!prepared.ok) return;
      const result = await deliverArtifacts(prepared);
      const list = (await fixture('<artifact-list></artifact-list>')) as ArtifactList;
      list.heading = prepared.title;
      list.items = fileParts(result);
      list.delivery = result.delivery_result;
      await list.updateComplete;
      inert(list.shadowRoot!);
      expect(new ArtifactsHarness(list).images()).to.have.length(0);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const requested = await stopRecordingRequests();
      expect(requested.filter((url) => url.startsWith(foreignOrigin(3)))).to.deep.equal([]);
      expect(window.__xss).to.equal(undefined);
    });
  }
});
