// Vercel AI SDK (ai, @ai-sdk/react): a real ToolLoopAgent on a Node route, with the SDK's own mock
// language model, streams to a real useChat page in Chromium. Its tool parts render through the
// kit's helper; each card is answered through its role; the tool runs or is denied; the model's
// next call shows what it received.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { scriptedAiSdkAgent, type ScriptedAiSdkAgent } from '../../../demo/frameworks/ai-sdk-agent.js';
import { closeBrowser, openPage, type PageLab } from './page-lab.js';

const ENTRY = new URL('./ai-sdk.page.ts', import.meta.url).pathname;

describe('AI SDK: useChat tool parts answered in the kit’s cards', () => {
  let lab: PageLab;
  let page: Page;
  let agent: ScriptedAiSdkAgent;
  before(async () => {
    agent = scriptedAiSdkAgent();
    lab = await openPage(ENTRY, { '/api/chat': (_request, response, body) => agent.handle(response, body) });
    page = lab.page;
  });
  after(async () => {
    await lab.close();
    await closeBrowser();
  });

  async function say(text: string) {
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
  }
  const lastReply = () => page.getByRole('region', { name: 'Assistant' }).last();
  const idle = () => page.getByRole('status').filter({ hasText: /^ready$/ }).waitFor();

  it('needsApproval: the part is an approval card (tool name → app title, input as details, high from the mapping); approving runs the tool', async () => {
    await say('deploy please');
    const card = page.getByRole('article', { name: 'Deploy to production' });
    await card.getByText('Details', { exact: true }).click();
    await card.getByText('"environment": "production"').waitFor();
    await card.getByRole('button', { name: 'Approve' }).click();
    // High severity: approving takes a second, deliberate step.
    const confirm = card.getByRole('button', { name: 'Confirm approval' });
    await page.waitForFunction(() => {
      const host = [...document.querySelectorAll('approval-dialog')].at(-1);
      const button = host?.shadowRoot?.querySelector('[part~="confirm-button"]');
      return button && button.getAttribute('aria-disabled') !== 'true';
    });
    await confirm.click();
    await lastReply().getByText(/The model received/).waitFor();
    await idle();
    assert.deepEqual(agent.deployed, [{ service: 'checkout', version: '2.3.0', environment: 'production' }]);
    assert.deepEqual(agent.seen.at(-1), { toolName: 'deploy', output: { type: 'json', value: { deployed: 'checkout@2.3.0', environment: 'production' } } });
  });

  it('rejecting with a note denies the tool: it never runs, and the model reads the note as the reason', async () => {
    await say('deploy again');
    const card = page.getByRole('article', { name: 'Deploy to production' }).last();
    // The note sits behind "Add a reason" where the card keeps it out of the way.
    // Every new card starts with the note closed; clicking waits for the card to render (a count
    // taken before it rendered skipped the click and then waited for a textbox that never came).
    await card.getByRole('button', { name: 'Add a reason' }).click();
    await card.getByRole('textbox', { name: 'Reason (optional)' }).fill('Freeze until Monday');
    await card.getByRole('button', { name: 'Reject' }).click();
    await lastReply().getByText(/The model received/).waitFor();
    await idle();
    assert.equal(agent.deployed.length, 1, 'the denied deploy did not run');
    assert.deepEqual(agent.seen.at(-1), { toolName: 'deploy', output: { type: 'execution-denied', reason: 'Freeze until Monday' } });
  });

  it('a client-side request_user_input becomes the kit’s card; the choice goes back as the kit’s typed result', async () => {
    await say('which region?');
    const card = page.getByRole('article').filter({ hasText: 'Which region should the replica run in?' });
    await card.getByRole('radio', { name: 'us-east-1' }).check();
    await card.getByRole('button', { name: 'Submit' }).click();
    await lastReply().getByText(/The model received/).waitFor();
    await idle();
    const seen = agent.seen.at(-1) as { toolName: string; output: { type: string; value: Record<string, unknown> } };
    assert.equal(seen.toolName, 'request_user_input');
    assert.equal(seen.output.type, 'json');
    assert.equal(seen.output.value.source_tool, 'request_user_input');
    assert.equal(seen.output.value.content, '已收到用户输入：selected=us-east-1 | options=us-east-1');
    assert.deepEqual((seen.output.value.interaction_response as { selected_options: string[] }).selected_options, ['us-east-1']);
    // The card is now its one-line receipt, read from the part's output; opened, it shows the answer.
    const receipt = page.getByRole('article').filter({ has: page.getByRole('button', { name: /Answered/ }) }).last();
    await receipt.getByRole('button', { name: /Answered/ }).click();
    await receipt.getByText('us-east-1').first().waitFor();
  });

  it('the page logged no error', () => {
    assert.deepEqual(lab.errors, []);
  });
});
