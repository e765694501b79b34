// The host's notifications, with the engine's real Notification API and a real
// runtime: the permission as a user would have answered the prompt (set through the browser's
// driver), every Notification the kit constructs recorded by a subclass that constructs the real
// one, and its click handler run by dispatching `click` on that real object.
//
// A permission request is counted and answered with the permission the driver set, never shown:
// a real prompt's late answer (MiniBrowser's `denied`, headless Chromium's dismissal) would land
// in the next test and make it depend on the order and the machine's speed.
//
// WebKit: WebKitWebDriver cannot set the permission (Set Permission is an unknown command there),
// so no page under test ever holds it; in WebKit these tests check that the kit stays quiet (it
// constructs nothing), and say so.
import { expect, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { ApprovalDialog } from '../../src/elements/approval-dialog/approval-dialog.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import { AgentLab } from '../support/agent.js';
import { partIn } from '../support/card-harness.js';
import { byPart, deepActiveElement, press, startBefore, tabTo } from '../support/keyboard.js';
import { card, mountHost, uniqueSession, waitForCard } from './support.js';

/** Sets the page's notification permission; false where the engine's driver cannot (WebKit). */
const permission = (state: 'granted' | 'prompt') => executeServerCommand('notifications', { state }) as Promise<boolean>;

const RealNotification = window.Notification;

/** Records every Notification constructed (real ones) and closed, and every permission request. */
function record() {
  const created: Notification[] = [];
  const closed: Notification[] = [];
  let asked = 0;
  class Recorded extends RealNotification {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      created.push(this);
    }
    override close(): void {
      closed.push(this);
      super.close();
    }
    static override requestPermission(callback?: NotificationPermissionCallback): Promise<NotificationPermission> {
      asked += 1;
      // Counted, not shown: a real prompt's answer would land in a later test (MiniBrowser answers
      // `denied`, headless Chromium dismisses it), and the driver sets the permission itself.
      const answer = RealNotification.permission;
      callback?.(answer);
      return Promise.resolve(answer);
    }
  }
  window.Notification = Recorded;
  return { created, closed, asked: () => asked };
}

let lab: AgentLab;
before(async () => {
  lab = await AgentLab.start({ context: { channel: 'feishu' } });
});
after(async () => {
  await lab.close();
  await permission('prompt');
});
afterEach(async () => {
  window.Notification = RealNotification;
  await permission('prompt');
});

async function hostWith(notify: string) {
  const session = uniqueSession('notify');
  const { host } = await mountHost(lab.url(session));
  host.notify = notify as InteractionHost['notify'];
  await host.updateComplete;
  return { host, session };
}

