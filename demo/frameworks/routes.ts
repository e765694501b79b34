// The framework scenarios of the demo's mock runtime, run with the same scripted models the tests
// use: the AI SDK agent's chat route, and runs of the OpenAI Agents SDK and LangGraph whose
// interruptions appear as cards in the page's <interaction-host> through the runtime's callTool.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Command } from '@langchain/langgraph';
import type { HumanInterrupt } from '@langchain/langgraph/prebuilt';
import { Runner } from '@openai/agents';
import { answerHumanInterrupts } from '../../src/adapters/langgraph.js';
import { answerInterruptions } from '../../src/adapters/openai-agents.js';
import type { AgentServer } from '../../src/agent/ws-server.js';
import { scriptedAiSdkAgent } from './ai-sdk-agent.js';
import { reviewGraph } from './langgraph-graph.js';
import { scriptedOpenAIAgent } from './openai-agent.js';

/** What each framework run ended with, by session, for the page to show. */
export type FrameworkRun = { framework: string; session: string; status: 'running' | 'done' | 'failed'; outcome?: unknown };

async function openAiRun(agent: AgentServer, session: string): Promise<unknown> {
  const { agent: releaseAgent, deployed } = scriptedOpenAIAgent();
  const runner = new Runner({ tracingDisabled: true });
  let result = await runner.run(releaseAgent, 'Please deploy checkout 2.3.0');
  while (result.interruptions.length > 0) {
    const state = await answerInterruptions(result, agent.session(session), { severity: { deploy: 'high' } });
    result = await runner.run(releaseAgent, state);
  }
  return { finalOutput: result.finalOutput, deployed };
}

let threads = 0;
async function langGraphRun(agent: AgentServer, session: string, edit: boolean): Promise<unknown> {
  const { graph } = reviewGraph();
  const config = { configurable: { thread_id: `demo-${(threads += 1)}` } };
  const paused = (await graph.invoke({
    action: { action: 'send_email', args: { to: 'ops@example.com', subject: 'Rollout of checkout 2.3.0', retries: 3 } },
    config: { allow_accept: true, allow_edit: edit, allow_respond: true, allow_ignore: true },
    description: edit ? 'Review the email before it goes out.' : 'Send the rollout email to the ops list?',
    outcome: null, executed: null,
  }, config)) as { __interrupt__?: { id: string; value: unknown }[] };
  const [pending] = paused.__interrupt__ ?? [];
  if (!pending) return { outcome: 'no interrupt' };
  const resume = await answerHumanInterrupts(pending.value as HumanInterrupt[], agent.session(session), { callId: `${config.configurable.thread_id}:${pending.id}` });
  const done = (await graph.invoke(new Command({ resume }), config)) as { outcome: unknown; executed: unknown };
  return { outcome: done.outcome, executed: done.executed };
}

/** The runtime's framework routes; `handle` answers a request it owns and returns true. */
export function frameworkRoutes(agent: AgentServer, log: (line: string) => void) {
  const aiSdk = scriptedAiSdkAgent();
  const runs: FrameworkRun[] = [];
  const start = (framework: string, session: string, work: Promise<unknown>) => {
    const run: FrameworkRun = { framework, session, status: 'running' };
    runs.push(run);
    if (runs.length > 100) runs.shift();
    log(`runtime → ${framework} run in ${session}`);
    work.then(
      (outcome) => Object.assign(run, { status: 'done', outcome }),
      (error: Error) => Object.assign(run, { status: 'failed', outcome: error.message }),
    ).finally(() => log(`runtime ← ${framework}: ${JSON.stringify(run.outcome)}`));
    return run;
  };
  return {
    async handle(request: IncomingMessage, response: ServerResponse, url: URL, body: () => Promise<Record<string, unknown>>): Promise<boolean> {
      if (request.method === 'POST' && url.pathname === '/ai-sdk/chat') {
        let text = '';
        for await (const chunk of request) text += String(chunk);
        await aiSdk.handle(response, text);
        return true;
      }
      if (request.method === 'POST' && url.pathname === '/frameworks/run') {
        const data = await body();
        const session = String(data.session ?? 'frameworks');
        const name = String(data.name);
        const work = name === 'openai-agents' ? openAiRun(agent, session) : name.startsWith('langgraph') ? langGraphRun(agent, session, name === 'langgraph-edit') : undefined;
        response.writeHead(work ? 202 : 404, { 'content-type': 'application/json' });
        response.end(JSON.stringify(work ? start(name, session, work) : { error: `unknown framework scenario ${name}` }));
        return true;
      }
      if (request.method === 'GET' && url.pathname === '/frameworks/runs') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(runs.filter((run) => run.session === url.searchParams.get('session'))));
        return true;
      }
      return false;
    },
  };
}
