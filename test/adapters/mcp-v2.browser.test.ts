// The v2 SDK (`@modelcontextprotocol/client` and `/server`) answered in the kit, in both revisions:
// a tool asks through `input_required` (a form, then a second form naming the first answer), and
// each card is answered with the keyboard. In 2025-11-25 the server's shim sends the requests as
// `elicitation/create`; in 2026-07-28 the client fulfils them and retries the call with
// `inputResponses` and the server's `requestState`. Both reach the kit's one handler.
import { expect, waitUntil } from '@open-wc/testing';
import '../../src/entries/interaction-host.js';
import { elicitationHandler } from '../../src/entries/adapters-mcp-sdk.js';
import type { InteractionCard } from '../../src/elements/shared/interaction-card.js';
import type { ApprovalDialog } from '../../src/elements/approval-dialog/approval-dialog.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import { waitForCard } from '../host/support.js';
import { press, startBefore, tabTo, type } from '../support/keyboard.js';
import { partIn } from '../support/card-harness.js';
import type { Revision, V2Lab } from './mcp-v2-lab.js';
import { tabToField } from './support.js';

// The lab bundled with the SDK (scripts/wtr-bundles.js): the v2 SDK's CommonJS dependencies do not load unbundled.
const LAB = '/__bundles/mcp-v2-lab.js';
const { startV2Lab, SIGN_URL } = (await import(LAB)) as typeof import('./mcp-v2-lab.js');

const submit = async () => {
  await tabTo((el) => el.getAttribute('part') === 'submit-button');
  await press('Enter');
};

for (const revision of ['2025-11-25', '2026-07-28'] as const satisfies readonly Revision[]) {
  describe(`MCP v2 SDK, ${revision}: input_required answered in the kit`, function () {
    this.timeout(60_000);
    let host: InteractionHost;
    let lab: V2Lab;
    beforeEach(async () => {
      host = document.createElement('interaction-host') as InteractionHost;
      host.locale = 'en';
      document.body.append(host);
      lab = await startV2Lab(revision, elicitationHandler({ host, server: 'Lab v2 server' }));
    });
    afterEach(async () => {
      await lab.close();
      host.remove();
    });

    it('two rounds of forms, answered with the keyboard; the call returns both answers', async () => {
      expect(lab.version).to.equal(revision);
      const result = lab.call();
      const first = await waitForCard<InteractionCard>(host, 'mcp-1');
      expect(partIn(first.shadowRoot!, 'requester')!.textContent).to.contain('Lab v2 server');
      await expect(first).to.be.accessible();
      await startBefore(first);
      await tabToField('name');
      await type('Ada');
      await tabToField('plan');
      await press('1'); // Team
      await submit(); // Seats keeps its default, 3
      const second = await waitForCard<InteractionCard>(host, 'mcp-2');
      expect(partIn(second.shadowRoot!, 'message')!.textContent).to.contain('Invoice Ada now?');
      await startBefore(second);
      await tabToField('confirm');
      await press('Space');
      await submit();
      expect(await result).to.deep.equal({ first: { name: 'Ada', plan: 'team', seats: 3 }, second: { action: 'accept', content: { confirm: true } } });
      await expect(second).to.be.accessible();
      if (revision === '2026-07-28') {
        // The call, then its retries: each with this round's inputResponses and the server's requestState echoed.
        expect(lab.calls.map((params) => [Object.keys((params.inputResponses as object | undefined) ?? {}), params.requestState])).to.deep.equal([
          [[], undefined],
          [['account'], undefined],
          [['confirm'], JSON.stringify({ name: 'Ada', plan: 'team', seats: 3 })],
        ]);
      }
    });

    it('Decline goes back as decline, and the tool goes on without the answer', async () => {
      const result = lab.call();
      const first = await waitForCard<InteractionCard>(host, 'mcp-1');
      await startBefore(first);
      await tabTo((el) => el.getAttribute('part') === 'reject-button');
      await press('Enter');
      expect(await result).to.deep.equal({ first: { action: 'decline' } });
    });

    it('Escape inside the form is Cancel: the call is dropped', async () => {
      const result = lab.call();
      const first = await waitForCard<InteractionCard>(host, 'mcp-1');
      await startBefore(first);
      await tabToField('name');
      await press('Escape');
      expect(await result).to.deep.equal({ first: { action: 'cancel' } });
    });
  });
}

