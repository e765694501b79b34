// LangChain v1's human-in-the-loop middleware: a real `createAgent` with `humanInTheLoopMiddleware`,
// LangChain's own FakeToolCallingModel and a MemorySaver interrupts before two tool calls; each
// action is shown through the kit's runtime side in a real <interaction-host> in Chromium,
// answered through its role, and the agent resumes with Command({ resume: { decisions } }).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Command, MemorySaver } from '@langchain/langgraph';
import { AIMessage, FakeToolCallingModel, ToolMessage, createAgent, humanInTheLoopMiddleware, tool, type HITLRequest } from 'langchain';
import type { Locator, Page } from 'playwright-core';
import { z } from 'zod';
import { answerHitlRequest } from '../../../src/adapters/langchain-hitl.js';
import type { AgentServer } from '../../../src/agent/ws-server.js';
import { openHostLab, type HostLab } from './host-lab.js';

const EMAIL = { to: 'ops@example.com', subject: 'Rollout', retries: 3 };
const FILE = { path: '/var/log/old.log' };

/** An agent whose model calls send_email and delete_file at once, both reviewed by a person. */
function releaseAgent() {
  const executed: { name: string; args: unknown }[] = [];
  const sendEmail = tool(async (args) => {
    executed.push({ name: 'send_email', args });
    return `sent to ${args.to}`;
  }, { name: 'send_email', description: 'Sends an email.', schema: z.object({ to: z.string(), subject: z.string(), retries: z.number() }) });
  const deleteFile = tool(async (args) => {
    executed.push({ name: 'delete_file', args });
    return `deleted ${args.path}`;
  }, { name: 'delete_file', description: 'Deletes a file.', schema: z.object({ path: z.string() }) });
  const model = new FakeToolCallingModel({
    toolCalls: [[{ name: 'send_email', args: EMAIL, id: 'call_email' }, { name: 'delete_file', args: FILE, id: 'call_delete' }], []],
  });
  const agent = createAgent({
    model, tools: [sendEmail, deleteFile], checkpointer: new MemorySaver(),
    middleware: [humanInTheLoopMiddleware({
      interruptOn: {
        send_email: { allowedDecisions: ['approve', 'edit', 'reject'], description: 'Send the rollout email?' },
        delete_file: { allowedDecisions: ['approve', 'reject'], description: 'Delete the old log?' },
      },
    })],
  });
  return { agent, executed };
}

type Paused = { messages: unknown[]; __interrupt__?: { id: string; value: HITLRequest }[] };

