// <interaction-inbox> against the runtime's end of an inbox connection, frame by frame
// (docs/protocol.md §12.2): the snapshot as rows soonest deadline first, calls arriving and
// leaving, answers as tool_result with session_id kept until acked across a reconnect, the chat's
// rules in its cards (deliberate confirm, answer-all never for high), time that stays with the
// chat page, the keyboard (arrows, Enter, Escape, focus never on the page), filters, zh-CN and en,
// 320 px, and axe in every state.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/entries/interaction-inbox.js';
import '../../src/entries/locales/ar.js';
import type { InteractionInbox } from '../../src/host/inbox/interaction-inbox.js';
import { CONFIRM_DELAY_MS } from '../../src/elements/approval-dialog/approval-dialog.js';
import { MemoryStorage } from '../../src/session/storage.js';
import { FakeClock } from '../support/fake-clock.js';
import { byPart, deepActiveElement, press } from '../support/keyboard.js';
import { InboxRuntime, inboxHarness } from '../support/harness/inbox.js';

interface CallSpec {
  session?: string;
  title?: string;
  severity?: 'low' | 'medium' | 'high';
  /** Seconds from now to its deadline. */
  in?: number;
  input?: boolean;
}

/** A waiting call as the runtime lists it. */
function call(clock: FakeClock, id: string, spec: CallSpec = {}) {
  const session = spec.session ?? 's1';
  return {
    call_id: id,
    tool: spec.input ? 'request_user_input' : 'request_user_approval',
    arguments: spec.input
      ? { message: `${spec.title ?? id}?`, title: spec.title ?? id, input_mode: 'text', timeout_seconds: 600 }
      : { message: `Run ${spec.title ?? id}?`, title: spec.title ?? id, severity: spec.severity ?? 'medium', timeout_seconds: 600 },
    deadline: new Date(clock.now() + (spec.in ?? 300) * 1000).toISOString(),
    session_id: session,
    session_title: session === 's1' ? '部署助手' : session === 's2' ? 'Data agent' : null,
    asked_at: new Date(clock.now()).toISOString(),
  };
}

async function mount(options: { locale?: string; theme?: 'light' | 'dark'; width?: number; storage?: MemoryStorage; clock?: FakeClock; runtime?: InboxRuntime } = {}) {
  const clock = options.clock ?? new FakeClock();
  const runtime = options.runtime ?? new InboxRuntime();
  const storage = options.storage ?? new MemoryStorage();
  const wrapper = await fixture<HTMLDivElement>(html`<div style=${`width: ${options.width ?? 390}px`}>
    <interaction-inbox .transport=${runtime} .clock=${clock} .storage=${storage} locale=${options.locale ?? 'zh-CN'} theme=${options.theme ?? 'light'}></interaction-inbox>
  </div>`);
  const inbox = wrapper.querySelector('interaction-inbox') as InteractionInbox;
  await inbox.updateComplete;
  return { inbox, runtime, clock, storage, h: inboxHarness(inbox) };
}

