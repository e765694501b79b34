// <interaction-inbox> with many calls waiting: the list shows its first rows (ROWS_SHOWN) and
// "Show more" after it, the count and the list's description still say how many there are; Show
// more by keyboard focuses the first new row, End the last row shown; a call with the soonest
// deadline arrives on top; the filters start the list again from its first rows; a row that
// leaves hands the tab stop to its neighbour, never to the page; a call arriving on top rewrites
// nothing already shown; axe with the button. And a
// snapshot with a malformed call, which drops that call only.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/entries/interaction-inbox.js';
import type { InteractionInbox } from '../../src/host/inbox/interaction-inbox.js';
import { ROWS_SHOWN } from '../../src/host/inbox/inbox-view.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { FakeClock } from '../support/fake-clock.js';
import { deepActiveElement, press } from '../support/keyboard.js';
import { InboxRuntime, inboxHarness } from '../support/harness/inbox.js';

/** Waiting call `id`, due in `seconds`, of session s1 or s2, an approval or a question. */
function call(clock: FakeClock, id: string, seconds: number, spec: { session?: string; input?: boolean } = {}) {
  const session = spec.session ?? 's1';
  return {
    call_id: id,
    tool: spec.input ? 'request_user_input' : 'request_user_approval',
    arguments: spec.input ? { message: `${id}?`, title: id, input_mode: 'text', timeout_seconds: 3600 } : { message: `Run ${id}?`, title: id, timeout_seconds: 3600 },
    deadline: new Date(clock.now() + seconds * 1000).toISOString(),
    session_id: session,
    session_title: session === 's1' ? 'Deploy agent' : 'Data agent',
    asked_at: new Date(clock.now()).toISOString(),
  };
}

/** `count` calls w0… due one second apart from a minute on; every third of session s2, every fourth a question. */
const many = (clock: FakeClock, count: number) =>
  Array.from({ length: count }, (_, i) => call(clock, `w${i}`, 60 + i, { session: i % 3 === 0 ? 's2' : 's1', input: i % 4 === 0 }));

async function mount(calls: (clock: FakeClock) => Record<string, unknown>[], locale = 'en') {
  const clock = new FakeClock();
  const runtime = new InboxRuntime();
  const wrapper = await fixture<HTMLDivElement>(html`<div style="width: 390px">
    <interaction-inbox .transport=${runtime} .clock=${clock} .storage=${new MemoryStorage()} locale=${locale} theme="light"></interaction-inbox>
  </div>`);
  const inbox = wrapper.querySelector('interaction-inbox') as InteractionInbox;
  runtime.greet('li.lei', calls(clock));
  await settle(inbox);
  return { inbox, runtime, clock, h: inboxHarness(inbox) };
}

const settle = async (inbox: InteractionInbox) => {
  for (let i = 0; i < 4; i += 1) {
    await inbox.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
};
const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `w${from + i}`);
const notOnPage = () => expect(document.activeElement === document.body || document.activeElement === null, 'focus fell to the page').to.equal(false);