describe('interaction-host: notifications', () => {
  it('no permission is asked on load or when requests arrive; the first gesture in the host asks, once', async () => {
    const { asked, created } = record();
    expect(Notification.permission).to.equal('default');
    const { host, session } = await hostWith('always');
    await lab.call(session, 'request_user_approval', { message: 'Create the branch?', severity: 'low' }, 'np-1');
    await waitForCard(host, 'np-1');
    expect(asked(), 'not on load, not on arrival').to.equal(0);
    await startBefore(host);
    await tabTo(byPart('add-reason-button'));
    expect(asked(), 'a Tab that only lands in the host').to.equal(0);
    await press('Enter');
    await waitUntil(() => asked() === 1, 'Enter in the host never asked');
    await press('Control+Enter');
    expect(asked(), 'asked once').to.equal(1);
    expect(created, 'nothing shown without the permission').to.have.length(0);
  });

  it('notify off never asks; switching it on in the page\'s own control asks then, in that gesture', async () => {
    const { asked } = record();
    const { host, session } = await hostWith('off');
    await lab.call(session, 'request_user_approval', { message: 'Create the branch?', severity: 'low' }, 'ns-1');
    await waitForCard(host, 'ns-1');
    await startBefore(host);
    await tabTo(byPart('add-reason-button'));
    await press('Enter');
    expect(asked(), 'a gesture in the host while notify is off').to.equal(0);
    const toggle = document.createElement('button');
    toggle.textContent = 'Notify me';
    toggle.addEventListener('click', () => (host.notify = 'always'));
    host.before(toggle);
    toggle.focus();
    await press('Enter');
    await waitUntil(() => asked() === 1, 'the switch never asked');
    toggle.remove();
  });

  it('with the permission: one notification per arriving request, its words through the text path, tag = call id; it closes once answered', async () => {
    const granted = await permission('granted');
    const { created, closed, asked } = record();
    const { host, session } = await hostWith('always');
    await lab.call(session, 'request_user_approval', { title: 'Deploy \u202Egnp.exe', message: 'Release v2.3 to production?', severity: 'medium' }, 'nn-1');
    await lab.call(session, 'request_user_input', { message: 'Which region?' }, 'nn-2');
    await lab.call(session, 'publish_artifacts', { items: [{ url: 'https://x.example/a.pdf' }] }, 'nn-files');
    await waitForCard(host, 'nn-files');
    if (!granted) {
      expect(created, 'WebKit: no permission, nothing shown').to.have.length(0);
      return;
    }
    expect(asked(), 'granted already: never asked').to.equal(0);
    expect(created.map((n) => [n.tag, n.title, n.body])).to.deep.equal([
      ['nn-1', 'Deploy ⟨U+202E⟩gnp.exe', 'Release v2.3 to production?'],
      ['nn-2', '需要你的输入', 'Which region?'],
    ]);
    partIn<HTMLButtonElement>(card<ApprovalDialog>(host, 'nn-1')!.shadowRoot!, 'approve-button')!.click();
    await waitUntil(() => closed.includes(created[0]!), 'the answered card\'s notification stayed open');
    expect(closed).to.not.include(created[1]);
  });

  it('a click on a notification focuses the window and that card\'s first safe control (never approve on high risk)', async () => {
    const granted = await permission('granted');
    const { created, closed } = record();
    const { host, session } = await hostWith('always');
    await lab.call(session, 'request_user_approval', { message: 'Create the branch?', severity: 'low' }, 'nc-1');
    await lab.call(session, 'request_user_approval', { title: 'Drop', message: 'Drop the table?', severity: 'high', details: 'DROP TABLE users;' }, 'nc-2');
    const high = await waitForCard(host, 'nc-2');
    if (!granted) {
      expect(created, 'WebKit: no permission, nothing shown').to.have.length(0);
      return;
    }
    await startBefore(host);
    const notification = created.find((n) => n.tag === 'nc-2')!;
    notification.dispatchEvent(new Event('click'));
    const active = deepActiveElement()!;
    expect(high.shadowRoot!.contains(active), `focus in the high-risk card, not ${active.localName}`).to.equal(true);
    expect(byPart('approve-button')(active) || byPart('confirm-button')(active)).to.equal(false);
    expect(closed).to.include(notification);
    await expect(host).to.be.accessible();
  });

  it('hidden: nothing while the page is in view; one when a request arrives while it is hidden', async () => {
    const granted = await permission('granted');
    const { created } = record();
    const { host, session } = await hostWith('hidden');
    await lab.call(session, 'request_user_approval', { message: 'Seen here?' }, 'nh-1');
    await waitForCard(host, 'nh-1');
    expect(created, 'the page is in view').to.have.length(0);
    const hidden = await hide();
    try {
      await lab.call(session, 'request_user_approval', { message: 'Seen elsewhere?' }, 'nh-2');
      await waitForCard(host, 'nh-2');
      expect(created.map((n) => n.tag)).to.deep.equal(granted ? ['nh-2'] : []);
    } finally {
      await hidden.show();
    }
  });

  it('notify off (the default) or no Notification API: nothing, and nothing breaks', async () => {
    await permission('granted');
    const { created } = record();
    const quiet = uniqueSession('notify');
    const plain = await mountHost(lab.url(quiet));
    expect(plain.host.notify).to.equal('off');
    await lab.call(quiet, 'request_user_approval', { message: 'Off?' }, 'no-0');
    await waitForCard(plain.host, 'no-0');
    const { host, session } = await hostWith('always');
    // A browser without the API (an embedded web view, an older engine).
    const api = Object.getOwnPropertyDescriptor(window, 'Notification')!;
    delete (window as { Notification?: unknown }).Notification;
    try {
      await lab.call(session, 'request_user_approval', { message: 'No API?' }, 'no-1');
      await waitForCard(host, 'no-1');
      await startBefore(host);
      await tabTo(byPart('add-reason-button'));
      await press('Enter');
    } finally {
      Object.defineProperty(window, 'Notification', api);
    }
    expect(created).to.have.length(0);
    expect(card(host, 'no-1')!.getAttribute('state')).to.equal('pending');
  });
});

/**
 * Hides the page as a user does, by bringing another tab in front of it where the engine reports
 * that (Firefox). Headless Chromium keeps every page `visible` (behind another tab, minimised:
 * checked), and WebKit could only minimise its window, which takes the keyboard from the tests
 * after it; there the page's `visibilityState` reads `hidden` for the while, and the kit, which
 * reads it at each arrival, is none the wiser.
 */
async function hide(): Promise<{ show: () => Promise<void> }> {
  if (await executeServerCommand('cover-page', { cover: true })) {
    await waitUntil(() => document.visibilityState === 'hidden', 'the page never hid');
    return { show: () => executeServerCommand('cover-page', { cover: false }).then(() => waitUntil(() => document.visibilityState === 'visible')) };
  }
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  return { show: async () => void delete (document as { visibilityState?: unknown }).visibilityState };
}
