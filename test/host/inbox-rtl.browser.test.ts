// <interaction-inbox> right to left, in Arabic and Hebrew at 390 px: the list and its open card
// mirrored (the severity stripe and the session on the right, the time left on the left), the
// inbox's words in the language, each model string isolated, the Back button's arrow turned to
// point the reading way and standing before its words, Up and Down moving through the rows while
// Left and Right move nothing, Escape back to the row, and axe clean in both states.
import { expect, fixture, html } from '@open-wc/testing';
import '../../src/entries/interaction-inbox.js';
import { ar } from '../../src/entries/locales/ar.js';
import { he } from '../../src/entries/locales/he.js';
import type { InteractionInbox } from '../../src/host/inbox/interaction-inbox.js';
import { FakeClock } from '../support/fake-clock.js';
import { deepActiveElement, press } from '../support/keyboard.js';
import { InboxRuntime, inboxHarness } from '../support/harness/inbox.js';

const LANGUAGES = {
  ar: { table: ar, script: /[\u0600-\u06ff]/, session: 'مساعد النشر', title: 'النشر إلى الإنتاج', message: 'نشر v2.3 في كل مناطق الإنتاج؟' },
  he: { table: he, script: /[\u0590-\u05ff]/, session: 'עוזר הפריסה', title: 'פריסה לייצור', message: 'לפרוס את v2.3 לכל אזורי הייצור?' },
} as const;

/** A waiting approval as the runtime lists it. */
function call(clock: FakeClock, id: string, title: string, session: string, severity: 'low' | 'medium' | 'high', message: string, seconds: number) {
  return {
    call_id: id,
    tool: 'request_user_approval',
    arguments: { title, message, severity, timeout_seconds: 600 },
    deadline: new Date(clock.now() + seconds * 1000).toISOString(),
    session_id: session,
    session_title: session,
    asked_at: new Date(clock.now()).toISOString(),
  };
}

async function mount(locale: string) {
  const clock = new FakeClock();
  const runtime = new InboxRuntime();
  const wrapper = await fixture<HTMLDivElement>(html`<div style="width: 390px">
    <interaction-inbox .transport=${runtime} .clock=${clock} locale=${locale}></interaction-inbox>
  </div>`);
  const inbox = wrapper.querySelector('interaction-inbox') as InteractionInbox;
  await inbox.updateComplete;
  return { inbox, runtime, clock, h: inboxHarness(inbox) };
}

