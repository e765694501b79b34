// Look-alikes and size: bidi controls cannot reorder what surrounds a label, labels that differ
// only by invisible characters look different, a 1 MB message and a 10,000-option question keep
// the card's DOM small until the user asks.
import { expect, fixture } from '@open-wc/testing';
import '../../src/entries/questionnaire-form.js';
import '../../src/entries/approval-dialog.js';
import '../../src/entries/artifact-list.js';
import type { InteractionCard } from '../../src/elements/shared/interaction-card.js';
import { resolveContext } from '../../src/rules/context.js';
import { normalizeApproval, normalizeInput } from '../../src/rules/normalize.js';
import { FakeClock } from '../support/fake-clock.js';
import { partIn } from '../support/card-harness.js';
import { CardHarness } from '../support/harness/card.js';

const ids = { request_id: 'l-1', session_id: 's' };

async function form(args: Record<string, unknown>) {
  const el = (await fixture('<questionnaire-form locale="en"></questionnaire-form>')) as InteractionCard;
  el.clock = new FakeClock();
  el.request = normalizeInput(args, ids, resolveContext());
  await el.updateComplete;
  return el;
}

const labels = (el: Element) => new CardHarness(el).findAll('.option-label bdi');
const nodeCount = (root: Node) => [...walk(root)].length;
function* walk(root: Node): Generator<Node> {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ALL);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) yield node;
}

describe('look-alikes', () => {
  it('a right-to-left override in a label is shown, and cannot reorder the key and the mark around it', async () => {
    const el = await form({ message: 'Open which file?', questions: [{ id: 'f', question: 'File?', options: ['\u202Eexe.gnp', 'gnp.exe'] }] });
    const [spoofed, honest] = labels(el);
    expect(spoofed!.textContent).to.contain('⟨U+202E⟩');
    expect(spoofed!.textContent).to.not.equal(honest!.textContent);
    const row = spoofed!.closest('.option-label')!;
    const key = row.querySelector('.option-key')!.getBoundingClientRect();
    const label = spoofed!.getBoundingClientRect();
    const mark = partIn(row, 'recommended')!.getBoundingClientRect();
    expect(key.right <= label.left + 0.5 && label.right <= mark.left + 0.5).to.equal(true, 'key, label, mark stay in order');
  });

  it('options that differ only by invisible characters are told apart visibly', async () => {
    const el = await form({ message: 'Confirm?', input_mode: 'choice', options: ['Yes', 'Ye\u200Bs', 'Y\u2060es'] });
    const texts = labels(el).slice(0, 3).map((label) => label.textContent);
    expect(new Set(texts).size).to.equal(3);
    expect(texts[1]).to.contain('⟨U+200B⟩');
    await expect(el).to.be.accessible();
    const widths = labels(el).slice(0, 2).map((label) => label.getBoundingClientRect().width);
    expect(widths[0]).to.not.equal(widths[1]);
  });

  it('keeps emoji joined (the zero-width joiner is not revealed)', async () => {
    const el = await form({ message: 'Who?', input_mode: 'choice', options: ['👩\u200D💻 dev'] });
    expect(labels(el)[0]!.textContent).to.equal('👩\u200D💻 dev');
  });
});

describe('size', () => {
  it('a 1 MB message shows a collapsed start with an expand control', async () => {
    const message = 'lorem ipsum '.repeat(90_000);
    const el = await form({ message, input_mode: 'text' });
    const root = el.shadowRoot!;
    expect(root.textContent!.length).to.be.below(5_000);
    expect(nodeCount(root)).to.be.below(200);
    const expand = partIn(root, 'message')!.querySelector<HTMLButtonElement>('button')!;
    expect(expand.getAttribute('aria-expanded')).to.equal('false');
    expect(expand.textContent).to.contain(String(message.trim().length));
    await expect(el).to.be.accessible();
    expand.click();
    await el.updateComplete;
    expect(partIn(root, 'message')!.textContent!.length).to.be.above(1_000_000);
  });

  it("an approval's huge details stay collapsed too", async () => {
    const el = (await fixture('<approval-dialog></approval-dialog>')) as InteractionCard;
    el.request = normalizeApproval({ message: 'Run it?', details: 'x'.repeat(1_048_576) }, ids);
    await el.updateComplete;
    expect(partIn(el.shadowRoot!, 'details')!.textContent!.length).to.be.below(3_000);
  });

  it('a 10,000-option question shows the first options with a filter and "show all"', async function () {
    this.timeout(60_000); // "show all" renders 10,000 options, axe reads them; no timing is asserted
    const options = Array.from({ length: 10_000 }, (_, i) => `option ${i}`);
    const el = await form({ message: 'Pick one', questions: [{ id: 'big', question: 'Which?', options }] });
    const root = el.shadowRoot!;
    const radios = () => root.querySelectorAll('input[type="radio"]').length;
    expect(radios()).to.equal(51, 'the first 50 and the custom option');
    expect(nodeCount(root)).to.be.below(2_500);
    const filter = partIn<HTMLInputElement>(root, 'filter')!;
    expect(filter.labels![0]!.textContent!.trim()).to.equal('Filter options');
    await expect(el).to.be.accessible();
    filter.value = 'option 9999';
    filter.dispatchEvent(new Event('input'));
    await el.updateComplete;
    expect([...root.querySelectorAll('.option-label bdi')].map((b) => b.textContent)).to.deep.equal(['option 9999', 'Custom']);
    root.querySelector<HTMLButtonElement>('.list-controls button')!.click();
    await el.updateComplete;
    expect(radios()).to.equal(10_001);
  });

  it('the filter keeps the checked option on screen', async () => {
    const options = Array.from({ length: 200 }, (_, i) => `item ${i}`);
    const el = await form({ message: 'Pick', input_mode: 'choice', options, allow_free_text: false });
    const root = el.shadowRoot!;
    root.querySelector<HTMLInputElement>('input[value="item 3"]')!.click();
    const filter = partIn<HTMLInputElement>(root, 'filter')!;
    filter.value = 'item 19';
    filter.dispatchEvent(new Event('input'));
    await el.updateComplete;
    const shown = [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')].map((r) => r.value);
    expect(shown).to.include('item 3');
    expect(shown).to.include('item 199');
  });
});
