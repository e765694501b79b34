// LangGraph (`@langchain/langgraph`), on the server where the graph runs: an `interrupt()` whose
// value is a list of HumanInterrupts (LangChain's Agent Inbox shape) is shown through the kit's
// own runtime side (`session.callTool`), and each card's answer becomes the HumanResponse the
// graph resumes with: `new Command({ resume: responses })`. Types only from the package.
import type { ActionRequest, HumanInterrupt, HumanResponse } from '@langchain/langgraph/prebuilt';
import type { ToolName } from '../protocol/constants.js';
import type { ToolResult } from '../protocol/results.js';
import { argsQuestions, editedArgs } from './args-form.js';

/** An approval's severity. */
type Severity = 'low' | 'medium' | 'high';

/** What the adapter needs of the kit's runtime side: an `AgentSession` (or anything like it). */
export interface KitCaller {
  callTool(tool: ToolName, args: Record<string, unknown>, options?: { callId?: string; signal?: AbortSignal; context?: { run_mode?: string } }): Promise<ToolResult>;
}

export interface LangGraphOptions {
  /** Ties the cards to this interrupt (e.g. its `id`), so that asking again gets the stored answers. */
  callId: string;
  /** Severity of an accept card per action (default `medium`). */
  severity?: Partial<Record<string, Severity>>;
  /** How long a card waits (the kit's default 120 s); an unanswered card is never an accept. */
  timeoutSeconds?: number;
  signal?: AbortSignal;
}

type Call = { tool: Exclude<ToolName, 'publish_artifacts'>; args: Record<string, unknown> };

/**
 * The kit call that shows one HumanInterrupt:
 * - `allow_edit`: a form of its args, each field offering its current value (recommended) or
 *   your own (the kit's custom answer); submitted unchanged it is an accept when that is allowed;
 * - else `allow_accept`: an approval (its args as details);
 * - else `allow_respond`: a text answer.
 */
export function humanInterruptCall(interrupt: HumanInterrupt, options: Pick<LangGraphOptions, 'severity' | 'timeoutSeconds'> = {}): Call {
  const { action, args } = interrupt.action_request;
  const message = interrupt.description || action;
  const timeout = options.timeoutSeconds ? { timeout_seconds: options.timeoutSeconds } : {};
  if (interrupt.config.allow_edit) {
    const questions = argsQuestions(args);
    if (questions.length > 0) return { tool: 'request_user_input', args: { title: action, message, questions, ...timeout } };
  }
  if (interrupt.config.allow_accept || !interrupt.config.allow_respond) {
    return {
      tool: 'request_user_approval',
      args: { title: action, message, severity: options.severity?.[action] ?? 'medium', details: JSON.stringify(args, null, 2), ...timeout },
    };
  }
  return { tool: 'request_user_input', args: { title: action, message, input_mode: 'text', ...timeout } };
}

type Response = { status: string; approved: boolean; text: string; answers: Record<string, { selected_options: string[]; text: string; raw_value: unknown }> };

/**
 * Not an accept (a rejection, the user's Skip, a timeout): the user's note as a response when
 * responses are allowed; else `ignore`, LangGraph's own decline. Where ignore is
 * not allowed but responses are, an empty response says the same; where neither is, ignore is
 * still what resumes the graph without running the action, never an accept.
 */
function declined(interrupt: HumanInterrupt, note: string): HumanResponse {
  const { allow_respond, allow_ignore } = interrupt.config;
  return allow_respond && (note || !allow_ignore) ? { type: 'response', args: note } : { type: 'ignore', args: null };
}

/** The HumanResponse for the kit's tool result of `humanInterruptCall(interrupt)`. */
export function humanResponse(interrupt: HumanInterrupt, call: Call, result: ToolResult): HumanResponse {
  const response = (result as { interaction_response?: Response }).interaction_response;
  // Timed out, auto-selected or cancelled: never an accept, whatever the card showed first.
  if (!response || response.status !== 'completed') return declined(interrupt, '');
  if (call.tool === 'request_user_approval') {
    if (!response.approved) return declined(interrupt, response.text);
    return interrupt.config.allow_accept ? { type: 'accept', args: interrupt.action_request } : { type: 'ignore', args: null };
  }
  if (call.args.input_mode === 'text') return { type: 'response', args: response.text };
  const request = interrupt.action_request;
  const { args, changed } = editedArgs(request.args, response.answers);
  const edited: ActionRequest = { action: request.action, args };
  if (!changed && interrupt.config.allow_accept) return { type: 'accept', args: request };
  return { type: 'edit', args: edited };
}

/**
 * Shows every HumanInterrupt of an `interrupt()` value (Agent Inbox sends a list) as the right
 * card, all at once, and resolves with the list of HumanResponses to resume with:
 *
 * ```ts
 * const [pending] = (await graph.invoke(input, config)).__interrupt__;
 * const resume = await answerHumanInterrupts(pending.value, server.session(id), { callId: pending.id });
 * await graph.invoke(new Command({ resume }), config);
 * ```
 */
export async function answerHumanInterrupts(value: HumanInterrupt | readonly HumanInterrupt[], kit: KitCaller, options: LangGraphOptions): Promise<HumanResponse[]> {
  const interrupts = Array.isArray(value) ? (value as readonly HumanInterrupt[]) : [value as HumanInterrupt];
  return Promise.all(
    interrupts.map(async (interrupt, index) => {
      const call = humanInterruptCall(interrupt, options);
      const result = await kit.callTool(call.tool, call.args, {
        callId: `langgraph:${options.callId}:${index}`,
        // An edit form never fills itself in at its deadline (the grilling run mode's rule):
        // running the action as it stands is the user's call, not the clock's.
        ...(call.args.questions ? { context: { run_mode: 'grilling' } } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      return humanResponse(interrupt, call, result);
    }),
  );
}
