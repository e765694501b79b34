// AG-UI 1.0 interrupts (`@ag-ui/core`, types only: an optional peer dependency): a run that ends
// with `RUN_FINISHED` and `outcome.type: "interrupt"` becomes one card per interrupt, and the
// answers become the `resume` entries of the next `runAgent`.
import type { AgentCapabilities, Interrupt, Message, ResumeEntry } from '@ag-ui/core';
import { isRecord } from '../protocol/constants.js';
import type { InteractionRequest } from '../protocol/request.js';
import type { InteractionResponse } from '../protocol/response.js';
import { formContent, schemaToQuestions } from './json-schema-form.js';
import { consentRequest, formRequest } from './requests.js';

/** An AG-UI interrupt, as `RUN_FINISHED.outcome.interrupts` carries it. */
export type AgUiInterrupt = Interrupt;

/** One entry of `RunAgentInput.resume`. */
export type AgUiResumeEntry = ResumeEntry;

/** The tool call a `tool_call` interrupt concerns, as the assistant message holds it. */
export interface AgUiToolCall {
  name: string;
  /** The arguments the model wrote: an object when they parse as one, else their text. */
  args: Record<string, unknown> | string;
}

/** One interrupt as a card: the request to show and, when it expires, its deadline (epoch ms). */
export interface AgUiCard {
  interrupt: AgUiInterrupt;
  request: InteractionRequest;
  deadline?: number;
  /** The tool call it concerns, when an assistant message holds it. */
  toolCall?: AgUiToolCall;
  /** The approval lets the person edit the call's arguments (`approveWithEdits`). */
  editable?: boolean;
}

/** What the cards need of the run beside its interrupts. */
export interface AgUiCardOptions {
  /** The agent's messages (`agent.messages`): a tool call's name and arguments are read from them. */
  messages?: readonly Message[];
  /** The agent's capabilities: `humanInTheLoop.approveWithEdits` makes a tool call's arguments editable. */
  capabilities?: AgentCapabilities;
  /** An approval's severity per tool name (default `medium`; `high` keeps its confirm step). */
  severity?: Partial<Record<string, 'low' | 'medium' | 'high'>>;
}

export type AgUiOutcome = { ok: true; cards: AgUiCard[] } | { ok: false; field: string; message: string };

function readInterrupt(raw: unknown, at: string): AgUiInterrupt | { field: string; message: string } {
  if (!isRecord(raw)) return { field: at, message: 'must be an object' };
  if (typeof raw.id !== 'string' || !raw.id) return { field: `${at}.id`, message: 'must be a non-empty string' };
  if (typeof raw.reason !== 'string') return { field: `${at}.reason`, message: 'must be a string' };
  for (const key of ['message', 'toolCallId', 'expiresAt'] as const) {
    if (raw[key] !== undefined && typeof raw[key] !== 'string') return { field: `${at}.${key}`, message: 'must be a string' };
  }
  if (raw.expiresAt !== undefined && !Number.isFinite(Date.parse(raw.expiresAt as string))) return { field: `${at}.expiresAt`, message: 'must be an ISO 8601 date-time' };
  for (const key of ['responseSchema', 'metadata'] as const) {
    if (raw[key] !== undefined && !isRecord(raw[key])) return { field: `${at}.${key}`, message: 'must be an object' };
  }
  return raw as unknown as AgUiInterrupt;
}

/** Readable words for the reason, shown as the approval's details when no tool call is known. */
function detailsOf(interrupt: AgUiInterrupt): string {
  return [interrupt.reason && `reason: ${interrupt.reason}`, interrupt.toolCallId && `toolCallId: ${interrupt.toolCallId}`].filter(Boolean).join('\n');
}

/** The tool call with `id` in the assistant messages' `toolCalls`, its arguments parsed. */
export function agUiToolCall(messages: readonly Message[], id: string): AgUiToolCall | undefined {
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    const call = message.toolCalls?.find((candidate) => candidate.id === id);
    if (!call) continue;
    let args: AgUiToolCall['args'] = call.function.arguments;
    try {
      const parsed: unknown = JSON.parse(call.function.arguments);
      if (isRecord(parsed)) args = parsed;
    } catch {
      // Not JSON: shown as the model wrote it.
    }
    return { name: call.function.name, args };
  }
  return undefined;
}

type Flat = string | number | boolean;
const isFlat = (value: unknown): value is Flat => typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

/** A flat object's arguments as a form's schema, each field filled with its current value. */
function argsSchema(args: Record<string, Flat>): Record<string, unknown> {
  const properties = Object.fromEntries(Object.entries(args).map(([key, value]) => {
    const type = typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
    return [key, { type, title: key, default: value }];
  }));
  return { type: 'object', properties, required: Object.keys(args) };
}

/**
 * A batch of AG-UI interrupts → one card each. An interrupt with a `responseSchema` (a flat
 * object schema) is a form; one without is an approval. `expiresAt` becomes the card's
 * countdown; an interrupt already expired still shows, as an expired receipt. Refused, naming
 * the field, when an interrupt is malformed or its schema is outside the supported subset.
 */
