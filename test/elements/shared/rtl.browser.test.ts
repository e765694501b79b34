// Right to left: a card in Arabic or Hebrew is laid out right to left on any page (its `dir`
// reflected from its language, a `dir` of the page's own winning), its stripe and arrows follow,
// and a model's string reads in its own direction inside a card of the other one.
import { expect, fixture, waitUntil } from '@open-wc/testing';
import '../../../src/entries/interaction-host.js';
import type { InteractionHost } from '../../../src/host/interaction-host.js';
import type { InteractionCard } from '../../../src/elements/shared/interaction-card.js';
import { normalizeApproval, normalizeInput } from '../../../src/rules/normalize.js';
import { resolveContext } from '../../../src/rules/context.js';
import { revealMarks } from '../../../src/elements/shared/safe-text.js';
import { MemoryStorage } from '../../../src/session/storage.js';
import { FakeClock } from '../../support/fake-clock.js';
import { ScriptedTransport } from '../../support/scripted-transport.js';
import { filePart } from '../../../src/rules/artifacts/deliver.js';
import { toArtifact } from '../../../src/rules/artifacts/prepare.js';
import { mountApproval, mountArtifacts, mountCard, partIn } from '../../support/card-harness.js';
import { deepActiveElement } from '../../support/keyboard.js';
import { hostHarness } from '../../support/harness/host.js';

const ids = (id: string) => ({ request_id: id, session_id: 's' });
const approval = (extra: Record<string, unknown> = {}) => normalizeApproval({ title: 'Deploy', message: 'Deploy now?', severity: 'medium', ...extra }, ids('a'));
const choice = (options: string[] = ['one', 'two', 'three']) => normalizeInput({ message: 'Pick', input_mode: 'choice', options }, ids('c'), resolveContext());

/** A delivered PDF, as the host lists it. */
const pdf = () => [filePart(toArtifact({ path: '/srv/report.pdf', subtype: 'file', size: 2048 })!, 'auto', { state: 'delivered', type: 'file' })];

const direction = (el: Element) => getComputedStyle(el).direction;

