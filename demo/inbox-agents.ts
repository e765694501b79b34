// The demo inbox page's agents: three sessions of one visitor, each titled as a background agent
// and each asking at once, so that one inbox lists every call and an answer in one place settles
// the other. The visitor is the `as` query parameter of the page's connections (a random name per
// tab): the mock runtime's authorize names it, and every session here is owned by it.
import type { IncomingMessage } from 'node:http';
import type { AgentServer } from '../src/agent/ws-server.js';
import type { WireContext } from '../src/protocol/context.js';

/** Who a connection is: the visitor named by `as`, or the main demo page's one person. */
export function visitorOf(request: IncomingMessage): { actor: string } {
  const as = new URL(request.url ?? '/', 'http://runtime').searchParams.get('as');
  return { actor: as && /^[\w-]{1,40}$/.test(as) ? as : 'demo' };
}

/** The agents, by the suffix of their session id: a title in each of the page's two languages, and what each asks. */
export const INBOX_AGENTS = [
  { id: 'release', title: { 'zh-CN': '发布机器人', en: 'Release bot' }, scenarios: ['approval-high', 'approval-medium'] },
  { id: 'cleanup', title: { 'zh-CN': '数据清理', en: 'Data cleanup' }, scenarios: ['questionnaire', 'approval-low'] },
  { id: 'triage', title: { 'zh-CN': '工单分诊', en: 'Support triage' }, scenarios: ['choice', 'text'] },
] as const;

/** The session id of agent `id` for one visitor. */
export const agentSession = (visitor: string, id: string) => `${visitor}-${id}`;

/**
 * Starts the agents of `visitor`: each session gets its owner and title (as a runtime does for
 * agents running in the background), then asks its calls together.
 */
export async function startInboxAgents(
  agent: AgentServer,
  run: (scenario: string, session: string, context: WireContext) => Promise<unknown>,
  visitor: string,
  locale: string,
): Promise<unknown[]> {
  const words = locale.startsWith('zh') ? 'zh-CN' : 'en';
  const runs: Promise<unknown>[] = [];
  for (const each of INBOX_AGENTS) {
    const session = agentSession(visitor, each.id);
    agent.session(session, { owner: visitor, title: each.title[words] });
    for (const scenario of each.scenarios) runs.push(run(scenario, session, { locale: words }));
  }
  return Promise.all(runs);
}