const settle = async (inbox: InteractionInbox) => {
  for (let i = 0; i < 4; i += 1) {
    await inbox.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
};

/** Where the text after an element's first child (a button's words after its icon) is drawn. */
function wordsAfterIcon(button: HTMLElement): DOMRect {
  const range = document.createRange();
  range.setStartAfter(button.firstElementChild!);
  range.setEndAfter(button.lastChild!);
  return range.getBoundingClientRect();
}

describe('interaction-inbox right to left', () => {
  for (const [locale, words] of Object.entries(LANGUAGES)) {
    const strings = words.table.inbox!;
    it(`${locale}: the list and its open card mirrored, in ${locale}, model text isolated, Back pointing the reading way, Up and Down through the rows, Escape back to the row, axe clean`, async () => {
      const { inbox, runtime, clock, h } = await mount(locale);
      runtime.greet('li.lei', [
        call(clock, 'r1', words.title, words.session, 'high', words.message, 95),
        call(clock, 'r2', 'Drop old snapshots', 'Data agent', 'medium', 'Delete snapshots older than 30 days?', 240),
      ]);
      await settle(inbox);
      expect(inbox.getAttribute('dir')).to.equal('rtl');
      expect(getComputedStyle(h.part('rows')!).direction).to.equal('rtl');

      // The inbox's own words in the language: the count, the filters, the badge, the time left.
      expect(h.text('count')).to.equal(strings.count!(2));
      expect(h.text('count')).to.match(words.script);
      const row = h.row('r1')!;
      expect(row.querySelector('[part~="row-severity"]')!.textContent).to.equal(strings.severity!.high);
      expect(row.querySelector('[part~="row-time"]')!.textContent).to.equal(strings.left!('1:35'));
      expect([...h.part<HTMLSelectElement>('kind-filter')!.options].map((option) => option.text)).to.include(strings.filters!.allKinds);

      // The stripe and the session on the right (the inline start), the time left on the left.
      const style = getComputedStyle(row);
      expect([style.borderRightWidth, style.borderLeftWidth]).to.deep.equal(['4px', '1px']);
      const session = row.querySelector('.session')!.getBoundingClientRect();
      const left = row.querySelector('.left')!.getBoundingClientRect();
      expect(session.right).to.be.greaterThan(left.right);
      expect(session.right).to.be.closeTo(row.getBoundingClientRect().right, 24);
      // Every model string isolated: an English title reads left to right inside the Arabic row.
      for (const id of ['r1', 'r2']) {
        for (const part of h.row(id)!.querySelectorAll('.session, .title')) expect(part.getAttribute('dir'), `${id} ${part.className}`).to.equal('auto');
      }
      expect(h.row('r2')!.querySelector('.title')!.matches(':dir(ltr)')).to.equal(true);
      expect(row.querySelector('.title')!.matches(':dir(rtl)')).to.equal(true);
      await expect(inbox).to.be.accessible();

      // A vertical list: Up and Down move through it whatever the direction; Left and Right move nothing.
      row.focus();
      await press('ArrowDown');
      await settle(inbox);
      expect(deepActiveElement()).to.equal(h.row('r2'));
      for (const key of ['ArrowLeft', 'ArrowRight']) {
        await press(key);
        await settle(inbox);
        expect(deepActiveElement(), key).to.equal(h.row('r2'));
      }
      await press('ArrowUp');
      await settle(inbox);
      expect(deepActiveElement()).to.equal(h.row('r1'));

      await press('Enter');
      const card = await h.waitForCard();
      await settle(inbox);
      expect(card.getAttribute('dir')).to.equal('rtl');
      expect(getComputedStyle(card.shadowRoot!.querySelector('[part~="card"]')!).direction).to.equal('rtl');
      expect(h.approval().part('approve-button')!.textContent!.trim()).to.equal(words.table.approval!.approve);
      expect(h.find('.opened-head .session')!.getAttribute('dir')).to.equal('auto');

      // Back: its words, and its arrow turned (a mirrored "‹", pointing right) before them, at the button's right.
      const back = h.part<HTMLButtonElement>('back-button')!;
      expect(back.textContent!.trim()).to.contain(strings.back);
      const arrow = back.querySelector<HTMLElement>('.back-arrow')!;
      expect(new DOMMatrix(getComputedStyle(arrow).transform).a).to.equal(-1);
      const label = wordsAfterIcon(back);
      expect(arrow.getBoundingClientRect().left).to.be.at.least(label.right - 1);
      expect(back.getBoundingClientRect().right).to.be.closeTo(inbox.getBoundingClientRect().right, 24);
      await expect(inbox).to.be.accessible();

      await press('Escape');
      await settle(inbox);
      expect(h.openCard()).to.equal(null);
      expect(deepActiveElement()).to.equal(h.row('r1'));
      expect(document.activeElement === document.body || document.activeElement === null, 'focus fell to the page').to.equal(false);
    });
  }

  it('ar: a title too long for its row is cut at its own end, so that its first words show, whichever way it reads', async () => {
    const { inbox, runtime, clock, h } = await mount('ar');
    const arabic = 'نشر الإصدار الجديد من خدمة الدفع إلى كل مناطق الإنتاج في آسيا وأوروبا وأمريكا دفعة واحدة';
    const english = 'Release the new checkout service to every production region in Asia, Europe and America at once';
    runtime.greet('li.lei', [call(clock, 'ar', arabic, 'مساعد النشر', 'high', arabic, 95), call(clock, 'en', english, 'Data agent', 'low', english, 240)]);
    await settle(inbox);
    for (const [id, title] of [['ar', arabic], ['en', english]] as const) {
      const shown = h.row(id)!.querySelector<HTMLElement>('.title')!;
      expect(shown.scrollWidth, `${id} is cut`).to.be.greaterThan(shown.clientWidth);
      const text = [...shown.querySelectorAll('*'), shown].flatMap((el) => [...el.childNodes]).find((node) => node.nodeType === Node.TEXT_NODE && node.textContent === title)!;
      const first = document.createRange();
      first.setStart(text, 0);
      first.setEnd(text, title.indexOf(' '));
      const word = first.getBoundingClientRect();
      const box = shown.getBoundingClientRect();
      expect(word.left, `${id}: its first word shows`).to.be.at.least(box.left - 1);
      expect(word.right, `${id}: its first word shows`).to.be.at.most(box.right + 1);
    }
    await expect(inbox).to.be.accessible();
  });
});
