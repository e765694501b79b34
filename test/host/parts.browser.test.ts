// Theming through the host: the host forwards its cards' parts, so the page styles
// cards inside it with `interaction-host::part(…)`; `approval-dialog::part(…)` cannot reach them.
import { expect, fixture } from '@open-wc/testing';
import '../../src/entries/interaction-host.js';
import { EXPORTED_PARTS } from '../../src/host/exported-parts.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { FakeClock } from '../support/fake-clock.js';
import { ScriptedTransport } from '../support/scripted-transport.js';
import { partIn } from '../support/card-harness.js';
import { hostHarness } from '../support/harness/host.js';
import { CardHarness } from '../support/harness/card.js';
import { partsIn } from '../support/harness/parts.js';

const calls = [
  { call_id: 'a', tool: 'request_user_approval', arguments: { message: 'Deploy\u202e?', details: 'commit 1', severity: 'high' }, context: { requester: 'ops-bot' } },
  { call_id: 'q', tool: 'request_user_input', arguments: { message: 'Pick', questions: [{ id: 'x', header: 'H', question: 'Which?', options: ['A', 'B'] }] }, context: { run_mode: 'grilling' } },
  { call_id: 't', tool: 'request_user_input', arguments: { message: 'Name?' } },
  { call_id: 'c', tool: 'request_user_input', arguments: { message: 'One', input_mode: 'choice', options: ['x', 'y'] } },
  {
    call_id: 'f', tool: 'publish_artifacts', context: { channel: 'feishu' },
    arguments: { items: [{ path: '/out/report.pdf', size: 10 }, { url: 'https://example.com/chart.png' }] },
  },
];

async function hostWithCards(): Promise<InteractionHost> {
  const transport = new ScriptedTransport();
  const host = (await fixture('<interaction-host locale="en"></interaction-host>')) as InteractionHost;
  host.clock = new FakeClock();
  host.storage = new MemoryStorage();
  host.deliver = async () => ({ delivered: true });
  host.transport = transport;
  await host.updateComplete;
  transport.deliver(JSON.stringify({ v: 1, type: 'hello', session_id: 'parts' }));
  for (const call of calls) transport.deliver(JSON.stringify({ v: 1, type: 'tool_call', ...call }));
  await new Promise((resolve) => setTimeout(resolve, 100));
  for (const card of hostHarness(host).findAll('[data-id]')) await (card as unknown as { updateComplete: Promise<unknown> }).updateComplete;
  return host;
}

function pageStyle(css: string): () => void {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  return () => style.remove();
}

/** Every element with a part inside the host's cards. */
function cardParts(host: InteractionHost): Element[] {
  return hostHarness(host).findAll('[data-id]').flatMap((card) => new CardHarness(card).findAll('[part]'));
}

