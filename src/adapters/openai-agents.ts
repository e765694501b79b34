// OpenAI Agents SDK (`@openai/agents`), on the server where the run lives: each tool approval a
// run is interrupted for becomes an approval card through the kit's own runtime side
// (`createAgentServer(…).session(id).callTool`), and the answer goes back on the run's state
// (`state.approve` / `state.reject`). Types only from the SDK: the app brings its own copy.
import type { RunState, RunToolApprovalItem } from '@openai/agents';
import type { ToolName } from '../protocol/constants.js';
import type { ToolResult } from '../protocol/results.js';

/** An approval's severity. */
type Severity = 'low' | 'medium' | 'high';

/** What the adapter needs of the kit's runtime side: an `AgentSession` (or anything like it). */
export interface KitToolCaller {
  callTool(tool: ToolName, args: Record<string, unknown>, options?: { callId?: string; timeoutSeconds?: number; signal?: AbortSignal }): Promise<ToolResult>;
}

export interface OpenAIAgentsApprovalOptions {
  /** Severity per tool name, or a function of the tool and its arguments (default `medium`). */
  severity?: Partial<Record<string, Severity>> | ((toolName: string, args: unknown) => Severity | undefined);
  /** The card's title (default: the tool's name). */
  title?: (toolName: string, args: unknown) => string | undefined;
  /** The card's message (default: which agent asks to run which tool). */
  message?: (toolName: string, args: unknown, agentName: string) => string | undefined;
  /** How long a card waits (the kit's default: 120 s; then it counts as not approved). */
  timeoutSeconds?: number;
  signal?: AbortSignal;
}

/** A run's result or state: what holds the interruptions and the state they are answered on. */
export interface InterruptedRun {
  interruptions: RunToolApprovalItem[];
  state: RunState<unknown, never> | RunState<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

function parsedArguments(item: RunToolApprovalItem): unknown {
  const raw = item.arguments;
  if (raw === undefined) return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/**
 * The id a card is asked under: the tool call's own id, so that asking again for the same
 * interruption (a state restored from its string, a retried worker) gets the stored answer.
 */
export function approvalCallId(item: RunToolApprovalItem): string {
  const raw = item.rawItem as { callId?: string; id?: string };
  return `openai-agents:${raw.callId ?? raw.id ?? item.name ?? 'tool'}`;
}

/** The `request_user_approval` arguments for one interruption. */
export function approvalArguments(item: RunToolApprovalItem, options: OpenAIAgentsApprovalOptions = {}): Record<string, unknown> {
  const name = item.name ?? 'tool';
  const args = parsedArguments(item);
  const severity = typeof options.severity === 'function' ? options.severity(name, args) : options.severity?.[name];
  const agentName = item.agent?.name ?? 'The agent';
  return {
    title: options.title?.(name, args) || name,
    message: options.message?.(name, args, agentName) ?? `${agentName} wants to run ${name}.`,
    severity: severity ?? 'medium',
    details: typeof args === 'string' ? args : JSON.stringify(args, null, 2),
    ...(options.timeoutSeconds ? { timeout_seconds: options.timeoutSeconds } : {}),
  };
}

/**
 * Shows every interruption of `run` as an approval card (all at once), and records each answer
 * on `run.state`: approved → `state.approve(item)`; rejected → `state.reject(item, {message})`
 * with the user's note as the text the model reads; unanswered (timeout, cancelled) → rejected
 * with a sentence saying so. Resolves with the state, ready for `runner.run(agent, state)`.
 */
export async function answerInterruptions(run: InterruptedRun, kit: KitToolCaller, options: OpenAIAgentsApprovalOptions = {}): Promise<InterruptedRun['state']> {
  await Promise.all(
    run.interruptions.map(async (item) => {
      const result = await kit.callTool('request_user_approval', approvalArguments(item, options), {
        callId: approvalCallId(item),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const response = (result as { interaction_response?: { status: string; approved: boolean; text: string } }).interaction_response;
      if (response?.status === 'completed' && response.approved) run.state.approve(item);
      else if (response?.status === 'completed') run.state.reject(item, response.text ? { message: response.text } : {});
      else run.state.reject(item, { message: `The user did not answer (${response?.status ?? 'no result'}).` });
    }),
  );
  return run.state;
}
