import { isRecord } from '../protocol/constants.js';
import type { InteractionRequest } from '../protocol/request.js';
import type { InteractionResponse } from '../protocol/response.js';
import { formContent, schemaToQuestions } from './json-schema-form.js';
import { consentRequest, formRequest } from './requests.js';

/** An AG-UI interrupt, as `RUN_FINISHED.outcome.interrupts` carries it. */
export interface AgUiInterrupt {
  id: string;
  reason: string;
  message?: string;
  toolCallId?: string;
  /** JSON Schema of the resume payload: a flat object schema becomes a form. */
  responseSchema?: Record<string, unknown>;
  /** ISO 8601: after it, the interrupt can only be cancelled. */
  expiresAt?: string;
  metadata?: Record<string, unknown>;
}

/** One entry of `RunAgentInput.resume`. */
export interface AgUiResumeEntry {
  interruptId: string;
  status: 'resolved' | 'cancelled';
  payload?: unknown;
}

/** One interrupt as a card: the request to show and, when it expires, its deadline (epoch ms). */
export interface AgUiCard {
  interrupt: AgUiInterrupt;
  request: InteractionRequest;
  deadline?: number;
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

/** Readable words for the reason, shown as the approval's details beside the tool call. */
function detailsOf(interrupt: AgUiInterrupt): string {
  return [interrupt.reason && `reason: ${interrupt.reason}`, interrupt.toolCallId && `toolCallId: ${interrupt.toolCallId}`].filter(Boolean).join('\n');
}

/**
 * A batch of AG-UI interrupts → one card each. An interrupt with a `responseSchema` (a flat
 * object schema) is a form; one without is an approval. `expiresAt` becomes the card's
 * countdown; an interrupt already expired still shows, as an expired receipt. Refused, naming
 * the field, when an interrupt is malformed or its schema is outside the supported subset.
 */
export function agUiInterruptCards(interrupts: unknown, now: number): AgUiOutcome {
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
    let request: InteractionRequest;
    if (interrupt.responseSchema) {
      const schema = schemaToQuestions(interrupt.responseSchema, `${at}.responseSchema`);
      if (!schema.ok) return { ok: false, field: schema.path, message: schema.message };
      request = formRequest({ ...common, metadata: { dismiss: true } }, schema.questions);
    } else {
      request = consentRequest({ ...common, metadata: { details: detailsOf(interrupt), dismiss: true } });
    }
    cards.push({ interrupt, request, ...(deadline === undefined ? {} : { deadline }) });
  }
  return { ok: true, cards };
}

/**
 * The batch's answers as `resume` entries, one for every interrupt, in the batch's order: a
 * completed card resolves its interrupt (a form with its typed content; an approval with
 * `{approved, note?}`); a dismissed, timed-out or unanswered card cancels it, and so does any
 * interrupt past its `expiresAt` at `now`, whatever was answered.
 */
export function agUiResume(cards: readonly AgUiCard[], responses: ReadonlyMap<string, InteractionResponse>, now: number): AgUiResumeEntry[] {
  return cards.map(({ interrupt, request, deadline }) => {
    const response = responses.get(interrupt.id);
    const expired = deadline !== undefined && now >= deadline;
    if (!response || response.status !== 'completed' || expired) return { interruptId: interrupt.id, status: 'cancelled' };
    const payload =
      request.kind === 'approval'
        ? { approved: response.approved, ...(response.text ? { note: response.text } : {}) }
        : formContent(request.questions, response);
    return { interruptId: interrupt.id, status: 'resolved', payload };
  });
}
