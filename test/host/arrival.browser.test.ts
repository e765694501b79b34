// New requests are not missed, against a real runtime in Chromium: a card that
// arrives while the list is at its end is scrolled into view; one that arrives out of sight
// brings one 新请求 / New request button, which (from the keyboard) brings the oldest pending card
// into view and focuses its first safe control, never approve on a high-risk approval.
import { expect, waitUntil } from '@open-wc/testing';
import '../../src/entries/interaction-host.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { AgentLab } from '../support/agent.js';
import { FakeClock } from '../support/fake-clock.js';
import { byPart, deepActiveElement, press, scrollWithKey } from '../support/keyboard.js';
import { uniqueSession, waitForCard, watchConnection } from './support.js';
import { partIn, partsIn } from '../support/card-harness.js';
import { hostHarness } from '../support/harness/host.js';
import { partSelector } from '../support/harness/parts.js';

let lab: AgentLab;
before(async () => {
  lab = await AgentLab.start({ context: { channel: 'feishu' } });
});
after(() => lab.close());

/** A host in `container` (default: the document), connected to its own session. */
async function hostIn(container: HTMLElement = document.body): Promise<{ host: InteractionHost; session: string }> {
  const session = uniqueSession('arrival');
  const host = document.createElement('interaction-host') as InteractionHost;
  host.clock = new FakeClock();
  host.storage = new MemoryStorage();
  host.src = lab.url(session);
  const connection = watchConnection(host);
  container.append(host);
  await connection.until('open', 'never connected');
  return { host, session };
}

const button = (host: InteractionHost) => partIn<HTMLButtonElement>(host.shadowRoot!, 'new-request-button');

/** Where an element sits against a view (the window, or a scroller's box). */
function inView(el: Element, view?: Element): boolean {
  const r = el.getBoundingClientRect();
  const v = view ? view.getBoundingClientRect() : { top: 0, bottom: innerHeight };
  return r.top >= v.top - 1 && r.bottom <= v.bottom + 1;
}

async function ask(host: InteractionHost, session: string, id: string, args: Record<string, unknown> = {}): Promise<Element> {
  await lab.call(session, 'request_user_approval', { message: `Step ${id}?`, severity: 'low', ...args }, id);
  const el = await waitForCard(host, id);
  await host.updateComplete;
  await new Promise((resolve) => requestAnimationFrame(resolve));
  return el;
}