describe('MCP v2 SDK, 2026-07-28, URL mode: accept is consent, the card waits for the call', function () {
  this.timeout(60_000);
  let host: InteractionHost;
  let lab: V2Lab;
  let handler: ReturnType<typeof elicitationHandler>;
  const opened: unknown[][] = [];
  const original = window.open;
  beforeEach(async () => {
    opened.length = 0;
    window.open = (...args: unknown[]) => (opened.push(args), null);
    host = document.createElement('interaction-host') as InteractionHost;
    host.locale = 'en';
    document.body.append(host);
    handler = elicitationHandler({ host, server: 'Lab v2 server' });
    lab = await startV2Lab('2026-07-28', handler);
  });
  afterEach(async () => {
    window.open = original;
    await lab.close();
    host.remove();
  });

  /** Starts `sign` through the handler, and consents to its link with the keyboard. */
  async function consent() {
    const result = handler.during((signal) => lab.call('sign', signal));
    const card = await waitForCard<ApprovalDialog>(host, 'mcp-1');
    expect(partIn(card.shadowRoot!, 'link-host')!.textContent).to.equal('sign.example.com');
    await startBefore(card);
    await tabTo((el) => el.getAttribute('part') === 'approve-button');
    await press('Enter');
    expect(opened).to.deep.equal([[SIGN_URL, '_blank', 'noopener,noreferrer']]);
    await waitUntil(() => lab.signing.consented, 'the server never got the consent');
    await waitUntil(() => card.linkState === 'running', `link state ${card.linkState}`);
    await card.updateComplete;
    return { result, card };
  }

  const buttons = (card: ApprovalDialog) =>
    [...partIn(card.shadowRoot!, 'link-status')!.querySelectorAll('button')].map((button) => button.textContent!.trim());

  it('after consent the card keeps Open again and Cancel while the call runs; its completion ends the card', async () => {
    const { result, card } = await consent();
    expect(buttons(card)).to.deep.equal(['Open again', 'Cancel']);
    expect(partIn(card.shadowRoot!, 'link-status')!.textContent).to.contain('waiting');
    await expect(card).to.be.accessible();
    await tabTo((el) => el.textContent?.trim() === 'Open again');
    await press('Enter');
    expect(opened.length, 'Open again opens the link again').to.equal(2);
    lab.signing.finish!();
    expect(await result).to.deep.equal({ signed: true });
    await waitUntil(() => card.linkState === 'complete', `link state ${card.linkState}`);
    await card.updateComplete;
    expect(buttons(card)).to.deep.equal([]);
    expect(partIn(card.shadowRoot!, 'link-status')!.textContent).to.contain('reports it is done');
    await expect(card).to.be.accessible();
  });

  it('Cancel while it waits cancels the call: the server sees it cancelled, and the card says Cancelled', async () => {
    const { result, card } = await consent();
    await tabTo((el) => el.getAttribute('part') === 'dismiss-button' && el.closest('[part="link-status"]') !== null);
    await press('Enter');
    const outcome = (await result) as { error?: string };
    expect(outcome.error, JSON.stringify(outcome)).to.be.a('string');
    await waitUntil(() => lab.signing.cancelled, 'the server never saw the call cancelled');
    await waitUntil(() => card.linkState === 'cancelled', `link state ${card.linkState}`);
    await card.updateComplete;
    expect(buttons(card)).to.deep.equal([]);
    expect(partIn(card.shadowRoot!, 'link-status')!.textContent).to.contain('Cancelled');
    await expect(card).to.be.accessible();
  });
});
