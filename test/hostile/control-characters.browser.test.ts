// Bidi controls, zero-width and C0/C1 characters a model writes never reach a text node raw: in
// every string field of every tool, pending and answered, through the real host, its live region
// included. They show as marks (⟨U+202E⟩) inside a direction-isolated element.
import { expect, fixture, waitUntil } from '@open-wc/testing';
import '../../src/entries/interaction-host.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { FakeClock } from '../support/fake-clock.js';
import { foreignOrigin } from '../support/requests.js';
import { ScriptedTransport } from '../support/scripted-transport.js';
import { partIn } from '../support/card-harness.js';
import { hostHarness } from '../support/harness/host.js';
import { partSelector } from '../support/harness/parts.js';

/** The characters that must never reach a text node (ZWJ, `\n` and `\t` are allowed). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const RAW = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B\u200C\u2060\uFEFF\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;

/** Every string a model writes gets these, in the middle, so that trimming keeps them. */
const poison = (text: string) => `${text} \u202Egnp.exe\u200B\u0007 end`;

/** Every text node under a root, through every shadow root. */
function textNodes(root: Node): Text[] {
  const found: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Text) found.push(node);
    else if ((node as Element).shadowRoot) found.push(...textNodes((node as Element).shadowRoot!));
  }
  return found;
}

function rawNodes(host: InteractionHost): string[] {
  return textNodes(host.shadowRoot!)
    .filter((node) => RAW.test(node.data))
    .map((node) => `${node.parentElement?.localName}.${node.parentElement?.className}: ${JSON.stringify(node.data.slice(0, 60))}`);
}

function deepQueryAll<T extends Element>(root: ParentNode, selector: string): T[] {
  const all: T[] = [...root.querySelectorAll<T>(selector)];
  for (const el of root.querySelectorAll('*')) if (el.shadowRoot) all.push(...deepQueryAll<T>(el.shadowRoot, selector));
  return all;
}

const option = (name: string) => ({ label: poison(name), value: name, description: poison(`${name} description`) });

const CALLS = [
  {
    call_id: 'approval', tool: 'request_user_approval',
    arguments: { title: poison('Approval'), message: poison('Message'), details: poison('Details\r\nline 2'), severity: 'low' },
  },
  {
    call_id: 'questionnaire', tool: 'request_user_input',
    arguments: {
      title: poison('Questionnaire'), message: poison('Message'),
      questions: [
        { id: 'q1', header: poison('Header'), question: poison('Question 1'), options: [option('a'), option('b')] },
        { id: 'q2', header: poison('Header 2'), question: poison('Question 2'), options: [option('c'), option('d')] },
      ],
    },
  },
  { call_id: 'text', tool: 'request_user_input', arguments: { title: poison('Text'), message: poison('Message'), input_mode: 'text' } },
  { call_id: 'choice', tool: 'request_user_input', arguments: { title: poison('Choice'), message: poison('Message'), input_mode: 'choice', options: [option('e'), option('f')] } },
  { call_id: 'multi', tool: 'request_user_input', arguments: { title: poison('Multi'), message: poison('Message'), input_mode: 'multi_choice', options: [option('g'), option('h')] } },
  {
    call_id: 'files', tool: 'publish_artifacts', context: { channel: 'feishu' },
    arguments: {
      title: poison('Files'), summary: poison('Summary'),
      items: [
        { path: poison('/out/report.pdf'), name: poison('report.pdf'), caption: poison('Caption') },
        // An image keeps its extension last, to be one; its caption carries the characters.
        { url: `${foreignOrigin(9)}/x.png`, name: 'x \u202E\u200B.png', caption: poison('Image caption') },
        { path: poison('/out/fails.csv'), name: poison('fails.csv') },
      ],
    },
  },
  {
    call_id: 'desktop-files', tool: 'publish_artifacts',
    arguments: { title: poison('Desktop files'), items: [{ path: poison('/tmp/a.txt'), name: poison('a.txt'), caption: poison('Caption') }] },
  },
];

