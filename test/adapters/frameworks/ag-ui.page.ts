// The page of the AG-UI round trip: an agent on the real @ag-ui/client AbstractAgent whose first
// run streams an assistant message with a tool call and ends with RUN_FINISHED's interrupt
// outcome (a tool_call interrupt on that call); the page shows `pendingInterrupts` in the kit's
// cards and runs the agent again with `resume`, which the agent records.
import { AbstractAgent, verifyEvents } from '@ag-ui/client';
import { EventType, type AgentCapabilities, type BaseEvent, type RunAgentInput } from '@ag-ui/core';
import { Observable, from, lastValueFrom, toArray } from 'rxjs';
import '../../../src/entries/approval-dialog.js';
import '../../../src/entries/questionnaire-form.js';
import { agUiInterruptCards, agUiResume, provideAdapterParts } from '../../../src/entries/adapters.js';
import type { InteractionResponse } from '../../../src/protocol/response.js';

const ARGS = { service: 'checkout', version: '2.3.1', replicas: 3, canary: true };

class DeployAgent extends AbstractAgent {
  inputs: RunAgentInput[] = [];
  constructor(readonly capabilities: AgentCapabilities) {
    super({ threadId: 'thread-1' });
  }
  override getCapabilities(): Promise<AgentCapabilities> {
    return Promise.resolve(this.capabilities);
  }
  events(input: RunAgentInput): BaseEvent[] {
    const started = { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId };
    if (!input.resume) {
      return [
        started,
        { type: EventType.TEXT_MESSAGE_START, messageId: 'm1', role: 'assistant' },
        { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'm1', delta: 'Deploying.' },
        { type: EventType.TEXT_MESSAGE_END, messageId: 'm1' },
        { type: EventType.TOOL_CALL_START, toolCallId: 'call_deploy', toolCallName: 'deploy', parentMessageId: 'm1' },
        { type: EventType.TOOL_CALL_ARGS, toolCallId: 'call_deploy', delta: JSON.stringify(ARGS) },
        { type: EventType.TOOL_CALL_END, toolCallId: 'call_deploy' },
        {
          type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId,
          outcome: { type: 'interrupt', interrupts: [{ id: 'int-1', reason: 'tool_call', toolCallId: 'call_deploy', message: 'Deploy to production?' }] },
        },
      ] as BaseEvent[];
    }
    return [started, { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId, outcome: { type: 'success' } }] as BaseEvent[];
  }
  run(input: RunAgentInput): Observable<BaseEvent> {
    this.inputs.push(input);
    return from(this.events(input));
  }
}

provideAdapterParts(document.body);
const list = document.querySelector('#app')!;

/** One round: runs the agent, shows its interrupts, answers them, resumes; returns what the agent got. */
async function round(capabilities: AgentCapabilities) {
  const agent = new DeployAgent(capabilities);
  // The event order the agent streams, as the client's own verifier checks it (it also runs inside runAgent).
  const verified = await lastValueFrom(from(agent.events({ threadId: 't', runId: 'r', messages: [], tools: [], context: [], state: {}, forwardedProps: {} })).pipe(verifyEvents(), toArray()));
  await agent.runAgent();
  const outcome = agUiInterruptCards(agent.pendingInterrupts, Date.now(), { messages: agent.messages, capabilities: await agent.getCapabilities() });
  if (!outcome.ok) throw new TypeError(`${outcome.field} ${outcome.message}`);
  const responses = new Map<string, InteractionResponse>();
  await new Promise<void>((resolve) => {
    for (const { interrupt, request } of outcome.cards) {
      const card = request.kind === 'approval' ? document.createElement('approval-dialog') : document.createElement('questionnaire-form');
      card.request = request;
      card.addEventListener('interaction-response', (e) => {
        responses.set(interrupt.id, e.detail);
        if (responses.size === outcome.cards.length) resolve();
      }, { once: true });
      list.append(card);
    }
  });
  const resume = agUiResume(outcome.cards, responses, Date.now());
  await agent.runAgent({ resume });
  return { verified: verified.map((event) => event.type), resume: agent.inputs[1]?.resume, pending: agent.pendingInterrupts.length, kinds: outcome.cards.map((card) => card.request.kind) };
}

Object.assign(window, { round });