describe('::part through <interaction-host>', () => {
  it('interaction-host::part(approve-button) styles the approve button of a card inside the host', async () => {
    const host = await hostWithCards();
    const remove = pageStyle('interaction-host::part(approve-button) { transition: none; background-color: rgb(1, 2, 3); border-radius: 3px; }');
    try {
      const approve = partIn(hostHarness(host).find('approval-dialog')!.shadowRoot!, 'approve-button')!;
      expect(getComputedStyle(approve).backgroundColor).to.equal('rgb(1, 2, 3)');
      expect(getComputedStyle(approve).borderTopLeftRadius).to.equal('3px');
    } finally {
      remove();
    }
  });

  it('a page selector like approval-dialog::part(approve-button) does not reach into the host', async () => {
    const host = await hostWithCards();
    const approve = partIn(hostHarness(host).find('approval-dialog')!.shadowRoot!, 'approve-button')!;
    const before = getComputedStyle(approve).backgroundColor;
    const remove = pageStyle('approval-dialog::part(approve-button) { transition: none; background-color: rgb(1, 2, 3); }');
    try {
      expect(getComputedStyle(approve).backgroundColor).to.equal(before);
      expect(before).not.to.equal('rgb(1, 2, 3)');
    } finally {
      remove();
    }
  });

  it('every part rendered in a card under the host is forwarded under its own name', async () => {
    const host = await hostWithCards();
    const rendered = new Set(cardParts(host).flatMap((el) => el.getAttribute('part')!.split(/\s+/)));
    expect(rendered.size).to.be.at.least(25);
    expect([...rendered].filter((name) => !(EXPORTED_PARTS as readonly string[]).includes(name))).to.deep.equal([]);
    // One page rule per forwarded name, each with its own value, reaches exactly its parts.
    const remove = pageStyle(EXPORTED_PARTS.map((name, i) => `interaction-host::part(${name}) { scroll-margin-top: ${i + 1}px; }`).join('\n'));
    try {
      for (const el of cardParts(host)) {
        const names = el.getAttribute('part')!.split(/\s+/);
        const expected = `${Math.max(...names.map((name) => EXPORTED_PARTS.indexOf(name as (typeof EXPORTED_PARTS)[number]) + 1))}px`;
        expect(getComputedStyle(el).scrollMarginTop, `${el.localName}[part="${names.join(' ')}"]`).to.equal(expected);
      }
    } finally {
      remove();
    }
  });

  it('the parts that show only in later states (steps, review, a receipt, a delivery code) are reached too', async () => {
    const transport = new ScriptedTransport();
    const host = (await fixture('<interaction-host locale="en" layout="steps"></interaction-host>')) as InteractionHost;
    host.clock = new FakeClock();
    host.storage = new MemoryStorage();
    host.deliver = async () => ({ delivered: false, reason: 'zz_unknown' });
    host.transport = transport;
    await host.updateComplete;
    transport.deliver(JSON.stringify({ v: 1, type: 'hello', session_id: 'later-parts', context: { channel: 'feishu' } }));
    const steps = { call_id: 's', tool: 'request_user_input', arguments: { message: 'Two', questions: [
      { id: 'a', header: 'A', question: 'First?', options: ['Yes', 'No'] },
      { id: 'b', header: 'B', question: 'Second?', options: ['Left', 'Right'] },
    ] } };
    for (const call of [steps, { call_id: 'ok', tool: 'request_user_approval', arguments: { message: 'Go?' } }, calls[4]!]) {
      transport.deliver(JSON.stringify({ v: 1, type: 'tool_call', ...call }));
    }
    // Named here, not read from EXPORTED_PARTS: a name missing from the host's list must fail.
    const later = ['receipt-heading', 'progress', 'back-button', 'next-button', 'review', 'change-button', 'reason-code'];
    const reached = new Set<string>();
    const remove = pageStyle([
      ...EXPORTED_PARTS.map((name, i) => `interaction-host::part(${name}) { scroll-margin-top: ${i + 1}px; }`),
      ...later.map((name, i) => `interaction-host::part(${name}) { scroll-margin-bottom: ${i + 1}px; }`),
    ].join('\n'));
    /** Records the parts shown now, each reached by its own page rule. */
    const look = async () => {
      for (const card of hostHarness(host).findAll('[data-id]')) await (card as unknown as { updateComplete: Promise<unknown> }).updateComplete;
      for (const el of cardParts(host)) {
        const names = el.getAttribute('part')!.split(/\s+/);
        const expected = `${Math.max(...names.map((name) => EXPORTED_PARTS.indexOf(name as (typeof EXPORTED_PARTS)[number]) + 1))}px`;
        expect(getComputedStyle(el).scrollMarginTop, `${el.localName}[part="${names.join(' ')}"]`).to.equal(expected);
        const own = names.filter((name) => later.includes(name));
        if (own.length > 0 && getComputedStyle(el).scrollMarginBottom === `${Math.max(...own.map((name) => later.indexOf(name) + 1))}px`) own.forEach((name) => reached.add(name));
      }
    };
    const card = (id: string) => hostHarness(host).card(id)!.shadowRoot!;
    const press = async (root: ShadowRoot, part: string, name: string) => {
      const button = partsIn(root, part).find((el) => el.textContent!.includes(name));
      expect(button, `${part} ${name}`).to.not.equal(undefined);
      button!.click();
      await look();
    };
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await look();
      // A choice moves the steps on: the second question (with Back), then the review.
      await press(card('s'), 'option', 'Yes');
      await press(card('s'), 'option', 'Left');
      await press(card('ok'), 'approve-button', 'Approve');
      expect(later.filter((name) => !reached.has(name))).to.deep.equal([]);
    } finally {
      remove();
    }
  });
});
