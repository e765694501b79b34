// The pages of the inbox benchmark, chosen by `?mode=`:
// - chat: one <interaction-host> on a session's socket (`ws`); each card is answered through its
//   own approve button once shown, and leaves at its ack (receipts 0);
// - inbox: one <interaction-inbox> on the runtime's inbox socket (`ws`), answering nothing and
//   keeping no receipt rows (a row leaves once its call ended).
// Either page tells the bench (`window.benchShown(id, at, renderMs)`, a Playwright binding) when
// the call the bench named with `window.benchExpect(id)` is shown, laid out: the chat's card once
// rendered, the inbox's row once in its render root. `at` is the page's clock then (`benchNow`,
// milliseconds since the epoch), which the bench sets against its own; `renderMs` is the time of
// the inbox's update that put the row there, layout included, timed by wrapping the element's own
// `performUpdate` on the instance (the element has no hook for it).
import '../src/entries/interaction-host.js';
import '../src/entries/interaction-inbox.js';
import { itemId } from '../src/host/arrival-blocks.js';
import { rowId } from '../src/host/inbox/inbox-rows.js';
import type { InteractionHost } from '../src/host/interaction-host.js';
import type { InteractionInbox } from '../src/host/inbox/interaction-inbox.js';

declare global {
  interface Window {
    benchExpect: (id: string) => void;
    benchShown: (id: string, at: number, renderMs: number) => Promise<void>;
    benchNow: () => number;
    benchRows: () => number;
    benchEnded: (id: string) => boolean;
  }
}

const params = new URLSearchParams(location.search);
const mode = params.get('mode');
let expected: string | undefined;
window.benchExpect = (id) => void (expected = id);
window.benchNow = () => performance.timeOrigin + performance.now();

/** Times each update of `element`; reports the one after which `domId(expected)` is in its render root. */
function watch(element: HTMLElement & { renderRoot: HTMLElement | DocumentFragment }, domId: (id: string) => string): void {
  const timed = element as unknown as { performUpdate: () => void };
  const update = timed.performUpdate.bind(element);
  timed.performUpdate = () => {
    const start = performance.now();
    update();
    const id = expected;
    const shown = id ? element.renderRoot.querySelector<HTMLElement>(`#${CSS.escape(domId(id))}`) : null;
    if (!shown) return;
    shown.getBoundingClientRect(); // the layout the new row needs, inside the timed update
    const renderMs = performance.now() - start;
    expected = undefined;
    void window.benchShown(id!, window.benchNow(), renderMs);
  };
}

if (mode === 'chat') {
  const host = document.createElement('interaction-host') as InteractionHost;
  host.receiptLimit = 0;
  host.addEventListener('interaction-request', async (event) => {
    await host.updateComplete;
    const card = host.shadowRoot!.getElementById(itemId(event.detail.id))?.lastElementChild as (HTMLElement & { updateComplete: Promise<unknown> }) | null;
    await card?.updateComplete;
    // The card is rendered: laid out, it is shown.
    if (card && event.detail.id === expected) {
      card.getBoundingClientRect();
      expected = undefined;
      void window.benchShown(event.detail.id, window.benchNow(), 0);
    }
    card?.shadowRoot!.querySelector<HTMLButtonElement>('[part~="approve-button"]')!.click();
  });
  host.src = params.get('ws')!;
  document.body.append(host);
} else {
  const inbox = document.createElement('interaction-inbox') as InteractionInbox;
  watch(inbox, rowId);
  // The calls waiting, as the count says them (`N waiting`: the list shows only its first rows), once connected (-1 before).
  window.benchRows = () => (inbox.shadowRoot?.querySelector('.state-open') ? Number.parseInt(inbox.shadowRoot.querySelector('[part~="count"]')?.textContent ?? '', 10) : -1);
  // Whether call `id`'s row left (the call ended, and the inbox heard it): with no receipts kept,
  // as the chat page keeps none, "0 waiting" is an empty list.
  inbox.receiptLimit = 0;
  window.benchEnded = (id) => inbox.shadowRoot?.getElementById(rowId(id)) == null;
  inbox.src = params.get('ws')!;
  document.body.append(inbox);
}