describe('interaction-inbox with many calls waiting', () => {
  it('shows the first rows of 1,000 and Show more after them; the count and the list say how many there are', async () => {
    const { inbox, h } = await mount((clock) => many(clock, 1000), 'zh-CN');
    expect(ROWS_SHOWN).to.equal(30);
    expect(h.rowIds()).to.deep.equal(ids(0, 30));
    expect(h.text('show-more')).to.equal('再显示 30 项');
    expect(h.text('count')).to.equal('1000 项等待处理');
    const list = h.part('rows')!;
    const described = inbox.shadowRoot!.getElementById(list.getAttribute('aria-describedby')!)!;
    expect(described.textContent).to.equal('显示 1000 项中的 30 项');
    // Answering together covers the rows shown, what the person can read before pressing.
    expect(h.text('approve-all-button')).to.equal('全部批准 (22)');
    await expect(inbox).to.be.accessible();
  });

  it('Show more by keyboard focuses the first new row; End reaches the last row shown; the button counts what is left', async () => {
    const { inbox, h } = await mount((clock) => many(clock, 75));
    expect(h.text('show-more')).to.equal('Show 30 more');
    h.row('w0')!.focus();
    await press('Tab');
    expect(deepActiveElement()).to.equal(h.part('show-more'));
    await press('Enter');
    await settle(inbox);
    expect(h.rowIds()).to.deep.equal(ids(0, 60));
    expect(deepActiveElement()).to.equal(h.row('w30'));
    expect(h.row('w30')!.tabIndex).to.equal(0);
    expect(h.text('show-more')).to.equal('Show 15 more');
    expect(inbox.shadowRoot!.getElementById('rows-shown')!.textContent).to.equal('Showing 60 of 75');
    await press('End');
    await settle(inbox);
    expect(deepActiveElement()).to.equal(h.row('w59'));
    await press('Home');
    await settle(inbox);
    expect(deepActiveElement()).to.equal(h.row('w0'));
    await expect(inbox).to.be.accessible();
    // The last press shows every row: the button goes, focus on the first row it added.
    h.part<HTMLButtonElement>('show-more')!.focus();
    await press('Space');
    await settle(inbox);
    expect(h.rowIds()).to.deep.equal(ids(0, 75));
    expect(h.part('show-more')).to.equal(null);
    expect(deepActiveElement()).to.equal(h.row('w60'));
    notOnPage();
  });

  it('a new call with the soonest deadline appears on top; a focused last row is not pushed out of the list', async () => {
    const { inbox, runtime, clock, h } = await mount((c) => many(c, 1000));
    h.row('w0')!.focus();
    await press('End');
    await settle(inbox);
    expect(deepActiveElement()).to.equal(h.row('w29'));
    runtime.deliver({ type: 'inbox_add', call: call(clock, 'urgent', 5) });
    await settle(inbox);
    expect(h.rowIds()[0]).to.equal('urgent');
    expect(h.text('count')).to.equal('1001 waiting');
    // The focused row stays, and keeps focus.
    expect(h.rowIds().at(-1)).to.equal('w29');
    expect(deepActiveElement()).to.equal(h.row('w29'));
    // Unfocused, a new row takes the list's last place from the row before it.
    (deepActiveElement() as HTMLElement).blur();
    runtime.deliver({ type: 'inbox_add', call: call(clock, 'sooner', 2) });
    await settle(inbox);
    expect(h.rowIds().slice(0, 2)).to.deep.equal(['sooner', 'urgent']);
    expect(h.rowIds()).to.have.length(31);
    expect(h.text('show-more')).to.equal('Show 30 more');
  });

  it('a call arriving on top rewrites no other row, no other item of the bar’s list or the session filter, and not the host’s dir', async () => {
    const { inbox, runtime, clock, h } = await mount((c) => many(c, 100));
    const root = inbox.shadowRoot!;
    const barItem = (title: string) => [...root.querySelectorAll('[part~="answer-all"] li')].find((li) => li.querySelector('b')?.textContent === title);
    const before = { w1: barItem('w1'), s1: root.querySelector('option[value="s1"]') };
    expect(before.w1, 'w1 in the bar’s list').to.not.equal(undefined);
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((list) => records.push(...list));
    observer.observe(inbox, { attributes: true });
    observer.observe(root, { subtree: true, characterData: true, attributes: true });
    runtime.deliver({ type: 'inbox_add', call: call(clock, 'urgent', 5, { session: 's3' }) });
    await settle(inbox);
    records.push(...observer.takeRecords());
    observer.disconnect();
    expect(h.rowIds()[0]).to.equal('urgent');
    expect(root.querySelector('option[value="s3"]')).to.not.equal(null);
    // The nodes that showed w1 in the bar and s1 in the filter show them still (keyed, not rewritten).
    expect(barItem('w1')).to.equal(before.w1);
    expect(root.querySelector('option[value="s1"]')).to.equal(before.s1);
    // What was written: the count, the list's description and the bar's, nothing inside a row,
    // an item or an option already shown, and not the host's dir (written, it has the engine
    // work out the direction of everything inside again).
    const written = records.map((record) => {
      const element = record.target instanceof Element ? record.target : record.target.parentElement;
      const inside = element?.closest('li, option');
      return `${record.type} ${record.attributeName ?? ''} ${element === inbox ? 'host' : inside ? `inside ${inside.localName}` : 'elsewhere'}`;
    });
    expect(written.filter((line) => !line.endsWith('elsewhere'))).to.deep.equal([]);
  });

  it('a filter starts the list again from its first rows', async () => {
    const { inbox, h } = await mount((clock) => many(clock, 200));
    h.part<HTMLButtonElement>('show-more')!.click();
    await settle(inbox);
    expect(h.rowIds()).to.have.length(60);
    await h.filter('kind-filter', 'input');
    // Every fourth call is a question: 50 of them, the first 30 shown.
    expect(h.rowIds()).to.deep.equal(Array.from({ length: 30 }, (_, i) => `w${4 * i}`));
    expect(h.text('show-more')).to.equal('Show 20 more');
    expect(h.text('count')).to.equal('50 waiting');
    h.part<HTMLButtonElement>('show-more')!.click();
    await settle(inbox);
    expect(h.rowIds()).to.have.length(50);
    await h.filter('session-filter', 's2');
    // Questions of s2: every twelfth call, 17 of them, all shown.
    expect(h.rowIds()).to.have.length(17);
    expect(h.part('show-more')).to.equal(null);
    await h.filter('kind-filter', 'all');
    expect(h.rowIds()).to.have.length(30);
    expect(h.rowIds()[1]).to.equal('w3');
  });

  it('a row that leaves while focused hands focus to its neighbour, never to the page', async () => {
    const { inbox, runtime, clock, h } = await mount((c) => many(c, 40));
    h.row('w0')!.focus();
    for (let i = 0; i < 5; i += 1) await press('ArrowDown');
    await settle(inbox);
    expect(deepActiveElement()).to.equal(h.row('w5'));
    // A snapshot after a reconnect no longer lists w5 (settled while away): it goes.
    runtime.deliver({ type: 'inbox', calls: many(clock, 40).filter((c) => c.call_id !== 'w5') });
    await settle(inbox);
    expect(h.row('w5')).to.equal(null);
    expect(deepActiveElement()).to.equal(h.row('w6'));
    expect(h.row('w6')!.tabIndex).to.equal(0);
    expect(h.rowIds()).to.have.length(30);
    notOnPage();
  });
});

describe('interaction-inbox given a malformed call', () => {
  it('a snapshot with one malformed call lists the others and tells the runtime which fields', async () => {
    const { h, runtime } = await mount((clock) => [call(clock, 'good', 60), { ...call(clock, 'bad', 30), deadline: 5 }, call(clock, 'later', 90)]);
    expect(h.rowIds()).to.deep.equal(['good', 'later']);
    expect(runtime.of('error')).to.deep.equal([{ v: 1, type: 'error', id: 'bad', code: 'invalid_message', message: 'Invalid field(s) in a call of inbox: deadline.' }]);
  });
});
