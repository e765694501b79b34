import { expect, fixture, waitUntil } from '@open-wc/testing';
import '../../src/interaction-host.js';
import { createFrameBridge } from '../../src/agent/frame-bridge.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import type { ApprovalDialog } from '../../src/elements/approval-dialog/approval-dialog.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { PostMessageTransport } from '../../src/transport/post-message-transport.js';

const FRAME_PATH = '/test/support/frame.html';
const otherOrigin = () => (location.hostname === '127.0.0.1' ? `http://localhost:${location.port}` : `http://127.0.0.1:${location.port}`);

/** What the test frames received, reported over their own MessageChannel ports. */
const seen: { data: unknown; origin: string; name: string }[] = [];

async function frame(origin: string, name: string): Promise<HTMLIFrameElement> {
  const iframe = document.createElement('iframe');
  iframe.name = name;
  iframe.src = `${origin}${FRAME_PATH}`;
  document.body.append(iframe);
  await new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }));
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => seen.push(event.data);
  iframe.contentWindow!.postMessage({ cmd: 'listen' }, '*', [channel.port2]);
  await settle();
  return iframe;
}

const hello = { v: 1, type: 'hello', session_id: 'pm-1' };
const call = { v: 1, type: 'tool_call', call_id: 'pm-call', tool: 'request_user_approval', arguments: { message: 'From a frame?' } };
function settle() {
  return new Promise((resolve) => setTimeout(resolve, 100));
}

async function hostWith(transport: PostMessageTransport): Promise<InteractionHost> {
  const host = (await fixture('<interaction-host></interaction-host>')) as InteractionHost;
  host.storage = new MemoryStorage();
  host.transport = transport;
  await host.updateComplete;
  return host;
}

describe('PostMessageTransport', () => {
  beforeEach(() => {
    seen.length = 0;
  });
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  it('refuses "*" and an empty origin list', () => {
    expect(() => new PostMessageTransport({ target: window, allowedOrigins: ['*'] })).to.throw(TypeError);
    expect(() => new PostMessageTransport({ target: window, allowedOrigins: [] })).to.throw(TypeError);
  });

  it('a frame on another origin sends valid-looking messages: nothing changes, nothing reaches it', async () => {
    const hostile = await frame(otherOrigin(), 'hostile');
    // Paired with the hostile window, but only the page's own origin is allowed.
    const host = await hostWith(new PostMessageTransport({ target: hostile.contentWindow!, allowedOrigins: [location.origin] }));
    const received: unknown[] = [];
    host.transport!.onMessage((data) => received.push(data));
    for (const message of [hello, call]) hostile.contentWindow!.postMessage({ cmd: 'post', message }, '*');
    await settle();
    expect(received).to.deep.equal([]);
    expect(host.shadowRoot!.querySelector('[data-id]')).to.equal(null);
    // The kit's `connect` was posted to the allowed origin only: the hostile frame never saw it.
    expect(seen).to.deep.equal([]);
  });

  it('a frame on the same origin that is not the paired window is ignored; the paired one is heard', async () => {
    const paired = await frame(location.origin, 'paired');
    const intruder = await frame(location.origin, 'intruder');
    const host = await hostWith(new PostMessageTransport({ target: paired.contentWindow!, allowedOrigins: [location.origin] }));
    for (const message of [hello, call]) intruder.contentWindow!.postMessage({ cmd: 'post', message }, '*');
    await settle();
    expect(host.shadowRoot!.querySelector('[data-id]')).to.equal(null);
    expect(seen.map((r) => [r.name, (r.data as { type?: string }).type])).to.deep.equal([['paired', 'connect']], 'only the paired frame got the connect');
    for (const message of [hello, call]) paired.contentWindow!.postMessage({ cmd: 'post', message }, '*');
    await waitUntil(() => host.shadowRoot!.querySelector('[data-id="pm-call"]'));
    const dialog = host.shadowRoot!.querySelector<ApprovalDialog>('[data-id="pm-call"]')!;
    await dialog.updateComplete;
    dialog.shadowRoot!.querySelector<HTMLButtonElement>('[part~="approve-button"]')!.click();
    await waitUntil(() => seen.some((r) => (r.data as { type?: string }).type === 'tool_result'));
    expect(seen.every((r) => r.name === 'paired')).to.equal(true, 'the answer reached the paired frame only');
  });
});

describe('frame bridge: a page hosting the kit in an iframe', () => {
  afterEach(() => document.querySelectorAll('iframe').forEach((f) => f.remove()));

  it('callTool from the parent page resolves with the answer given inside the frame', async () => {
    const iframe = document.createElement('iframe');
    iframe.src = '/test/support/kit-frame.html';
    document.body.append(iframe);
    const bridge = createFrameBridge({ frame: iframe, origin: location.origin, sessionId: 'frame-1', context: { channel: 'desktop', locale: 'en' } });
    const pending = bridge.session.callTool('request_user_approval', { message: 'Ship it?', severity: 'low' }, { callId: 'f-1' });
    await waitUntil(() => iframe.contentDocument?.querySelector('interaction-host')?.shadowRoot?.querySelector('[data-id="f-1"]'), 'no card in the frame', { timeout: 5000 });
    const host = iframe.contentDocument!.querySelector('interaction-host')!;
    const dialog = host.shadowRoot!.querySelector<ApprovalDialog>('[data-id="f-1"]')!;
    await dialog.updateComplete;
    const approve = dialog.shadowRoot!.querySelector<HTMLButtonElement>('[part~="approve-button"]')!;
    expect(approve.textContent!.trim()).to.equal('Approve', 'the session context locale reaches the cards');
    approve.click();
    const result = await pending;
    expect('interaction_response' in result && result.interaction_response.approved).to.equal(true);
    bridge.close();
  });
});
