// What draws the user back to waiting requests, over a real WebSocket to a Node
// runtime: the tab title's `(N) ` prefix (restored exactly, never fighting the page's own title)
// and the `interaction-waiting` event, on the host's fake clock (a deadline passes when the test
// says so).
import { expect, waitUntil } from '@open-wc/testing';
import type { ApprovalDialog } from '../../src/elements/approval-dialog/approval-dialog.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import type { InteractionWaitingDetail } from '../../src/host/host-events.js';
import { AgentLab } from '../support/agent.js';
import { partIn } from '../support/card-harness.js';
import { card, mountHost, uniqueSession, waitForCard } from './support.js';

let lab: AgentLab;
let pageTitle: string;
before(async () => {
  lab = await AgentLab.start({ context: { channel: 'feishu' } });
  pageTitle = document.title;
});
after(() => lab.close());
afterEach(() => {
  document.title = pageTitle;
});

/** Every `interaction-waiting` detail the host fires, as a page's listener gets it. */
function watchWaiting(host: InteractionHost): InteractionWaitingDetail[] {
  const seen: InteractionWaitingDetail[] = [];
  host.addEventListener('interaction-waiting', (event) => seen.push(event.detail));
  return seen;
}

async function approve(host: InteractionHost, id: string): Promise<void> {
  partIn<HTMLButtonElement>(card<ApprovalDialog>(host, id)!.shadowRoot!, 'approve-button')!.click();
  await lab.result(id);
}

const titled = (title: string) => waitUntil(() => document.title === title, `title never "${title}" (it is "${document.title}")`, { interval: 5, timeout: 5000 });

describe('interaction-host: attention', () => {
  it('the title carries (N) while N requests wait, interaction-waiting says {count, oldest} at each change, and the title comes back exactly', async () => {
    document.title = 'Chat «web-app» · 部署';
    const own = document.title;
    const session = uniqueSession('waiting');
    const { host, clock } = await mountHost(lab.url(session));
    const seen = watchWaiting(host);
    await lab.call(session, 'request_user_approval', { message: 'Create the branch?', severity: 'low' }, 'w-1');
    await waitForCard(host, 'w-1');
    await lab.call(session, 'request_user_input', { message: 'A name, quickly?', timeout_seconds: 30 }, 'w-2', { timeoutSeconds: 30 });
    await waitForCard(host, 'w-2');
    await lab.call(session, 'request_user_approval', { message: 'Restart the workers?' }, 'w-3');
    await waitForCard(host, 'w-3');
    await titled(`(3) ${own}`);
    // Files wait for no one: they change nothing.
    await lab.call(session, 'publish_artifacts', { items: [{ url: 'https://x.example/a.pdf' }] }, 'w-files');
    await waitForCard(host, 'w-files');
    expect(seen).to.deep.equal([
      { count: 1, oldest: 'w-1' },
      { count: 2, oldest: 'w-1' },
      { count: 3, oldest: 'w-1' },
    ]);
    await approve(host, 'w-1');
    await titled(`(2) ${own}`);
    clock.advance(31_000); // w-2 times out
    await titled(`(1) ${own}`);
    await lab.run({ action: 'abort', callId: 'w-3' }); // the runtime withdraws w-3
    await titled(own);
    expect(seen.slice(3)).to.deep.equal([
      { count: 2, oldest: 'w-2' },
      { count: 1, oldest: 'w-3' },
      { count: 0, oldest: null },
    ]);
  });

  it('a title the page writes meanwhile is its own: the count goes before it, and it stays when none waits', async () => {
    document.title = 'Inbox';
    const session = uniqueSession('own-title');
    const { host } = await mountHost(lab.url(session));
    await lab.call(session, 'request_user_approval', { message: 'One?' }, 'ot-1');
    await waitForCard(host, 'ot-1');
    await titled('(1) Inbox');
    document.title = 'Inbox — 3 unread';
    await lab.call(session, 'request_user_approval', { message: 'Two?' }, 'ot-2');
    await titled('(2) Inbox — 3 unread');
    await approve(host, 'ot-1');
    await titled('(1) Inbox — 3 unread');
    document.title = 'Settings';
    await approve(host, 'ot-2');
    await waitUntil(() => card(host, 'ot-2')?.getAttribute('state') === 'answered');
    await new Promise((resolve) => setTimeout(resolve)); // after any title write that was due
    expect(document.title, 'the page\'s newest title, not the one from before').to.equal('Settings');
  });

  it('two hosts on one page share one count; a host taken off the page takes its count with it', async () => {
    document.title = 'Two chats';
    const [first, second] = [uniqueSession('first'), uniqueSession('second')];
    const one = (await mountHost(lab.url(first))).host;
    const two = (await mountHost(lab.url(second))).host;
    await lab.call(first, 'request_user_approval', { message: 'A?' }, 'th-1');
    await lab.call(second, 'request_user_approval', { message: 'B?' }, 'th-2');
    await lab.call(second, 'request_user_approval', { message: 'C?' }, 'th-3');
    await titled('(3) Two chats');
    two.remove();
    await titled('(1) Two chats');
    await waitForCard(one, 'th-1');
    await approve(one, 'th-1');
    await titled('Two chats');
  });

  it('the title is written once a task is over, and only when it changes: a card answered in the task it arrived in leaves it untouched', async () => {
    document.title = 'Quick';
    const session = uniqueSession('quick');
    const { host } = await mountHost(lab.url(session));
    // Answered as soon as it renders, as a script driving the page (or the round-trip bench) does.
    host.addEventListener('interaction-request', async (event) => {
      await host.updateComplete;
      const quick = card<ApprovalDialog>(host, event.detail.id)!;
      await quick.updateComplete;
      partIn<HTMLButtonElement>(quick.shadowRoot!, 'approve-button')!.click();
    });
    let writes = 0;
    const observer = new MutationObserver((records) => (writes += records.length));
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    await lab.call(session, 'request_user_approval', { message: 'At once?' }, 'q-1');
    await lab.result('q-1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();
    expect(writes, 'title writes').to.equal(0);
    expect(document.title).to.equal('Quick');
  });
});