const click = (el: Element | null) => {
  expect(el, 'control to click').to.not.equal(null);
  (el as HTMLElement).click();
};

async function settle(host: InteractionHost) {
  await host.updateComplete;
  for (const el of deepQueryAll(host.shadowRoot!, '*')) await (el as { updateComplete?: Promise<unknown> }).updateComplete;
  for (const details of deepQueryAll<HTMLDetailsElement>(host.shadowRoot!, 'details')) details.open = true;
  await new Promise((resolve) => requestAnimationFrame(resolve));
}

function type(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

describe('no raw control character reaches a text node', () => {
  it('U+202E, U+200B and U+0007 in every string field of every tool, pending and answered, the live region included', async () => {
    const transport = new ScriptedTransport();
    const host = (await fixture('<interaction-host locale="en"></interaction-host>')) as InteractionHost;
    host.clock = new FakeClock();
    host.storage = new MemoryStorage();
    host.deliver = async (item) => (item.name.startsWith('fails') ? { delivered: false, reason: poison('upload_file_failed:quota') } : { delivered: true, type: 'file' });
    host.transport = transport;
    await host.updateComplete;
    transport.deliver(JSON.stringify({ v: 1, type: 'hello', session_id: 'bidi', context: { requester: poison('Requester') } }));
    for (const call of CALLS) transport.deliver(JSON.stringify({ v: 1, type: 'tool_call', ...call }));
    await waitUntil(() => deepQueryAll(host.shadowRoot!, '[data-id]').length === CALLS.length, 'every call shows');
    await waitUntil(() => deepQueryAll(host.shadowRoot!, 'artifact-list:not([delivering])').length === 2, 'artifacts delivered');
    await settle(host);
    expect(rawNodes(host), 'pending').to.deep.equal([]);
    // The marks are there: the characters were shown, not dropped.
    expect(hostHarness(host).card('approval')!.shadowRoot!.textContent).to.contain('⟨U+202E⟩gnp.exe⟨U+200B⟩⟨U+0007⟩');

    const card = (id: string) => hostHarness(host).card(id)!.shadowRoot!;
    click(partIn(card('approval'), 'add-reason-button'));
    await settle(host);
    type(card('approval').querySelector('textarea')!, poison('note'));
    click(partIn(card('approval'), 'reject-button')!);
    const questionnaire = card('questionnaire');
    click(questionnaire.querySelector<HTMLInputElement>('input[value="a"]')!);
    click(questionnaire.querySelector<HTMLInputElement>('[data-key="q2"] input[value="__custom__"]')!);
    await settle(host);
    type(partIn<HTMLInputElement>(questionnaire, 'custom-field')!, poison('typed'));
    click(partIn(questionnaire, 'submit-button')!);
    type(card('text').querySelector('textarea')!, poison('answer'));
    click(partIn(card('text'), 'submit-button')!);
    click(card('choice').querySelector<HTMLInputElement>('input[value="e"]')!);
    click(partIn(card('choice'), 'submit-button')!);
    click(card('multi').querySelector<HTMLInputElement>('input[value="g"]')!);
    type(card('multi').querySelector('textarea')!, poison('more'));
    click(partIn(card('multi'), 'submit-button')!);
    // Artifacts: open the one preview, and copy a path.
    click(partIn(card('files'), 'preview')?.querySelector('button') ?? null);
    click(partIn(card('files'), 'copy-button')!);
    await settle(host);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await settle(host);
    expect(deepQueryAll(host.shadowRoot!, partSelector('receipt')).length).to.equal(5, 'every card answered');
    expect(hostHarness(host).find('[aria-live]')!.textContent).to.contain('⟨U+202E⟩');
    expect(rawNodes(host), 'answered').to.deep.equal([]);
  });
});
