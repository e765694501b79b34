// LangChain v1's human-in-the-loop middleware (`humanInTheLoopMiddleware` from `langchain`), on
// the server where the agent runs: the interrupt's `actionRequests` with their `reviewConfigs`
// are shown through the kit's own runtime side (`session.callTool`), each card offering exactly
// the decisions its review config allows, and the answers become the `{ decisions }` the agent
// resumes with: `new Command({ resume })`. Types only from the package.
import type { ActionRequest, Decision, HITLRequest, HITLResponse, ReviewConfig } from 'langchain';
import type { ToolName } from '../protocol/constants.js';
import type { ToolResult } from '../protocol/results.js';
import { argsQuestions, editedArgs, type FormAnswers } from './args-form.js';
import type { KitCaller } from './langgraph.js';

/** The tool call an action request stands for, as the agent's last AI message holds it. */
export interface HitlToolCall {
  id?: string | undefined;
  name: string;
  args: Record<string, unknown>;
}

export interface HitlOptions {
  /** Ties the cards to this interrupt (e.g. the thread and the interrupt's `id`), so that asking again gets the stored answers. */
  callId: string;
  /**
   * The tool calls of the agent's last AI message (`messages.at(-1).tool_calls`): each action is
   * then known by its tool call's id. Without them, by its name and arguments.
   */
  toolCalls?: readonly HitlToolCall[];
  /** Severity of an approval card per tool (default `medium`). */
  severity?: Partial<Record<string, 'low' | 'medium' | 'high'>>;
  /** How long a card waits (the kit's default 120 s); an unanswered card is never an approval. */
  timeoutSeconds?: number;
  signal?: AbortSignal;
}

/** A decision the middleware knows (`respond` where the middleware offers it). */
type Allowed = ReviewConfig['allowedDecisions'][number] | 'respond';
type Call = { tool: Exclude<ToolName, 'publish_artifacts'>; args: Record<string, unknown>; allowed: readonly Allowed[] };
type Response = { status: string; approved: boolean; text: string; answers: FormAnswers };

/** Thrown when a person declines an action whose review config allows no `reject`: the agent must not resume as if approved. */
export class HitlDeclinedError extends Error {
  constructor(readonly action: ActionRequest) {
    super(`${action.name}: declined, and its review config allows no reject`);
    this.name = 'HitlDeclinedError';
  }
}

/** JSON with sorted keys: the same arguments give the same text, whatever their order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * A short digest of a text, the same in a browser and in Node (64-bit FNV-1a as 16 hex digits):
 * a name for a call, not a secret, so no crypto module is needed where the adapter runs.
 */
function digest(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * 0x100000001b3n);
  return hash.toString(16).padStart(16, '0');
}

/**
 * Each action's id: its tool call's id when `toolCalls` holds one with its name and arguments,
 * else its name and a digest of its arguments (`#2` for the second identical one). A card is asked, and its
 * answer found, under this id, never under the action's place in the list.
 */
export function actionIds(request: HITLRequest, toolCalls: readonly HitlToolCall[] = []): string[] {
  const unused = [...toolCalls];
  const seen = new Map<string, number>();
  return request.actionRequests.map((action) => {
    const key = `${action.name}:${digest(canonical(action.args))}`;
    const at = unused.findIndex((call) => call.id && call.name === action.name && canonical(call.args) === canonical(action.args));
    const id = at >= 0 ? unused.splice(at, 1)[0]?.id : undefined;
    if (id) return id;
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count === 1 ? key : `${key}#${count}`;
  });
}

/** The review config of an action: the one named like it (the middleware lists one per action). */
function reviewOf(request: HITLRequest, action: ActionRequest, index: number): ReviewConfig {
  const config = request.reviewConfigs[index];
  return config?.actionName === action.name ? config : (request.reviewConfigs.find((c) => c.actionName === action.name) ?? { actionName: action.name, allowedDecisions: ['approve', 'edit', 'reject'] });
}

