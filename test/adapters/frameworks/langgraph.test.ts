// LangGraph (@langchain/langgraph): a real StateGraph with MemorySaver interrupts with an Agent
// Inbox HumanInterrupt; the interrupt is shown through the kit's runtime side in a real
// <interaction-host> in Chromium, answered through its role, and the graph resumes with
// Command({ resume: [HumanResponse] }).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Command } from '@langchain/langgraph';
import type { HumanInterrupt, HumanInterruptConfig } from '@langchain/langgraph/prebuilt';
import type { Page } from 'playwright-core';
import { reviewGraph } from '../../../demo/frameworks/langgraph-graph.js';
import { answerHumanInterrupts } from '../../../src/adapters/langgraph.js';
import type { AgentServer } from '../../../src/agent/ws-server.js';
import { openHostLab, type HostLab } from './host-lab.js';

const ACTION = { action: 'send_email', args: { to: 'ops@example.com', subject: 'Rollout', retries: 3 } };
/** What invoke returns while the graph waits (LangGraph adds it to the state it returns). */
type Interrupted = { __interrupt__?: { id: string; value: unknown }[] };
const config = (allow: Partial<HumanInterruptConfig>): HumanInterruptConfig => ({ allow_accept: false, allow_edit: false, allow_respond: false, allow_ignore: true, ...allow });

describe('LangGraph: HumanInterrupts answered in the kit’s cards, the graph resumed', () => {
  let server: AgentServer;
  let lab: HostLab;
  let page: Page;
  const session = 'langgraph';
  let thread = 0;
  before(async () => {
    lab = await openHostLab(session);
    ({ server, page } = lab);
    // These tests answer every field of an edit form at once.
    await page.locator('interaction-host').evaluate((host) => host.setAttribute('layout', 'list'));
  });
  after(() => lab.close());

  /** Runs the graph to its interrupt, lets `answer` act on the card, resumes, and returns the end state. */
  async function roundTrip(allow: Partial<HumanInterruptConfig>, answer: (card: ReturnType<Page['locator']>) => Promise<void>) {
    const { graph, executed } = reviewGraph();
    const run = { configurable: { thread_id: `t-${++thread}` } };
    const paused = await graph.invoke({ action: ACTION, config: config(allow), description: 'Send the rollout email?', outcome: null, executed: null }, run);
    const [pending] = (paused as Interrupted).__interrupt__ ?? [];
    assert.ok(pending, 'the graph interrupted');
    assert.deepEqual((pending.value as HumanInterrupt[])[0]!.action_request, ACTION);
    const resume = answerHumanInterrupts(pending.value as HumanInterrupt[], server.session(session), { callId: `${run.configurable.thread_id}:${pending.id}` });
    const card = page.locator('interaction-host [role="listitem"]').last();
    await card.getByText('Send the rollout email?').waitFor();
    await answer(card).catch(async (error: Error) => {
      throw new Error(`${error.message}\n${await card.ariaSnapshot()}`);
    });
    const responses = await resume;
    const done = await graph.invoke(new Command({ resume: responses }), run);
    assert.equal((done as Interrupted).__interrupt__, undefined, 'the graph ran to its end');
    return { done, executed, responses };
  }

  it('allow_accept: an approval card; approving resumes with accept and the action runs', async () => {
    const { done, executed } = await roundTrip({ allow_accept: true, allow_respond: true }, async (card) => {
      await card.getByRole('button', { name: 'Approve' }).click();
    });
    assert.deepEqual(done.outcome, { type: 'accept', args: ACTION });
    assert.deepEqual(executed, [ACTION]);
  });

  it('a rejection with a note is a response when allow_respond is set', async () => {
    const { done, executed } = await roundTrip({ allow_accept: true, allow_respond: true }, async (card) => {
      await card.getByRole('button', { name: 'Add a reason' }).click(); // a new card's note starts closed
      await card.getByRole('textbox', { name: 'Reason (optional)' }).fill('Wait for the review');
      await card.getByRole('button', { name: 'Reject' }).click();
    });
    assert.deepEqual(done.outcome, { type: 'response', args: 'Wait for the review' });
    assert.deepEqual(executed, []);
  });

  it('without allow_respond, a rejection is ignore', async () => {
    const { done, executed } = await roundTrip({ allow_accept: true }, async (card) => {
      await card.getByRole('button', { name: 'Reject' }).click();
    });
    assert.deepEqual(done.outcome, { type: 'ignore', args: null });
    assert.deepEqual(executed, []);
  });

  it('allow_edit: a form of its args; one field typed anew resumes with edit, numbers kept numbers', async () => {
    const { done, executed } = await roundTrip({ allow_accept: true, allow_edit: true }, async (card) => {
      // Two fields keep their value (the recommended option), one is typed anew.
      await card.getByRole('group', { name: /to$/ }).getByRole('radio', { name: 'ops@example.com' }).check();
      await card.getByRole('group', { name: /subject$/ }).getByRole('radio', { name: 'Rollout' }).check();
      await card.getByRole('group', { name: /retries$/ }).getByRole('radio', { name: 'Custom' }).check();
      await card.getByRole('textbox', { name: 'Your answer' }).fill('5');
      await card.getByRole('button', { name: 'Submit' }).click();
    });
    const edited = { action: 'send_email', args: { to: 'ops@example.com', subject: 'Rollout', retries: 5 } };
    assert.deepEqual(done.outcome, { type: 'edit', args: edited });
    assert.deepEqual(executed, [edited]);
  });

  it('allow_respond alone: a text answer resumes with response', async () => {
    const { done, executed } = await roundTrip({ allow_respond: true }, async (card) => {
      await card.getByRole('textbox').fill('Send it tomorrow instead');
      await card.getByRole('button', { name: 'Submit' }).click();
    });
    assert.deepEqual(done.outcome, { type: 'response', args: 'Send it tomorrow instead' });
    assert.deepEqual(executed, []);
  });

  it('Skip on an edit form is LangGraph’s decline: ignore where it is allowed, and the action does not run', async () => {
    const { done, executed } = await roundTrip({ allow_accept: true, allow_edit: true, allow_ignore: true }, async (card) => {
      await card.getByRole('button', { name: 'Skip' }).click();
    });
    assert.deepEqual(done.outcome, { type: 'ignore', args: null });
    assert.deepEqual(executed, []);
  });

  it('Skip where ignore is not allowed but responses are: an empty response, never an accept', async () => {
    const { done, executed } = await roundTrip({ allow_respond: true, allow_ignore: false }, async (card) => {
      await card.getByRole('button', { name: 'Skip' }).click();
    });
    assert.deepEqual(done.outcome, { type: 'response', args: '' });
    assert.deepEqual(executed, []);
  });

  it('the page logged no error', () => {
    assert.deepEqual(lab.errors, []);
  });
});