export function agUiInterruptCards(interrupts: unknown, now: number, options: AgUiCardOptions = {}): AgUiOutcome {
  if (!Array.isArray(interrupts) || interrupts.length === 0) return { ok: false, field: 'interrupts', message: 'must be a non-empty list' };
  const cards: AgUiCard[] = [];
  for (const [index, raw] of interrupts.entries()) {
    const at = `interrupts.${index}`;
    const interrupt = readInterrupt(raw, at);
    if ('field' in interrupt) return { ok: false, ...interrupt };
    if (cards.some((card) => card.interrupt.id === interrupt.id)) return { ok: false, field: `${at}.id`, message: 'repeats another interrupt' };
    const deadline = interrupt.expiresAt === undefined ? undefined : Date.parse(interrupt.expiresAt);
    // The card counts down from now; at least one second, so an expired one is already late.
    const timeout = deadline === undefined ? 0 : Math.max(1, Math.ceil((deadline - now) / 1000));
    const common = { id: interrupt.id, message: interrupt.message ?? '', timeoutSeconds: timeout };
    const toolCall = interrupt.toolCallId ? agUiToolCall(options.messages ?? [], interrupt.toolCallId) : undefined;
    const args = toolCall?.args;
    const editable = !interrupt.responseSchema && options.capabilities?.humanInTheLoop?.approveWithEdits === true && isRecord(args)
      && Object.keys(args).length > 0 && Object.values(args).every(isFlat);
    let request: InteractionRequest;
    if (interrupt.responseSchema) {
      const schema = schemaToQuestions(interrupt.responseSchema, `${at}.responseSchema`);
      if (!schema.ok) return { ok: false, field: schema.path, message: schema.message };
      request = formRequest({ ...common, metadata: { dismiss: true } }, schema.questions);
      if (toolCall) request = { ...request, title: toolCall.name };
    } else if (toolCall) {
      // What is approved is seen: the tool's name as the title, its arguments as the details; with
      // approveWithEdits, the same approval with a field for each argument (`metadata.edit`).
      const details = typeof toolCall.args === 'string' ? toolCall.args : JSON.stringify(toolCall.args, null, 2);
      const severity = options.severity?.[toolCall.name] ?? 'medium';
      const approval = consentRequest({ ...common, metadata: { details, dismiss: true } });
      const fields = editable ? schemaToQuestions(argsSchema(args as Record<string, Flat>), `${at}.toolCall.arguments`) : undefined;
      if (fields && !fields.ok) return { ok: false, field: fields.path, message: fields.message };
      request = { ...approval, title: toolCall.name, questions: fields?.questions ?? [], metadata: { ...approval.metadata, severity, ...(fields ? { edit: true } : {}) } };
    } else {
      request = consentRequest({ ...common, metadata: { details: detailsOf(interrupt), dismiss: true } });
    }
    cards.push({ interrupt, request, ...(deadline === undefined ? {} : { deadline }), ...(toolCall ? { toolCall } : {}), ...(editable ? { editable } : {}) });
  }
  return { ok: true, cards };
}

/** The arguments as approved when one differs from the call's, or undefined when none does. */
function editedArgs(toolCall: AgUiToolCall, content: Record<string, unknown>): Record<string, unknown> | undefined {
  const args = toolCall.args as Record<string, unknown>;
  const changed = Object.keys(args).some((key) => content[key] !== args[key]);
  return changed ? { ...args, ...content } : undefined;
}

/**
 * The batch's answers as `resume` entries, one for every interrupt, in the batch's order: a
 * completed card resolves its interrupt (a form with its typed content; an approval with
 * `{approved, note?}`, and, when it let the person edit the call's arguments and they changed one,
 * `editedArgs`: every argument as approved);
 * a dismissed, timed-out or unanswered card cancels it, and so does any interrupt past its
 * `expiresAt` at `now`, whatever was answered.
 */
export function agUiResume(cards: readonly AgUiCard[], responses: ReadonlyMap<string, InteractionResponse>, now: number): AgUiResumeEntry[] {
  return cards.map(({ interrupt, request, deadline, toolCall, editable }) => {
    const response = responses.get(interrupt.id);
    const expired = deadline !== undefined && now >= deadline;
    if (!response || response.status !== 'completed' || expired) return { interruptId: interrupt.id, status: 'cancelled' };
    if (request.kind === 'approval') {
      const edited = editable && toolCall && response.approved ? editedArgs(toolCall, formContent(request.questions, response)) : undefined;
      const payload = { approved: response.approved, ...(response.text ? { note: response.text } : {}), ...(edited ? { editedArgs: edited } : {}) };
      return { interruptId: interrupt.id, status: 'resolved', payload };
    }
    return { interruptId: interrupt.id, status: 'resolved', payload: formContent(request.questions, response) };
  });
}
