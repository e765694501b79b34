// AG-UI 1.0 through the real @ag-ui/client: an AbstractAgent streams a tool call and ends its run
// with a tool_call interrupt; in Chromium the kit's card shows the call (its tool's name and
// arguments, read from the assistant message), is answered through its roles, and the next
// runAgent carries the resume entry, the events' order checked by the client's verifyEvents.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { closeBrowser, openPage, type PageLab } from './page-lab.js';

const ENTRY = new URL('./ag-ui.page.ts', import.meta.url).pathname;
type Round = { verified: string[]; resume: unknown; pending: number; kinds: string[] };

/** Runs `act` on a card; on failure, says what the card showed. */
async function step(card: Locator, act: () => Promise<void>) {
  await act().catch(async (error: Error) => {
    throw new Error(`${error.message}\n${await card.ariaSnapshot()}`);
  });
}

describe('AG-UI: a tool_call interrupt shows the call, and resumes with the answer', () => {
  let lab: PageLab;
  let page: Page;
  before(async () => {
    lab = await openPage(ENTRY);
    page = lab.page;
  });
  after(async () => {
    await lab.close();
    await closeBrowser();
  });
  const round = (capabilities: object) => page.evaluate((given) => (window as unknown as { round(c: object): Promise<Round> }).round(given), capabilities);

  it('interrupts only: an approval titled with the tool, its arguments as details; approving resumes with {approved: true}', async () => {
    const done = round({ humanInTheLoop: { interrupts: true } });
    const card = page.locator('approval-dialog').last();
    await card.getByRole('button', { name: 'Approve' }).waitFor();
    const seen = await card.ariaSnapshot();
    assert.match(seen, /deploy/);
    assert.match(seen, /service\W+checkout[\s\S]*replicas\W+3/, 'the arguments, not reason and id');
    assert.doesNotMatch(seen, /toolCallId/);
    await card.getByRole('button', { name: 'Approve' }).click();
    const result = await done;
    assert.deepEqual(result.verified, ['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'RUN_FINISHED']);
    assert.deepEqual(result.kinds, ['approval']);
    assert.deepEqual(result.resume, [{ interruptId: 'int-1', status: 'resolved', payload: { approved: true } }]);
    assert.equal(result.pending, 0, 'the resumed run finished: nothing pending');
  });

  it('a rejection resolves with approved false and the note', async () => {
    const done = round({ humanInTheLoop: { interrupts: true } });
    const card = page.locator('approval-dialog').last();
    await card.getByRole('button', { name: 'Add a reason' }).click();
    await card.getByRole('textbox', { name: 'Reason (optional)' }).fill('Not during the sale');
    await card.getByRole('button', { name: 'Reject' }).click();
    assert.deepEqual((await done).resume, [{ interruptId: 'int-1', status: 'resolved', payload: { approved: false, note: 'Not during the sale' } }]);
  });

  it('approveWithEdits: the approval card itself shows each argument in a field filled with its value; the resume carries exactly the edited arguments', async () => {
    const done = round({ humanInTheLoop: { interrupts: true, approveWithEdits: true } });
    const card = page.locator('approval-dialog').last();
    await card.getByText('Deploy to production?').waitFor();
    await step(card, async () => {
      assert.equal(await page.locator('questionnaire-form').count(), 0, 'no separate form: the approval is edited in place');
      assert.equal(await card.getByRole('textbox', { name: 'service' }).inputValue(), 'checkout');
      assert.equal(await card.getByRole('textbox', { name: 'replicas' }).inputValue(), '3');
      assert.equal(await card.getByRole('checkbox', { name: 'canary' }).isChecked(), true);
      await card.getByRole('textbox', { name: 'version' }).fill('2.3.2');
      await card.getByRole('textbox', { name: 'replicas' }).fill('5');
      await card.getByRole('button', { name: 'Approve' }).click();
    });
    const result = await done;
    assert.deepEqual(result.kinds, ['approval']);
    assert.deepEqual(result.resume, [{
      interruptId: 'int-1', status: 'resolved',
      payload: { approved: true, editedArgs: { service: 'checkout', version: '2.3.2', replicas: 5, canary: true } },
    }]);
    // The receipt, opened, lists what was approved, the edited arguments marked.
    await card.getByRole('button', { name: /deploy Approved/ }).click();
    const receipt = await card.ariaSnapshot();
    assert.match(receipt, /version[\s\S]*2\.3\.2 edited/);
    assert.match(receipt, /replicas[\s\S]*5 edited/);
  });

  it('approveWithEdits, rejected: approved false and the note, never the edits', async () => {
    const done = round({ humanInTheLoop: { interrupts: true, approveWithEdits: true } });
    const card = page.locator('approval-dialog').last();
    await card.getByRole('textbox', { name: 'replicas' }).fill('50');
    await card.getByRole('button', { name: 'Add a reason' }).click();
    await card.getByRole('textbox', { name: 'Reason (optional)' }).fill('Too many');
    await card.getByRole('button', { name: 'Reject' }).click();
    assert.deepEqual((await done).resume, [{ interruptId: 'int-1', status: 'resolved', payload: { approved: false, note: 'Too many' } }]);
  });

  it('the page logged no error', () => {
    assert.deepEqual(lab.errors, []);
  });
});
