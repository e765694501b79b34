// MCP URL-mode elicitation in <approval-dialog>: the full URL with its host set apart, warnings
// for look-alike hosts, nothing fetched or opened before the user's click.
import { expect, nextFrame } from '@open-wc/testing';
import { elicitResult } from '../../src/adapters/mcp-elicitation.js';
import type { ApprovalDialog } from '../../src/elements/approval-dialog/approval-dialog.js';
import { deepActiveElement, press, startBefore, tabTo } from '../support/keyboard.js';
import { URL_MODE } from './mcp-examples.js';
import { elicitationRequest } from './support.js';
import { mountCard } from '../support/card-harness.js';
import { partIn } from '../support/card-harness.js';

const withUrl = (url: string) => elicitationRequest({ ...URL_MODE, params: { ...URL_MODE.params, url } });

/** Records window.open calls instead of opening tabs in the test browser. */
function recordOpens() {
  const calls: unknown[][] = [];
  const original = window.open;
  window.open = (...args: unknown[]) => {
    calls.push(args);
    return null;
  };
  return { calls, restore: () => (window.open = original) };
}

describe('MCP URL mode in <approval-dialog>', () => {
  it('shows the whole URL, its host set apart, and who asks', async () => {
    const { el, root } = await mountCard<ApprovalDialog>(elicitationRequest(URL_MODE), { attrs: 'locale="en" requester="Example Co"' });
    expect(partIn(root, 'link')!.textContent!.replace(/\s+/g, '')).to.equal('https://mcp.example.com/ui/set_api_key');
    expect(partIn(root, 'link-host')!.textContent).to.equal('mcp.example.com');
    expect(partIn(root, 'link-warnings')).to.equal(null);
    expect(partIn(root, 'requester')!.textContent).to.contain('Example Co');
    expect(partIn(root, 'approve-button')!.textContent!.trim()).to.equal('Open link');
    expect(partIn(root, 'reject-button')!.textContent!.trim()).to.equal('Decline');
    expect(partIn(root, 'note'), 'no note for a link').to.equal(null);
    expect(el.state).to.equal('pending');
  });

  it('warns on punycode, mixed scripts, plain http and user info before the host', async () => {
    const cases: [string, string, string[]][] = [
      ['https://pаypal.example.com/login', 'xn--pypal-4ve.example.com', ['punycode', 'mixes scripts']],
      ['https://xn--80ak6aa92e.com/', 'xn--80ak6aa92e.com', ['punycode']],
      ['http://paypal.com@evil.example/', 'evil.example', ['not encrypted', 'user details']],
    ];
    for (const [url, host, words] of cases) {
      const { root } = await mountCard<ApprovalDialog>(withUrl(url), { attrs: 'locale="en"' });
      expect(partIn(root, 'link-host')!.textContent).to.equal(host);
      const warnings = partIn(root, 'link-warnings')!.textContent!;
      for (const word of words) expect(warnings).to.contain(word);
    }
  });

  it('fetches nothing and opens nothing before the click; the click opens it without opener', async () => {
    const opens = recordOpens();
    try {
      const url = 'https://prefetch-probe.example.invalid/ui?x=1';
      const { el, root, events } = await mountCard<ApprovalDialog>(withUrl(url), { attrs: 'locale="en"' });
      expect(root.querySelectorAll('a, img, iframe, link, object, embed')).to.have.length(0);
      expect(performance.getEntriesByType('resource').some((entry) => entry.name.includes('prefetch-probe'))).to.equal(false);
      expect(opens.calls).to.have.length(0);
      await startBefore(el);
      await tabTo((e) => e.getAttribute('part') === 'approve-button');
      await press('Enter');
      expect(opens.calls).to.deep.equal([[url, '_blank', 'noopener,noreferrer']]);
      expect(elicitResult(el.request!, events[0]!)).to.deep.equal({ action: 'accept' });
    } finally {
      opens.restore();
    }
  });

  it('Decline, Cancel and Escape in the modal report decline, cancel, cancel; none opens the link', async () => {
    const opens = recordOpens();
    try {
      const request = elicitationRequest(URL_MODE);
      for (const [part, action] of [['reject-button', 'decline'], ['dismiss-button', 'cancel']] as const) {
        const { el, events } = await mountCard<ApprovalDialog>(request, { attrs: 'locale="en"' });
        await startBefore(el);
        await tabTo((e) => e.getAttribute('part') === part);
        await press('Enter');
        expect(elicitResult(request, events[0]!)).to.deep.equal({ action });
      }
      const modal = await mountCard<ApprovalDialog>(request, { attrs: 'locale="en" modal' });
      await press('Escape');
      expect(elicitResult(request, modal.events[0]!)).to.deep.equal({ action: 'cancel' });
      expect(opens.calls).to.have.length(0);
    } finally {
      opens.restore();
    }
  });

  it('after consent: waiting, with a way to open it again; then done when the server says so', async () => {
    const opens = recordOpens();
    try {
      const { el, root } = await mountCard<ApprovalDialog>(elicitationRequest(URL_MODE), { attrs: 'locale="en"' });
      (partIn(root, 'approve-button') as HTMLButtonElement).click();
      el.linkState = 'waiting';
      await el.updateComplete;
      expect(partIn(root, 'link-status')!.textContent).to.contain('waiting for the server');
      partIn(root, 'link-status')!.querySelector('button')!.click();
      expect(opens.calls).to.have.length(2);
      el.linkState = 'complete';
      await el.updateComplete;
      expect(partIn(root, 'link-status')!.textContent).to.contain('reports it is done');
      expect(partIn(root, 'link-status')?.querySelector('button') ?? null).to.equal(null);
    } finally {
      opens.restore();
    }
  });

  it('tabbing on to Open again before the receipt takes focus: focus stays on Open again', async () => {
    const opens = recordOpens();
    try {
      const { el, root } = await mountCard<ApprovalDialog>(elicitationRequest(URL_MODE), { attrs: 'locale="en"' });
      const approve = partIn(root, 'approve-button') as HTMLButtonElement;
      approve.focus();
      approve.click();
      el.linkState = 'waiting';
      await el.updateComplete;
      // Before the frame at which the receipt takes focus: a quick Tab, or a slow frame, gets here
      // first. Focused from script, so the frame cannot come before it (a key press takes longer).
      const again = partIn(root, 'link-status')!.querySelector('button')!;
      again.focus();
      await nextFrame();
      await nextFrame();
      expect(deepActiveElement() === again, `focus on Open again, not ${deepActiveElement()?.textContent}`).to.equal(true);
    } finally {
      opens.restore();
    }
  });

  it('two clear actions and a quiet dismiss: Cancel stands apart, styled quietly, before Decline and Open link', async () => {
    const { el, root } = await mountCard<ApprovalDialog>(elicitationRequest(URL_MODE), { attrs: 'locale="en"' });
    const buttons = [...partIn(root, 'actions')!.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent!.trim())).to.deep.equal(['Cancel', 'Decline', 'Open link']);
    const [dismiss, decline, open] = buttons as [HTMLButtonElement, HTMLButtonElement, HTMLButtonElement];
    expect(dismiss.classList.contains('quiet'), 'the dismiss is quiet').to.equal(true);
    expect(open.classList.contains('primary')).to.equal(true);
    // Apart: the space between Cancel and Decline is wider than between Decline and Open link.
    const gapBefore = decline.getBoundingClientRect().left - dismiss.getBoundingClientRect().right;
    const gapAfter = open.getBoundingClientRect().left - decline.getBoundingClientRect().right;
    expect(gapBefore, `gaps ${gapBefore} / ${gapAfter}`).to.be.greaterThan(gapAfter * 2);
    await expect(el).to.be.accessible();
  });

  it('the receipt says what happened: the link was opened, or declined, never "Approved"', async () => {
    const opens = recordOpens();
    try {
      const opened = await mountCard<ApprovalDialog>(elicitationRequest(URL_MODE), { attrs: 'locale="en"' });
      await startBefore(opened.el);
      await tabTo((e) => e.getAttribute('part') === 'approve-button');
      await press('Enter');
      await opened.el.updateComplete;
      const receipt = partIn(opened.root, 'receipt')!.textContent!;
      expect(receipt).to.contain('Link opened');
      expect(receipt).not.to.contain('Approved');

      const declined = await mountCard<ApprovalDialog>(elicitationRequest(URL_MODE), { attrs: 'locale="zh-CN"' });
      (partIn(declined.root, 'reject-button') as HTMLButtonElement).click();
      await declined.el.updateComplete;
      const text = partIn(declined.root, 'receipt')!.textContent!;
      expect(text).to.contain('已拒绝');
      expect(text).not.to.contain('已批准');
      await expect(declined.el).to.be.accessible();
    } finally {
      opens.restore();
    }
  });
});