/** The text node under `root` (through nothing but its own tree) that holds `text`. */
function textNode(root: ParentNode, text: string): Text {
  const walker = document.createTreeWalker(root as Node, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if ((node as Text).data.includes(text)) return node as Text;
  throw new Error(`no text node holds ${JSON.stringify(text)}`);
}

/** Where the character at `index` of a text node starts on screen (its left edge). */
function leftOf(node: Text, index: number): number {
  const range = document.createRange();
  range.setStart(node, index);
  range.setEnd(node, index + 1);
  return range.getBoundingClientRect().left;
}

/** True when the characters of `text` in `node` stand left to right in the order they are written. */
function readsLeftToRight(node: Text, text: string): boolean {
  const start = node.data.indexOf(text);
  const lefts = [...text].map((_, i) => leftOf(node, start + i)).filter((_, i) => text[i] !== ' ');
  return lefts.every((left, i) => i === 0 || left > lefts[i - 1]!);
}

describe('a card follows its language’s direction', () => {
  for (const [attrs, dir] of [
    ['locale="ar"', 'rtl'],
    ['locale="he"', 'rtl'],
    ['locale="en"', 'ltr'],
    ['locale="zh-CN"', 'ltr'],
    ['', 'ltr'],
  ] as const) {
    it(`<approval-dialog ${attrs}> is ${dir}`, async () => {
      const { el, part } = await mountCard(approval(), { attrs });
      expect(el.getAttribute('dir')).to.equal(dir);
      expect(direction(part('card')!)).to.equal(dir);
    });
  }

  it('takes lang="he" from an ancestor, across a page that is itself left to right', async () => {
    const page = await fixture<HTMLElement>('<div lang="he" dir="ltr"><section></section></div>');
    const { el, part } = await mountCard(choice(), { parent: page.querySelector('section')! });
    expect(el.getAttribute('dir')).to.equal('rtl');
    expect(direction(part('card')!)).to.equal('rtl');
  });

  it('is left to right in English inside an Arabic page', async () => {
    const page = await fixture<HTMLElement>('<div lang="ar" dir="rtl"></div>');
    const { el } = await mountCard(choice(), { parent: page, attrs: 'locale="en"' });
    expect(el.getAttribute('dir')).to.equal('ltr');
  });

  it('keeps a dir set on the element itself, and follows a change of locale otherwise', async () => {
    const fixed = await mountCard(approval(), { attrs: 'locale="ar" dir="ltr"' });
    expect(fixed.el.getAttribute('dir')).to.equal('ltr');
    expect(direction(fixed.part('card')!)).to.equal('ltr');
    const { el, settle } = await mountCard(approval(), { attrs: 'locale="ar"' });
    expect(el.getAttribute('dir')).to.equal('rtl');
    el.setAttribute('locale', 'en');
    await settle();
    expect(el.getAttribute('dir')).to.equal('ltr');
    el.setAttribute('dir', 'rtl');
    el.setAttribute('locale', 'de');
    await settle();
    expect(el.getAttribute('dir'), 'the page’s own dir, set after the card’s').to.equal('rtl');
  });

  it('<artifact-list locale="ar"> is right to left', async () => {
    const { el, rows } = await mountArtifacts(pdf(), undefined, 'locale="ar"');
    expect(el.getAttribute('dir')).to.equal('rtl');
    expect(direction(rows()[0]!)).to.equal('rtl');
    // Its size, Latin digits and unit, reads in order: "2 KB", not "KB 2".
    const size = [...rows()[0]!.querySelectorAll('.details span')].find((span) => /\d/.test(span.textContent ?? ''))!;
    const text = size.textContent!.trim();
    expect(readsLeftToRight(textNode(size, text), text), text).to.equal(true);
  });

  it('draws the severity stripe on the inline start: the right edge in Arabic, the left in English', async () => {
    for (const [locale, stripe, other] of [
      ['ar', 'borderRightWidth', 'borderLeftWidth'],
      ['en', 'borderLeftWidth', 'borderRightWidth'],
    ] as const) {
      const { part } = await mountCard(approval({ severity: 'high' }), { attrs: `locale="${locale}"` });
      const style = getComputedStyle(part('card')!);
      expect(parseFloat(style[stripe]), `${locale}: stripe`).to.be.greaterThan(parseFloat(style[other]));
    }
  });

  it('paints a receipt’s stripe on the inline start too: the right edge in Hebrew, the left in English', async () => {
    for (const [locale, side] of [['he', 'left'], ['en', 'right']] as const) {
      const card = await mountApproval(approval({ severity: 'low' }), { attrs: `locale="${locale}"` });
      await card.approve();
      expect(card.el.getAttribute('state'), locale).to.not.equal('pending');
      // The stripe is a gradient from the inline start: towards the left when that start is the right edge.
      expect(getComputedStyle(card.part('card')!).backgroundImage, locale).to.match(new RegExp(`^linear-gradient\\(to ${side},`));
    }
  });

  // axe's first run in a page loads and compiles it: on a busy machine alone longer than a test may take.
  before(async function () {
    this.timeout(120_000);
    await expect(await fixture('<p>axe</p>')).to.be.accessible();
  });

  for (const locale of ['ar', 'he']) {
    it(`is accessible right to left (${locale}): approval`, async () => {
      const { el } = await mountCard(approval({ severity: 'high', details: 'rm -rf /srv/app/cache' }), { attrs: `locale="${locale}"` });
      await expect(el).to.be.accessible();
    });
    it(`is accessible right to left (${locale}): choice`, async () => {
      const { el } = await mountCard(choice(), { attrs: `locale="${locale}"` });
      await expect(el).to.be.accessible();
    });
    it(`is accessible right to left (${locale}): files`, async () => {
      const { el } = await mountArtifacts(pdf(), undefined, `locale="${locale}"`);
      await expect(el).to.be.accessible();
    });
  }
});

describe('arrow keys in a radio group follow the card’s direction', () => {
  const focused = () => (deepActiveElement() as HTMLInputElement | null)?.value;

  it('right to left: ← picks the next option, → the previous, round at the ends', async () => {
    const { root, press, events } = await mountCard(choice(), { attrs: 'locale="ar" layout="list"' });
    root.querySelector<HTMLInputElement>('input[value="one"]')!.focus();
    await press('ArrowLeft');
    expect(focused()).to.equal('two');
    expect(root.querySelector<HTMLInputElement>('input[value="two"]')!.checked).to.equal(true);
    await press('ArrowRight');
    expect(focused()).to.equal('one');
    await press('ArrowRight');
    const radios = [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(focused(), 'round from the first to the last').to.equal(radios.at(-1)!.value);
    expect(radios.at(-1)!.checked).to.equal(true);
    expect(events).to.deep.equal([]);
  });

  it('left to right: → picks the next option, ← the previous', async () => {
    const { root, press } = await mountCard(choice(), { attrs: 'locale="en" layout="list"' });
    root.querySelector<HTMLInputElement>('input[value="one"]')!.focus();
    await press('ArrowRight');
    expect(focused()).to.equal('two');
    await press('ArrowLeft');
    expect(focused()).to.equal('one');
    expect(root.querySelector<HTMLInputElement>('input[value="one"]')!.checked).to.equal(true);
  });

  it('in steps, right to left: ← moves to the next option without picking it', async () => {
    const request = normalizeInput({ message: 'Two', questions: [{ id: 'a', question: 'A?', options: ['x', 'y', 'z'] }, { id: 'b', question: 'B?', options: ['x', 'y'] }] }, ids('s'), resolveContext());
    const { root, press } = await mountCard(request, { attrs: 'locale="he" layout="steps"' });
    root.querySelector<HTMLInputElement>('input[value="x"]')!.focus();
    await press('ArrowLeft');
    expect(focused()).to.equal('y');
    await press('ArrowLeft');
    expect(focused()).to.equal('z');
    await press('ArrowRight');
    expect(focused()).to.equal('y');
    expect([...root.querySelectorAll<HTMLInputElement>('input')].filter((input) => input.checked)).to.deep.equal([]);
  });
});

describe('a model’s string reads in its own direction', () => {
  // The bidi corpus of the safe text path's own tests: an override that would turn a name around.
  const CORPUS = ['npm run deploy -- --force.', '/srv/app/cache/', '\u202Egnp.exe\u202C 批准'];

  for (const text of CORPUS) {
    it(`an English command or path inside an Arabic card: ${JSON.stringify(text)}`, async () => {
      const { root } = await mountCard(choice([text, 'other']), { attrs: 'locale="ar" layout="list"' });
      // The override shows as its mark (⟨U+202E⟩) and turns nothing around.
      const latin = revealMarks(text).replace(/^⟨U\+202E⟩/, '').split('⟨')[0]!;
      const node = textNode(root, latin);
      expect(direction(node.parentElement!.closest('bdi')!)).to.equal('ltr');
      expect(direction(partIn(root, 'card')!)).to.equal('rtl');
      expect(readsLeftToRight(node, latin), `${latin} reads left to right`).to.equal(true);
    });
  }

  it('an English path as the details of an Arabic approval', async () => {
    const { part } = await mountCard(approval({ details: 'rm -rf /srv/app/cache/' }), { attrs: 'locale="ar"' });
    const node = textNode(part('details')!, 'rm -rf');
    expect(readsLeftToRight(node, 'rm -rf /srv/app/cache/')).to.equal(true);
  });

  it('an English message and option note stand at an Arabic card’s start: on the right, under the title and the label', async () => {
    const input = normalizeInput({ title: 'Plan', message: 'Which checks run?', input_mode: 'choice', options: [{ label: 'Unit tests', description: 'About 20 minutes' }, 'lint'] }, ids('n'), resolveContext());
    const { root, part } = await mountCard(input, { attrs: 'locale="ar" layout="list"' });
    /** Where a text's last character ends on screen: its right edge. */
    const rightEnd = (text: string) => {
      const node = textNode(root, text);
      const range = document.createRange();
      range.selectNodeContents(node);
      return range.getBoundingClientRect().right;
    };
    const message = part('message')!;
    const contentRight = message.getBoundingClientRect().right - parseFloat(getComputedStyle(message).paddingRight);
    expect(rightEnd('Which checks run?'), 'the message ends at the card’s start edge').to.be.closeTo(contentRight, 1);
    const note = textNode(root, 'About 20 minutes').parentElement!.closest('.option-description')!.getBoundingClientRect();
    expect(note.width, 'the note’s line is wider than its text').to.be.greaterThan(200);
    expect(rightEnd('About 20 minutes'), 'the note stands at its line’s start, under its label').to.be.closeTo(note.right, 1);
    expect(readsLeftToRight(textNode(root, 'About 20 minutes'), 'About 20 minutes')).to.equal(true);
  });

  it('an Arabic message inside an English card, its full stop at its left end', async () => {
    const text = 'احذف ملفات السجل القديمة.';
    const { root } = await mountCard(choice([text, 'other']), { attrs: 'locale="en" layout="list"' });
    const node = textNode(root, text);
    expect(direction(node.parentElement!)).to.equal('rtl');
    expect(leftOf(node, text.length - 1), 'the full stop stands left of the first word').to.be.lessThan(leftOf(node, 0));
    expect(leftOf(node, 1)).to.be.lessThan(leftOf(node, 0));
  });
});

/** An Arabic host listing its cards, on a scripted connection that said hello for `session`; `ask` delivers a call. */
async function arabicHost(session: string) {
  const transport = new ScriptedTransport();
  const host = (await fixture('<interaction-host locale="ar" layout="list"></interaction-host>')) as InteractionHost;
  host.clock = new FakeClock();
  host.storage = new MemoryStorage();
  host.transport = transport;
  await host.updateComplete;
  transport.deliver(JSON.stringify({ v: 1, type: 'hello', session_id: session }));
  const ask = (call_id: string, tool: string, args: Record<string, unknown>) => transport.deliver(JSON.stringify({ v: 1, type: 'tool_call', call_id, tool, arguments: args }));
  return { host, ask };
}

describe('the host right to left', () => {
  it('<interaction-host locale="ar">: the host and every card right to left, accessible', async () => {
    const { host, ask } = await arabicHost('rtl');
    ask('ap', 'request_user_approval', { title: 'Deploy', message: 'Deploy now?', severity: 'low' });
    ask('ch', 'request_user_input', { message: 'Pick', input_mode: 'choice', options: ['one', 'two'] });
    await waitUntil(() => hostHarness(host).cards().length === 2, 'both calls show');
    await host.updateComplete;
    expect(host.getAttribute('dir')).to.equal('rtl');
    const cards = hostHarness(host).cards<InteractionCard>();
    for (const card of cards) {
      await card.updateComplete;
      expect(card.getAttribute('dir'), card.localName).to.equal('rtl');
      expect(direction(partIn(card.shadowRoot!, 'card')!)).to.equal('rtl');
    }
    await expect(host).to.be.accessible();
    host.locale = 'en';
    await host.updateComplete;
    for (const card of cards) expect(card.getAttribute('dir'), `${card.localName} in English`).to.equal('ltr');
  });

  // Chromium restyles everything below an element whose `dir` is written, even with the value it
  // had: a host that wrote it on every update restyled its every receipt for each new card.
  it('writes dir on the host and on a card only when the direction changes', async () => {
    const { host, ask } = await arabicHost('dir-writes');
    ask('first', 'request_user_approval', { message: 'First?', severity: 'low' });
    await waitUntil(() => hostHarness(host).cards().length === 1, 'the first call shows');
    // Its first render writes its `dir`: done before the writes are counted.
    await hostHarness(host).cards<InteractionCard>()[0]!.updateComplete;
    const bare = await mountCard(approval(), { attrs: 'locale="ar"' });
    const writes: string[] = [];
    const observer = new MutationObserver((records) => writes.push(...records.map((record) => (record.target as Element).localName)));
    observer.observe(host, { attributeFilter: ['dir'] });
    observer.observe(bare.el, { attributeFilter: ['dir'] });
    ask('second', 'request_user_approval', { message: 'Second?', severity: 'low' });
    await waitUntil(() => hostHarness(host).cards().length === 2, 'the second call shows');
    await host.updateComplete;
    bare.el.theme = 'dark';
    await bare.el.updateComplete;
    expect(writes, 'a new card in the host, a new theme on a card alone: the direction is the same').to.deep.equal([]);
    host.locale = 'en';
    await host.updateComplete;
    observer.disconnect();
    expect(writes.filter((name) => name === 'interaction-host'), 'Arabic to English: the host’s dir written once').to.have.length(1);
    expect(host.getAttribute('dir')).to.equal('ltr');
  });
});
