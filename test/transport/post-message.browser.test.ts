import { expect, fixture, waitUntil } from '@open-wc/testing';
import '../../src/entries/interaction-host.js';
import { createFrameBridge } from '../../src/agent/frame-bridge.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import type { ApprovalDialog } from '../../src/elements/approval-dialog/approval-dialog.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { PostMessageTransport } from '../../src/transport/post-message-transport.js';
import { partIn } from '../support/card-harness.js';
import { hostHarness } from '../support/harness/host.js';

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
  await delivered([iframe]);
  return iframe;
}

let marks = 0;
/**
 * Resolves once each frame has reported a mark posted to it now: a window's messages to a frame
 * arrive in the order they were posted, so whatever was posted to it before has been reported.
 * The marks are taken out of `seen` again.
 */
async function delivered(frames: HTMLIFrameElement[]): Promise<void> {
  const mark = `mark-${(marks += 1)}`;
  for (const iframe of frames) iframe.contentWindow!.postMessage({ mark }, '*');
  const isMark = (r: (typeof seen)[number]) => (r.data as { mark?: string } | null)?.mark === mark;
  await waitUntil(() => seen.filter(isMark).length === frames.length, `${mark} did not come back from every frame`);
  seen.splice(0, seen.length, ...seen.filter((r) => !isMark(r)));
}

/**
 * Has `from` post `messages` to this page, and resolves once this page's listeners have seen them
 * all and `host` has rendered whatever they changed: a trailing mark from the same frame comes
 * after them.
 */
async function postedFrom(from: HTMLIFrameElement, messages: object[], host: InteractionHost): Promise<void> {
  const mark = `mark-${(marks += 1)}`;
  const arrived = new Promise<void>((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== from.contentWindow || (event.data as { mark?: string } | null)?.mark !== mark) return;
      window.removeEventListener('message', onMessage);
      resolve();
    };
    window.addEventListener('message', onMessage);
  });
  for (const message of [...messages, { mark }]) from.contentWindow!.postMessage({ cmd: 'post', message }, '*');
  await arrived;
  await host.updateComplete;
}

const hello = { v: 1, type: 'hello', session_id: 'pm-1' };
const call = { v: 1, type: 'tool_call', call_id: 'pm-call', tool: 'request_user_approval', arguments: { message: 'From a frame?' } };

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
    await postedFrom(hostile, [hello, call], host);
    expect(received).to.deep.equal([]);
    expect(hostHarness(host).find('[data-id]')).to.equal(null);
    // The kit's `connect` was posted to the allowed origin only: the hostile frame never saw it.
    await delivered([hostile]);
    expect(seen).to.deep.equal([]);
  });

  it('a frame on the same origin that is not the paired window is ignored; the paired one is heard', async () => {
    const paired = await frame(location.origin, 'paired');
    const intruder = await frame(location.origin, 'intruder');
    const host = await hostWith(new PostMessageTransport({ target: paired.contentWindow!, allowedOrigins: [location.origin] }));
    await postedFrom(intruder, [hello, call], host);
    expect(hostHarness(host).find('[data-id]')).to.equal(null);
    // The connect reaches the paired frame; everything posted to either frame before the marks is reported by then.
    await waitUntil(() => seen.some((r) => r.name === 'paired' && (r.data as { type?: string }).type === 'connect'), 'the paired frame got no connect');
    await delivered([paired, intruder]);
    expect(seen.map((r) => [r.name, (r.data as { type?: string }).type])).to.deep.equal([['paired', 'connect']], 'only the paired frame got the connect');
    for (const message of [hello, call]) paired.contentWindow!.postMessage({ cmd: 'post', message }, '*');
    await waitUntil(() => hostHarness(host).card('pm-call'));
    const dialog = hostHarness(host).card<ApprovalDialog>('pm-call')!;
    await dialog.updateComplete;
    partIn<HTMLButtonElement>(dialog.shadowRoot!, 'approve-button')!.click();
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
    const dialog = hostHarness(host).card<ApprovalDialog>('f-1')!;
    await dialog.updateComplete;
    const approve = partIn<HTMLButtonElement>(dialog.shadowRoot!, 'approve-button')!;
    expect(approve.textContent!.trim()).to.equal('Approve', 'the session context locale reaches the cards');
    approve.click();
    const result = await pending;
    expect('interaction_response' in result && result.interaction_response.approved).to.equal(true);
    bridge.close();
  });
});
