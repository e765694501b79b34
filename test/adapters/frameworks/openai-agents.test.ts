// OpenAI Agents SDK (@openai/agents): a real Runner runs an Agent whose Model is scripted; the
// tool with needsApproval interrupts the run; the interruption is shown through the kit's runtime
// side (createAgentServer … callTool) in a real <interaction-host> in Chromium, answered through
// its role, recorded with state.approve / state.reject, and the run resumes to its end. A state
// serialised while it waited, restored later, finds its card answered once.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { RunState, Runner } from '@openai/agents';
import type { Page } from 'playwright-core';
import { scriptedOpenAIAgent } from '../../../demo/frameworks/openai-agent.js';
import type { AgentServer } from '../../../src/agent/ws-server.js';
import { answerInterruptions } from '../../../src/adapters/openai-agents.js';
import { openHostLab, type HostLab } from './host-lab.js';


describe('OpenAI Agents SDK: interruptions answered in the kit’s approval cards', () => {
  let server: AgentServer;
  let lab: HostLab;
  let page: Page;
  const session = 'openai-agents';
  before(async () => {
    lab = await openHostLab(session);
    ({ server, page } = lab);
  });
  after(() => lab.close());

  const cards = () => page.locator('interaction-host [role="listitem"]');

  it('approve: the run pauses at the tool, the card is approved in Chromium, the run resumes and the tool runs', async () => {
    const { agent, deployed, model } = scriptedOpenAIAgent();
    const runner = new Runner({ tracingDisabled: true });
    const first = await runner.run(agent, 'Please deploy checkout');
    assert.equal(first.interruptions.length, 1, 'needsApproval paused the run');
    assert.deepEqual(deployed, [], 'nothing ran before the answer');
    const answered = answerInterruptions(first, server.session(session), { severity: { deploy: 'medium' } });
    const card = cards().last();
    await card.getByRole('article', { name: 'deploy' }).waitFor();
    await card.getByText('Release agent wants to run deploy.').waitFor();
    await card.getByRole('button', { name: 'Approve' }).click();
    const state = await answered;
    const final = await runner.run(agent, state);
    assert.deepEqual(final.interruptions, []);
    assert.equal(final.finalOutput, 'The tool said: deployed checkout@2.3.0');
    assert.deepEqual(deployed, [{ service: 'checkout', version: '2.3.0', environment: 'production' }]);
    assert.ok(model.requests.length >= 2);
  });

  it('reject with a note: the tool never runs, the model reads the note', async () => {
    const { agent, deployed } = scriptedOpenAIAgent();
    const runner = new Runner({ tracingDisabled: true });
    const first = await runner.run(agent, 'deploy');
    const answered = answerInterruptions(first, server.session(session));
    const card = cards().last();
    await card.getByRole('button', { name: 'Reject' }).waitFor();
    await card.getByRole('button', { name: 'Add a reason' }).click(); // a new card's note starts closed
    await card.getByRole('textbox', { name: 'Reason (optional)' }).fill('Not during the freeze');
    await card.getByRole('button', { name: 'Reject' }).click();
    const final = await runner.run(agent, await answered);
    assert.deepEqual(deployed, []);
    assert.equal(final.finalOutput, 'The tool said: Not during the freeze');
  });

  it('a RunState serialised while waiting, restored later (twice), finds its card answered once', async () => {
    const { agent, deployed } = scriptedOpenAIAgent();
    const runner = new Runner({ tracingDisabled: true });
    const first = await runner.run(agent, 'deploy');
    const saved = first.state.toString(); // the run waits in storage, not in memory
    const before = await cards().count();

    const restored = await RunState.fromString(agent, saved);
    const answered = answerInterruptions({ interruptions: restored.getInterruptions(), state: restored }, server.session(session));
    await cards().nth(before).getByRole('button', { name: 'Approve' }).click();
    const done = await runner.run(agent, await answered);
    assert.equal(done.finalOutput, 'The tool said: deployed checkout@2.3.0');

    // Another worker restores the same saved state: the answer is already there, no second card.
    const again = await RunState.fromString(agent, saved);
    await answerInterruptions({ interruptions: again.getInterruptions(), state: again }, server.session(session));
    assert.equal(await cards().count(), before + 1, 'one card for the one interruption');
    const resumed = await runner.run(agent, again);
    assert.deepEqual(resumed.interruptions, []);
    assert.equal(deployed.length, 2, 'each restored run resumed with the approval');
  });

  it('the page logged no error', () => {
    assert.deepEqual(lab.errors, []);
  });
});
