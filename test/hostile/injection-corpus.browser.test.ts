// The injection corpus (65 payloads) in every string field of every tool, through the real host:
// no script runs, no dialog opens, no unsafe link or image exists, and nothing is fetched from a
// URL the model chose.
import { expect, fixture } from '@open-wc/testing';
import '../../src/entries/interaction-host.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { FakeClock } from '../support/fake-clock.js';
import { foreignOrigin, startRecordingRequests, stopRecordingRequests } from '../support/requests.js';
import { ScriptedTransport } from '../support/scripted-transport.js';
import { XSS_CORPUS } from '../support/xss-corpus.js';

declare global {
  interface Window {
    __xss?: number;
  }
}

/** Every element under a root, through every shadow root. */
function deepElements(root: ParentNode): Element[] {
  const all: Element[] = [];
  for (const el of root.querySelectorAll('*')) {
    all.push(el);
    if (el.shadowRoot) all.push(...deepElements(el.shadowRoot));
  }
  return all;
}

function calls(payload: string, n: number): object[] {
  const id = (kind: string) => `${kind}-${n}`;
  const withPath = { path: `/out/${n}/${payload}`, url: payload, name: payload, caption: payload, mime: payload, subtype: payload };
  return [
    { v: 1, type: 'tool_call', call_id: id('a'), tool: 'request_user_approval', context: { requester: payload }, arguments: { title: payload, message: payload, details: payload, severity: payload } },
    {
      v: 1, type: 'tool_call', call_id: id('q'), tool: 'request_user_input', context: { requester: payload },
      arguments: { title: payload, message: payload, purpose: payload, questions: [{ id: payload, header: payload, question: payload, options: [{ label: payload, value: payload, description: payload }, `${payload} 2`] }] },
    },
    { v: 1, type: 'tool_call', call_id: id('c'), tool: 'request_user_input', arguments: { message: payload, input_mode: 'multi_choice', options: [{ label: payload, value: 'v', description: payload }] } },
    {
      v: 1, type: 'tool_call', call_id: id('f'), tool: 'publish_artifacts', context: { channel: 'feishu' },
      arguments: { title: payload, summary: payload, items: [withPath, { path: `/p/${n}.png`, url: `${foreignOrigin(9)}/preview.png`, name: payload }] },
    },
  ];
}

describe('the injection corpus in every string field of every tool', () => {
  it(`${XSS_CORPUS.length} payloads × 4 tools: nothing runs, links and images stay safe, nothing is fetched`, async () => {
    expect(XSS_CORPUS.length).to.be.at.least(60);
    delete window.__xss;
    const dialogs: string[] = [];
    const saved = { alert: window.alert, confirm: window.confirm, prompt: window.prompt };
    window.alert = () => void dialogs.push('alert');
    window.confirm = () => (dialogs.push('confirm'), false);
    window.prompt = () => (dialogs.push('prompt'), null);
    await startRecordingRequests();
    const transport = new ScriptedTransport();
    const host = (await fixture('<interaction-host receipt-limit="400"></interaction-host>')) as InteractionHost;
    host.clock = new FakeClock();
    host.storage = new MemoryStorage();
    host.deliver = async () => ({ delivered: true });
    host.transport = transport;
    await host.updateComplete;
    transport.deliver(JSON.stringify({ v: 1, type: 'hello', session_id: 'xss' }));
    XSS_CORPUS.forEach((payload, n) => {
      for (const call of calls(payload, n)) transport.deliver(JSON.stringify(call));
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await host.updateComplete;
    const elements = deepElements(host.shadowRoot!);
    for (const el of elements) await (el as { updateComplete?: Promise<unknown> }).updateComplete;
    // Open every details element, so that nothing stays unrendered.
    for (const details of deepElements(host.shadowRoot!).filter((el): el is HTMLDetailsElement => el instanceof HTMLDetailsElement)) details.open = true;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const all = deepElements(host.shadowRoot!);
    expect(all.filter((el) => el.matches('[data-id]')).length).to.equal(XSS_CORPUS.length * 4, 'every call shows');
    expect(all.filter((el) => el.matches('script, iframe, object, embed, style, link, base, meta, form[action], video, audio, marquee, math, template, noscript, input[autofocus]')).map((el) => el.outerHTML.slice(0, 60))).to.deep.equal([]);
    for (const el of all) {
      for (const attr of el.getAttributeNames()) expect(attr.startsWith('on'), `${el.localName}[${attr}]`).to.equal(false);
    }
    for (const a of all.filter((el): el is HTMLAnchorElement => el instanceof HTMLAnchorElement)) {
      expect(new URL(a.href).protocol, a.href).to.be.oneOf(['https:', 'http:', 'blob:']);
      expect(a.rel).to.equal('noopener noreferrer');
    }
    expect(all.filter((el) => el instanceof HTMLImageElement).length).to.equal(0, 'no image loads by itself from a foreign origin');
    const requested = await stopRecordingRequests();
    expect(requested.filter((url) => url.startsWith(foreignOrigin(9)))).to.deep.equal([]);
    expect(window.__xss).to.equal(undefined);
    expect(dialogs).to.deep.equal([]);
    Object.assign(window, saved);
  });
});