describe('interaction-host: new requests are not missed', () => {
  let cleanup: (() => void)[] = [];
  afterEach(() => {
    for (const fn of cleanup) fn();
    cleanup = [];
    window.scrollTo(0, 0);
  });

  it('follows each new card into view while the page is at its end, without a button; the live region still announces it', async () => {
    const { host, session } = await hostIn();
    cleanup.push(() => host.remove());
    for (const id of ['f-1', 'f-2', 'f-3', 'f-4', 'f-5']) {
      const el = await ask(host, session, id);
      expect(inView(el), `${id} is in view`).to.equal(true);
      expect(button(host), `no button after ${id}`).to.equal(null);
    }
    expect(document.documentElement.scrollHeight).to.be.greaterThan(innerHeight, 'the cards did run past the window');
    expect(hostHarness(host).announcement()).to.contain('新请求：');
  });

  it('scrolled up: one 新请求 button; Tab and Enter bring the oldest card that arrived out of sight into view and focus its first safe control, never approve on high', async function () {
    this.timeout(60_000); // three windows of cards, each a real round trip, and axe; no timing is asserted
    const { host, session } = await hostIn();
    cleanup.push(() => host.remove());
    for (const id of ['h-1', 'h-2', 'h-3', 'h-4', 'h-5']) await ask(host, session, id);
    // Cards enough for three windows, whatever the engine's fonts make of their height.
    for (let n = 1; document.documentElement.scrollHeight < 3 * innerHeight; n += 1) await ask(host, session, `h-more-${n}`);
    // Up from the end by a page, past the point where the list's end shows, with the oldest card out of sight too.
    await scrollWithKey('PageUp');
    expect(inView(host.shadowRoot!.getElementById('item-h-1')!)).to.equal(false);
    const el6 = await ask(host, session, 'h-6', { severity: 'high', message: 'Drop the production database?' });
    const el7 = await ask(host, session, 'h-7');
    const oldest = host.shadowRoot!.getElementById('item-h-6')!;
    expect(inView(el6)).to.equal(false, 'not scrolled: the user was reading');
    expect(inView(el7)).to.equal(false);
    expect(partsIn(host.shadowRoot!, 'new-request-button')).to.have.length(1);
    expect(button(host)!.textContent!.trim()).to.equal('新请求');
    expect(inView(button(host)!), 'the button sits in view at the bottom').to.equal(true);
    await expect(host).to.be.accessible();

    // From the page's next control, one Shift+Tab: the button is the host's last stop.
    const next = document.createElement('button');
    next.textContent = 'next';
    host.after(next);
    cleanup.push(() => next.remove());
    next.focus({ preventScroll: true });
    await press('Shift+Tab');
    expect(byPart('new-request-button')(deepActiveElement()!)).to.equal(true, 'Shift+Tab reaches 新请求');
    await press('Enter');
    await host.updateComplete;
    expect(inView(oldest), 'the oldest card that arrived out of sight is in view').to.equal(true);
    const focused = deepActiveElement()!;
    const h6 = hostHarness(host).card('h-6')!;
    expect(h6.shadowRoot!.contains(focused), `focus in h-6 (on ${focused.outerHTML.slice(0, 80)})`).to.equal(true);
    expect(focused.matches(partSelector('approve-button', 'confirm-button'))).to.equal(false, `never approve on high (focused: ${focused.getAttribute('part')} ${focused.textContent?.trim()})`);
    // h-7 arrived out of sight too and is still unseen: the button stays for it (a boolean, so a
    // failure never has to serialise the element).
    expect(inView(el7)).to.equal(false);
    expect(button(host) === null).to.equal(false, 'the button stays while h-7 is unseen');
    await press('Enter'); // whatever the safe control does, it is not an approval
    await new Promise((resolve) => setTimeout(resolve, 100));
    const sent = (await lab.received(session)).filter((m) => m.type === 'tool_result' && m.call_id === 'h-6');
    expect(sent).to.deep.equal([], 'nothing was answered for h-6');
    expect(h6.getAttribute('state') ?? 'pending').to.equal('pending');
  });

  it('three pending, the newest out of sight: New request goes to the newest, scrolls it in and focuses it, never the oldest one already seen', async () => {
    const column = document.createElement('div');
    column.style.cssText = 'height: 300px; overflow: auto';
    document.body.prepend(column);
    cleanup.push(() => column.remove());
    const { host, session } = await hostIn(column);
    // High risk: approvals no answer-all bar covers, so two cards fill the column's height.
    const high = { severity: 'high' };
    const first = await ask(host, session, 'v-1', high);
    const second = await ask(host, session, 'v-2', high);
    // The user reads from the top: the first two cards are in view, the list's end is not.
    column.scrollTop = 0;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(inView(first, column)).to.equal(true);
    const newest = await ask(host, session, 'v-3', high);
    expect(inView(newest, column), 'the newest arrived out of sight').to.equal(false);
    await waitUntil(() => button(host), 'no New request button');
    // Safari's default Tab stops at form fields and written tab indexes only; the cards' own
    // buttons come first in the order, and focusing the newest scrolls it in, so the button is
    // pressed where it is focused.
    expect(button(host)!.getAttribute('tabindex'), 'in Safari\'s default Tab order').to.equal('0');
    button(host)!.focus();
    await press('Enter');
    await host.updateComplete;
    expect(inView(newest, column), 'the newest is scrolled in').to.equal(true);
    expect(newest.shadowRoot!.contains(deepActiveElement()), `focus in v-3 (on ${deepActiveElement()?.getAttribute('part')})`).to.equal(true);
    expect(first.shadowRoot!.contains(deepActiveElement()) || second.shadowRoot!.contains(deepActiveElement())).to.equal(false);
  });

  it('a burst of cards at the end, all before one frame: the newest is followed into view, without a button', async () => {
    const { host, session } = await hostIn();
    cleanup.push(() => host.remove());
    for (const id of ['b-1', 'b-2', 'b-3']) await ask(host, session, id);
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const burst = ['b-4', 'b-5', 'b-6', 'b-7'];
    const call = (id: string) => ({ v: 1, type: 'tool_call', call_id: id, tool: 'request_user_approval', arguments: { message: `Step ${id}?`, severity: 'low' } });
    await lab.run({ action: 'send-all', session, messages: burst.map(call) });
    const newest = await waitForCard(host, 'b-7');
    await host.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(inView(newest), 'the newest card is in view').to.equal(true);
    expect(button(host)).to.equal(null);
  });

  it('forgets a card that left while out of sight: the same id again (a new session reusing its ids), arriving at the end, brings no button', async () => {
    const { host, session } = await hostIn();
    cleanup.push(() => host.remove());
    for (const id of ['s-1', 's-2', 's-3', 's-4', 's-5', 's-6', 's-7', 's-8']) await ask(host, session, id);
    await scrollWithKey('Home');
    const first = await ask(host, session, 'again');
    expect(button(host), 'out of sight: the button').to.not.equal(null);
    // The runtime takes it back while the user is still reading above: nothing is waiting now.
    await lab.run({ action: 'abort', callId: 'again' });
    await waitUntil(() => button(host) === null, 'the button stayed for a withdrawn card');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(inView(first), 'the withdrawn card was never seen').to.equal(false);
    // Another session on the same connection: its cards replace these, and its ids start over.
    // The runtime withdraws its calls first: on the page's `ready` it would send the pending ones
    // again, and whether the page shows them before this test looks is a race between sockets.
    for (const id of ['s-1', 's-2', 's-3', 's-4', 's-5', 's-6', 's-7', 's-8']) await lab.run({ action: 'abort', callId: id });
    await lab.run({ action: 'send', session, message: { v: 1, type: 'hello', session_id: `${session}-next` } });
    await waitUntil(() => hostHarness(host).find('[role="listitem"]') === null, 'the previous session\'s cards stayed');
    window.scrollTo(0, document.documentElement.scrollHeight);
    // At the end as the user sees it: once the browser has drawn the scroll.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await lab.run({ action: 'send', session, message: { v: 1, type: 'tool_call', call_id: 'again', tool: 'request_user_approval', arguments: { message: 'Again?', severity: 'low' } } });
    const el = await waitForCard(host, 'again');
    await host.updateComplete;
    expect(button(host), 'a card in view brings no button').to.equal(null);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(inView(el)).to.equal(true);
  });

  it('in a scrolling column: follows at its end; scrolled up, the button shows inside the column, goes once the card is seen, and focusPending() does what it does', async () => {
    const column = document.createElement('div');
    column.style.cssText = 'height: 360px; overflow: auto; border: 1px solid #888';
    document.body.prepend(column);
    cleanup.push(() => column.remove());
    const { host, session } = await hostIn(column);
    for (const id of ['n-1', 'n-2', 'n-3']) {
      const el = await ask(host, session, id);
      expect(inView(el, column), `${id} in the column's view`).to.equal(true);
    }
    expect(column.scrollTop).to.be.greaterThan(0, 'the column itself scrolled, not the page');
    column.scrollTop = 0;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const el4 = await ask(host, session, 'n-4');
    expect(inView(el4, column)).to.equal(false);
    await waitUntil(() => button(host), 'no New request button');
    expect(inView(button(host)!, column), 'the button shows at the bottom of the column').to.equal(true);
    await expect(host).to.be.accessible();

    // The user scrolls down and sees the card: the button goes by itself.
    column.scrollTop = column.scrollHeight;
    await waitUntil(() => button(host) === null, 'the button stayed after the card was seen');

    host.locale = 'en';
    column.scrollTop = 0;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await ask(host, session, 'n-5');
    await waitUntil(() => button(host)?.textContent?.trim() === 'New request', 'en: New request');
    column.scrollTop = 0;
    // As the button does: the card that arrived out of sight, not the oldest, which was seen.
    expect(host.focusPending()).to.equal(true);
    const unseen = host.shadowRoot!.getElementById('item-n-5')!;
    expect(inView(unseen, column)).to.equal(true);
    expect(hostHarness(host).card('n-5')!.shadowRoot!.contains(deepActiveElement())).to.equal(true);
    // Nothing out of sight any more: focusPending() brings the oldest pending card.
    expect(host.focusPending()).to.equal(true);
    expect(hostHarness(host).card('n-1')!.shadowRoot!.contains(deepActiveElement())).to.equal(true);
    host.remove();
    const empty = document.createElement('interaction-host') as InteractionHost;
    document.body.append(empty);
    cleanup.push(() => empty.remove());
    expect(empty.focusPending()).to.equal(false, 'nothing pending: false, focus stays');
  });
});