const settle = async (inbox: InteractionInbox) => {
  for (let i = 0; i < 4; i += 1) {
    await inbox.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
};
const focusedPart = () => deepActiveElement()?.getAttribute('part') ?? deepActiveElement()?.id ?? 'nothing';
const notOnPage = () => expect(document.activeElement === document.body || document.activeElement === null, 'focus fell to the page').to.equal(false);

describe('interaction-inbox', () => {
  it('connects as the protocol says, says it is empty, then lists the snapshot soonest deadline first', async () => {
    const { inbox, runtime, clock, h } = await mount();
    expect(runtime.of('connect')).to.have.length(1);
    runtime.deliver({ type: 'hello', inbox: true, actor: 'li.lei' });
    const [ready] = runtime.of('ready');
    expect(ready).to.include({ type: 'ready' });
    expect(ready!.resume).to.deep.equal([]);
    runtime.deliver({ type: 'inbox', calls: [] });
    await settle(inbox);
    expect(h.text('empty')).to.equal('没有等待处理的请求');
    await expect(inbox).to.be.accessible();
    runtime.deliver({ type: 'inbox', calls: [call(clock, 'late', { in: 280 }), call(clock, 'soon', { in: 40, severity: 'high' }), call(clock, 'mid', { in: 120, session: 's2', input: true })] });
    await settle(inbox);
    expect(h.rowIds()).to.deep.equal(['soon', 'mid', 'late']);
    expect(h.rowText('soon')).to.equal('部署助手 soon 高风险 剩余 0:40');
    expect(h.rowText('mid')).to.equal('Data agent mid 提问 剩余 2:00');
    expect(h.text('count')).to.equal('3 项等待处理');
    await expect(inbox).to.be.accessible();
  });

  it('takes calls as they arrive and leave: a settled row stays as a one-line receipt of where, who and when', async () => {
    const { inbox, runtime, clock, h } = await mount();
    runtime.greet('li.lei', [call(clock, 'a', { in: 100 })]);
    await settle(inbox);
    runtime.deliver({ type: 'inbox_add', call: call(clock, 'b', { in: 50, title: '重启服务' }) });
    await settle(inbox);
    expect(h.rowIds()).to.deep.equal(['b', 'a']);
    expect(h.announcement()).to.equal('新请求：重启服务');
    runtime.deliver({ type: 'inbox_remove', call_id: 'b', session_id: 's1', decision: 'approved', where: 'chat', actor: 'Li Lei', at: '2026-11-29T14:02:00.000Z' });
    await settle(inbox);
    // The time as the cards' receipts write it (the page's time zone, the language's short time).
    const time = new Intl.DateTimeFormat('zh-CN', { timeStyle: 'short' }).format(Date.parse('2026-11-29T14:02:00.000Z'));
    expect(h.rowText('b')).to.equal(`重启服务 已批准 在对话中 · Li Lei · ${time}`);
    expect(h.row('b')!.localName).to.equal('p');
    expect(h.text('count')).to.equal('1 项等待处理');
    await expect(inbox).to.be.accessible();
  });

  it('keeps its latest receipts (receipt-limit, 50 by default): the oldest leaves first, and 0 lets a row go once its call ended', async () => {
    const { inbox, runtime, clock, h } = await mount();
    expect(inbox.receiptLimit).to.equal(50);
    inbox.receiptLimit = 2;
    runtime.greet('li.lei', ['r1', 'r2', 'r3', 'w'].map((id, n) => call(clock, id, { in: 100 + n })));
    await settle(inbox);
    const remove = (id: string) => runtime.deliver({ type: 'inbox_remove', call_id: id, session_id: 's1', decision: 'approved', where: 'chat', actor: 'Li Lei', at: '2026-11-29T14:02:00.000Z' });
    for (const id of ['r2', 'r1', 'r3']) remove(id);
    await settle(inbox);
    expect(h.rowIds(), 'the first call to end left first').to.deep.equal(['r1', 'r3', 'w']);
    h.row('r3')!.focus();
    inbox.receiptLimit = 0;
    await settle(inbox);
    expect(h.rowIds()).to.deep.equal(['w']);
    notOnPage();
    remove('w');
    await settle(inbox);
    expect(h.rowIds()).to.deep.equal([]);
    expect(h.text('empty')).to.equal('没有等待处理的请求');
    await expect(inbox).to.be.accessible();
  });

  it('moves through rows with the arrow keys, opens with Enter, returns with Escape; focus never falls to the page', async () => {
    const { inbox, runtime, clock, h } = await mount();
    runtime.greet('li.lei', [call(clock, 'one', { in: 60 }), call(clock, 'two', { in: 90, severity: 'high' }), call(clock, 'three', { in: 120, input: true })]);
    await settle(inbox);
    // One tab stop: the first row; the others are reached with the arrows.
    expect(['one', 'two', 'three'].map((id) => h.row(id)!.tabIndex)).to.deep.equal([0, -1, -1]);
    h.row('one')!.focus();
    await press('ArrowDown');
    await settle(inbox);
    expect(deepActiveElement()).to.equal(h.row('two'));
    await press('End');
    await settle(inbox);
    expect(deepActiveElement()).to.equal(h.row('three'));
    await press('ArrowUp');
    await settle(inbox);
    expect(deepActiveElement()).to.equal(h.row('two'));
    expect(h.row('two')!.tabIndex).to.equal(0);
    await press('Enter');
    const card = await h.waitForCard();
    await settle(inbox);
    expect(card.localName).to.equal('approval-dialog');
    // The first safe control, never approve on a high-risk approval.
    expect(focusedPart()).to.not.equal('approve-button');
    expect(card.shadowRoot!.contains(deepActiveElement())).to.equal(true, `focus on ${focusedPart()}`);
    await expect(inbox).to.be.accessible();
    await press('Escape');
    await settle(inbox);
    expect(h.openCard()).to.equal(null);
    expect(deepActiveElement()).to.equal(h.row('two'));
    notOnPage();
  });

  it('answers over the connection as tool_result with session_id, kept and re-sent after a reconnect until acked', async () => {
    const storage = new MemoryStorage();
    const { inbox, runtime, clock, h } = await mount({ storage });
    runtime.greet('li.lei', [call(clock, 'dep', { in: 200, session: 's2', severity: 'low' })]);
    await settle(inbox);
    h.row('dep')!.focus();
    await press('Enter');
    await h.waitForCard();
    await h.approval().approve();
    await settle(inbox);
    const [sent] = runtime.of('tool_result');
    expect(sent).to.deep.include({ type: 'tool_result', call_id: 'dep', tool: 'request_user_approval', session_id: 's2' });
    expect((sent!.result as { interaction_response: { approved: boolean } }).interaction_response.approved).to.equal(true);
    expect(storage.getItem('agent-interaction-kit:inbox:li.lei')).to.contain('"dep"');
    // The connection drops before the ack: on the next ready the answer goes again, and again, until acked.
    runtime.drop();
    runtime.reopen();
    expect(runtime.of('connect')).to.have.length(2);
    runtime.deliver({ type: 'hello', inbox: true, actor: 'li.lei' });
    expect(runtime.of('ready').at(-1)!.resume).to.deep.equal(['dep']);
    expect(runtime.of('tool_result')).to.have.length(2);
    expect(runtime.of('tool_result')[1]).to.deep.equal(sent);
    runtime.deliver({ type: 'ack', id: 'dep', session_id: 's2' });
    await settle(inbox);
    runtime.drop();
    runtime.reopen();
    runtime.deliver({ type: 'hello', inbox: true, actor: 'li.lei' });
    expect(runtime.of('ready').at(-1)!.resume).to.deep.equal([]);
    expect(runtime.of('tool_result')).to.have.length(2);
    // Its own answer, acked: the card shows its receipt, and the row says where and who.
    expect(h.approval().receipt()).to.contain('已批准');
    await h.approval().receiptFocused();
    await press('Escape');
    await settle(inbox);
    expect(h.rowText('dep')).to.contain('已批准 在收件箱 · li.lei');
    await expect(inbox).to.be.accessible();
  });

  it('a page reloaded before the ack re-sends the answer from storage and shows the row as sending', async () => {
    const storage = new MemoryStorage();
    const first = await mount({ storage });
    first.runtime.greet('li.lei', [call(first.clock, 'r1', { in: 200 })]);
    await settle(first.inbox);
    first.h.row('r1')!.focus();
    await press('Enter');
    await first.h.waitForCard();
    await first.h.approval().reject();
    await settle(first.inbox);
    const [sent] = first.runtime.of('tool_result');
    first.inbox.remove();
    const again = await mount({ storage, clock: first.clock });
    again.runtime.greet('li.lei', [call(first.clock, 'r1', { in: 200 })]);
    await settle(again.inbox);
    expect(again.runtime.of('ready')[0]!.resume).to.deep.equal(['r1']);
    expect(again.runtime.of('tool_result')).to.deep.equal([sent]);
    expect(again.h.rowText('r1')).to.contain('正在提交');
  });

  it('a high-risk approval asks for the deliberate confirm before it sends', async () => {
    const { inbox, runtime, clock, h } = await mount();
    runtime.greet('li.lei', [call(clock, 'hi', { severity: 'high' })]);
    await settle(inbox);
    inbox.open('hi');
    await h.waitForCard();
    await h.approval().activate('approve-button');
    expect(runtime.of('tool_result')).to.have.length(0);
    expect(h.approval().part('confirm-button')).to.not.equal(null);
    clock.advance(CONFIRM_DELAY_MS);
    await h.approval().settle();
    await h.approval().press('Enter');
    await settle(inbox);
    expect(runtime.of('tool_result')).to.have.length(1);
    expect(runtime.of('tool_result')[0]).to.include({ call_id: 'hi', session_id: 's1' });
  });

  it('answer-all covers the low and medium approvals in view and leaves the high one', async () => {
    const { inbox, runtime, clock, h } = await mount();
    runtime.greet('li.lei', [call(clock, 'x1', { severity: 'low', session: 's1' }), call(clock, 'x2', { severity: 'high' }), call(clock, 'x3', { severity: 'medium', session: 's2' }), call(clock, 'q', { input: true })]);
    await settle(inbox);
    expect(h.text('approve-all-button')).to.equal('全部批准 (2)');
    expect(h.part('answer-all')!.textContent).to.contain('不包括（高风险，请逐项处理）：x2');
    await expect(inbox).to.be.accessible();
    h.part('approve-all-button')!.focus();
    await press('Enter');
    await settle(inbox);
    const results = runtime.of('tool_result');
    expect(results.map((r) => [r.call_id, r.session_id])).to.deep.equal([['x1', 's1'], ['x3', 's2']]);
    expect(results.every((r) => (r.result as { interaction_response: { approved: boolean } }).interaction_response.approved)).to.equal(true);
    expect(h.rowText('x2')).to.contain('剩余');
    notOnPage();
  });

  it('at the deadline the card says time is up, sends nothing, and waits for the runtime', async () => {
    const { inbox, runtime, clock, h } = await mount();
    runtime.greet('li.lei', [call(clock, 'due', { in: 30, input: true })]);
    await settle(inbox);
    inbox.open('due');
    const card = await h.waitForCard();
    await settle(inbox);
    expect(card.shadowRoot!.contains(deepActiveElement())).to.equal(true);
    clock.advance(31_000);
    await settle(inbox);
    expect(h.openCard()).to.equal(null);
    expect(h.text('time-up')).to.equal('时间已到，正在等待智能体给出结果。');
    expect(deepActiveElement()).to.equal(h.part('time-up'));
    expect(runtime.of('tool_result')).to.have.length(0);
    await expect(inbox).to.be.accessible();
    await press('Escape');
    await settle(inbox);
    expect(h.rowText('due')).to.contain('时间已到');
    expect(deepActiveElement()).to.equal(h.row('due'));
    runtime.deliver({ type: 'inbox_remove', call_id: 'due', session_id: 's1', decision: 'timeout', where: 'chat', actor: null, at: new Date(clock.now()).toISOString() });
    await settle(inbox);
    expect(h.rowText('due')).to.contain('已超时 在对话中');
    expect(runtime.of('tool_result')).to.have.length(0);
  });

  it("a call settled elsewhere while its card is open turns into the chat's receipt (where, who), focus on it", async () => {
    const { inbox, runtime, clock, h } = await mount();
    runtime.greet('li.lei', [call(clock, 'el', { in: 100 })]);
    await settle(inbox);
    inbox.open('el');
    await h.waitForCard();
    await settle(inbox);
    runtime.deliver({ type: 'inbox_remove', call_id: 'el', session_id: 's1', decision: 'rejected', where: 'link', actor: '王芳', at: new Date(clock.now()).toISOString() });
    await settle(inbox);
    const receipt = h.approval();
    await receipt.settle();
    expect(receipt.receipt()).to.equal('已拒绝');
    expect(receipt.find('.receipt-where')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('通过链接 · 王芳');
    expect(receipt.answerControls()).to.equal(null);
    await receipt.receiptFocused();
    notOnPage();
    await expect(inbox).to.be.accessible();
    await press('Escape');
    await settle(inbox);
    expect(h.rowText('el')).to.contain('已拒绝 通过链接 · 王芳');
  });

  it('filters by session and by kind', async () => {
    const { inbox, runtime, clock, h } = await mount();
    runtime.greet('li.lei', [call(clock, 'a1', { session: 's1', in: 10 }), call(clock, 'b1', { session: 's2', in: 20 }), call(clock, 'b2', { session: 's2', in: 30, input: true })]);
    await settle(inbox);
    await h.filter('session-filter', 's2');
    expect(h.rowIds()).to.deep.equal(['b1', 'b2']);
    await h.filter('kind-filter', 'input');
    expect(h.rowIds()).to.deep.equal(['b2']);
    expect(h.text('count')).to.equal('1 项等待处理');
    await expect(inbox).to.be.accessible();
    await h.filter('session-filter', 's1');
    expect(h.text('empty')).to.equal('没有等待处理的请求');
    await h.filter('kind-filter', 'all');
    expect(h.rowIds()).to.deep.equal(['a1']);
  });

  it('speaks English when asked, and the title count and interaction-waiting follow the rows', async () => {
    const { inbox, runtime, clock, h } = await mount({ locale: 'en' });
    const counts: number[] = [];
    inbox.addEventListener('interaction-waiting', (event) => counts.push((event as CustomEvent<{ count: number }>).detail.count));
    runtime.greet('ana', []);
    await settle(inbox);
    expect(h.text('empty')).to.equal('Nothing is waiting');
    runtime.deliver({ type: 'inbox_add', call: call(clock, 'e1', { in: 75, severity: 'low', session: 's2' }) });
    await settle(inbox);
    expect(h.rowText('e1')).to.equal('Data agent e1 Low risk 1:15 left');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.title.startsWith('(1) ')).to.equal(true, document.title);
    runtime.deliver({ type: 'inbox_remove', call_id: 'e1', session_id: 's2', decision: 'approved', where: 'inbox', actor: 'Li Lei', at: new Date(clock.now()).toISOString() });
    await settle(inbox);
    expect(h.rowText('e1')).to.match(/^e1 Approved in the inbox · Li Lei · /);
    expect(counts.slice(-2)).to.deep.equal([1, 0]);
    await expect(inbox).to.be.accessible();
  });

  it('at 320 px every row keeps its time and severity in view, nothing past its edge', async () => {
    const { inbox, runtime, clock, h } = await mount({ width: 320, locale: 'en' });
    runtime.greet('li.lei', [call(clock, 'w1', { title: 'Deploy the payment service to every production region', severity: 'high', session: 's2' }), call(clock, 'w2', { input: true, title: 'Which branch should the release be cut from?' })]);
    await settle(inbox);
    const box = inbox.getBoundingClientRect();
    expect(box.width).to.equal(320);
    for (const id of ['w1', 'w2']) {
      const row = h.row(id)!;
      const line = row.getBoundingClientRect();
      expect(line.right).to.be.at.most(box.right + 0.5);
      expect(line.left).to.be.at.least(box.left - 0.5);
      for (const part of [...row.children] as HTMLElement[]) {
        const rect = part.getBoundingClientRect();
        expect(rect.right, `${id} ${part.className}`).to.be.at.most(line.right + 0.5);
        if (part.classList.contains('left') || part.classList.contains('kind')) expect(part.scrollWidth, `${id} ${part.className} cut`).to.be.at.most(part.clientWidth + 1);
      }
    }
    expect(byPart('rows')(h.part('rows')!)).to.equal(true);
    await expect(inbox).to.be.accessible();
  });

  it('in Arabic and dark: right to left, the severity stripe on the inline start, Back pointing the reading way, axe clean', async () => {
    const { inbox, runtime, clock, h } = await mount({ locale: 'ar', theme: 'dark' });
    runtime.greet('li.lei', [call(clock, 'r1', { severity: 'high', session: 's2' })]);
    await settle(inbox);
    expect(inbox.getAttribute('dir')).to.equal('rtl');
    const row = h.row('r1')!;
    const style = getComputedStyle(row);
    expect(style.borderRightWidth).to.equal('4px');
    expect(style.borderLeftWidth).to.equal('1px');
    // The session title at the row's right, the time left at its left.
    const session = row.querySelector('.session')!.getBoundingClientRect();
    const left = row.querySelector('.left')!.getBoundingClientRect();
    expect(session.left).to.be.greaterThan(left.right);
    expect(h.text('count')).to.equal('طلب واحد منتظر');
    await expect(inbox).to.be.accessible();
    inbox.open('r1');
    await h.waitForCard();
    await settle(inbox);
    expect(h.text('back-button')).to.contain('العودة إلى القائمة');
    expect(getComputedStyle(h.find('.back-arrow')!).transform).to.not.equal('none');
    await expect(inbox).to.be.accessible();
  });
});