/**
 * The kit call that shows one action:
 * - `edit` allowed: a form of its arguments, each offering its current value (recommended) or one
 *   typed anew; submitted unchanged it is an approve when that is allowed;
 * - else `approve` allowed: an approval card (its arguments as details, the rejection note the
 *   message the model reads);
 * - else (`respond` or `reject` alone): a text answer.
 */
export function hitlCall(action: ActionRequest, review: ReviewConfig, options: Pick<HitlOptions, 'severity' | 'timeoutSeconds'> = {}): Call {
  const allowed = review.allowedDecisions as readonly Allowed[];
  const message = action.description || action.name;
  const timeout = options.timeoutSeconds ? { timeout_seconds: options.timeoutSeconds } : {};
  if (allowed.includes('edit')) {
    const questions = argsQuestions(action.args);
    if (questions.length > 0) return { tool: 'request_user_input', args: { title: action.name, message, questions, ...timeout }, allowed };
  }
  if (allowed.includes('approve') || allowed.includes('edit')) {
    const details = JSON.stringify(action.args, null, 2);
    return { tool: 'request_user_approval', args: { title: action.name, message, severity: options.severity?.[action.name] ?? 'medium', details, ...timeout }, allowed };
  }
  return { tool: 'request_user_input', args: { title: action.name, message, input_mode: 'text', ...timeout }, allowed };
}

/** Not an approval (a rejection, Skip, a timeout): a reject carrying the note, which the model reads. */
function declined(action: ActionRequest, call: Call, note: string): Decision {
  if (!call.allowed.includes('reject')) throw new HitlDeclinedError(action);
  return note ? { type: 'reject', message: note } : { type: 'reject' };
}

/** The decision for the kit's tool result of `hitlCall(action, review)`. */
export function hitlDecision(action: ActionRequest, call: Call, result: ToolResult): Decision {
  const response = (result as { interaction_response?: Response }).interaction_response;
  // Timed out, auto-selected or cancelled: never an approval, whatever the card showed first.
  if (!response || response.status !== 'completed') return declined(action, call, '');
  if (call.tool === 'request_user_approval') {
    if (!response.approved) return declined(action, call, response.text);
    return call.allowed.includes('approve') ? { type: 'approve' } : { type: 'edit', editedAction: { name: action.name, args: action.args } };
  }
  if (call.args.input_mode === 'text') {
    // `respond` is not in every version's types: the answer the model reads instead of the tool's.
    if (call.allowed.includes('respond')) return { type: 'respond', message: response.text } as unknown as Decision;
    return declined(action, call, response.text);
  }
  const { args, changed } = editedArgs(action.args, response.answers);
  if (!changed && call.allowed.includes('approve')) return { type: 'approve' };
  return { type: 'edit', editedAction: { name: action.name, args } };
}

/**
 * Shows every action of a HITL interrupt as its card, all at once, and resolves with the
 * `{ decisions }` to resume with, one per action in the request's own order:
 *
 * ```ts
 * const paused = await agent.invoke(input, config);
 * const [pending] = paused.__interrupt__ ?? [];
 * const resume = await answerHitlRequest(pending.value, server.session(id), { callId: pending.id, toolCalls: paused.messages.at(-1).tool_calls });
 * await agent.invoke(new Command({ resume }), config);
 * ```
 */
export async function answerHitlRequest(request: HITLRequest, kit: KitCaller, options: HitlOptions): Promise<HITLResponse> {
  const ids = actionIds(request, options.toolCalls);
  const answers = new Map<string, Decision>();
  await Promise.all(
    request.actionRequests.map(async (action, index) => {
      const id = ids[index] ?? String(index);
      const call = hitlCall(action, reviewOf(request, action, index), options);
      const result = await kit.callTool(call.tool, call.args, {
        callId: `langchain:${options.callId}:${id}`,
        // An edit form never fills itself in at its deadline: running the action is the person's call.
        ...(call.args.questions ? { context: { run_mode: 'grilling' } } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
      answers.set(id, hitlDecision(action, call, result));
    }),
  );
  // In the request's own order, each decision found by its action's id.
  return { decisions: ids.map((id) => answers.get(id)).filter((decision) => decision !== undefined) };
}