describe('LangChain HITL middleware: action requests answered in the kit’s cards, the agent resumed', () => {
  let server: AgentServer;
  let lab: HostLab;
  let page: Page;
  const session = 'langchain-hitl';
  let thread = 0;
  before(async () => {
    lab = await openHostLab(session);
    ({ server, page } = lab);
    await page.locator('interaction-host').evaluate((host) => host.setAttribute('layout', 'list'));
  });
  after(() => lab.close());

  /** Runs the agent to its interrupt; returns what resuming needs. */
  async function pause() {
    const { agent, executed } = releaseAgent();
    const config = { configurable: { thread_id: `hitl-${++thread}` } };
    const paused = (await agent.invoke({ messages: [{ role: 'user', content: 'Ship it' }] }, config)) as unknown as Paused;
    const [pending] = paused.__interrupt__ ?? [];
    assert.ok(pending, 'the agent interrupted');
    const last = paused.messages.at(-1);
    assert.ok(AIMessage.isInstance(last));
    return { agent, executed, config, pending, toolCalls: last.tool_calls ?? [], callId: `${config.configurable.thread_id}:${pending.id}` };
  }
  const cardOf = (description: string): Locator => page.locator('interaction-host [role="listitem"]').filter({ hasText: description }).last();

  it('the interrupt lists both actions with their review configs, as the middleware sends them', async () => {
    const { pending } = await pause();
    assert.deepEqual(pending.value.actionRequests.map((a) => [a.name, a.args]), [['send_email', EMAIL], ['delete_file', FILE]]);
    assert.deepEqual(pending.value.reviewConfigs.map((c) => c.allowedDecisions), [['approve', 'edit', 'reject'], ['approve', 'reject']]);
  });

  it('edit allowed: a form of the arguments; approve and reject only: an approval showing them; an edit and an approve run the tools', async () => {
    const { agent, executed, config, pending, toolCalls, callId } = await pause();
    const resume = answerHitlRequest(pending.value, server.session(session), { callId, toolCalls });
    const email = cardOf('Send the rollout email?');
    const removal = cardOf('Delete the old log?');
    await removal.getByRole('button', { name: 'Approve' }).waitFor();
    // What is approved is seen: the tool's name and its arguments.
    assert.match(await removal.ariaSnapshot(), /delete_file[\s\S]*\/var\/log\/old\.log/);
    assert.equal(await removal.getByRole('radio').count(), 0, 'no edit form where edit is not allowed');
    await email.getByRole('group', { name: /to$/ }).getByRole('radio', { name: 'ops@example.com' }).check();
    await email.getByRole('group', { name: /subject$/ }).getByRole('radio', { name: 'Rollout' }).check();
    await email.getByRole('group', { name: /retries$/ }).getByRole('radio', { name: 'Custom' }).check();
    await email.getByRole('textbox', { name: 'Your answer' }).fill('5');
    await email.getByRole('button', { name: 'Submit' }).click();
    await removal.getByRole('button', { name: 'Approve' }).click();
    const { decisions } = await resume;
    const edited = { ...EMAIL, retries: 5 };
    assert.deepEqual(decisions, [{ type: 'edit', editedAction: { name: 'send_email', args: edited } }, { type: 'approve' }]);
    await agent.invoke(new Command({ resume: { decisions } }), config);
    assert.deepEqual(executed, [{ name: 'send_email', args: edited }, { name: 'delete_file', args: FILE }]);
  });

  it('a rejection’s note is the message the model reads, and no tool runs', async () => {
    const { agent, executed, config, pending, toolCalls, callId } = await pause();
    const resume = answerHitlRequest(pending.value, server.session(session), { callId, toolCalls });
    const email = cardOf('Send the rollout email?');
    const removal = cardOf('Delete the old log?');
    await removal.getByRole('button', { name: 'Add a reason' }).click();
    await removal.getByRole('textbox', { name: 'Reason (optional)' }).fill('Keep the log for the audit');
    await removal.getByRole('button', { name: 'Reject' }).click();
    await email.getByRole('button', { name: 'Skip' }).click(); // Skip is a reject without a note
    const { decisions } = await resume;
    assert.deepEqual(decisions, [{ type: 'reject' }, { type: 'reject', message: 'Keep the log for the audit' }]);
    const done = (await agent.invoke(new Command({ resume: { decisions } }), config)) as unknown as Paused;
    assert.deepEqual(executed, []);
    const read = done.messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m)).map((m) => [m.tool_call_id, m.content]);
    assert.deepEqual(read.find(([id]) => id === 'call_delete'), ['call_delete', 'Keep the log for the audit']);
  });

  it('decisions are matched by id: cards answered out of order, then a reordered list asked again, never approve the wrong action', async () => {
    const { agent, executed, config, pending, toolCalls, callId } = await pause();
    const kit = server.session(session);
    const resume = answerHitlRequest(pending.value, kit, { callId, toolCalls });
    const email = cardOf('Send the rollout email?');
    const removal = cardOf('Delete the old log?');
    // The second action is answered first.
    await removal.getByRole('button', { name: 'Approve' }).click();
    await email.getByRole('button', { name: 'Skip' }).click();
    const { decisions } = await resume;
    assert.deepEqual(decisions, [{ type: 'reject' }, { type: 'approve' }]);
    // The same interrupt, its actions listed the other way round (a resumed worker asks again):
    // the stored answers follow their actions, and no card is shown a second time.
    const reordered: HITLRequest = { actionRequests: [...pending.value.actionRequests].reverse(), reviewConfigs: [...pending.value.reviewConfigs].reverse() };
    const again = await answerHitlRequest(reordered, kit, { callId, toolCalls: [...toolCalls].reverse() });
    assert.deepEqual(again.decisions, [{ type: 'approve' }, { type: 'reject' }]);
    await agent.invoke(new Command({ resume: { decisions } }), config);
    assert.deepEqual(executed, [], 'a rejection keeps every tool of the turn from running');
  });

  it('the page logged no error', () => {
    assert.deepEqual(lab.errors, []);
  });
});
