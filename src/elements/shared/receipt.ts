import { css, html, nothing, type TemplateResult } from 'lit';
import type { CardStrings } from '../../i18n/card.js';
import type { Locale } from '../../i18n/locales.js';
import type { InteractionRequest } from '../../protocol/request.js';
import type { InteractionResponse } from '../../protocol/response.js';
import type { Settlement } from '../../protocol/runtime-messages.js';
import type { CardState } from '../../rules/card-state.js';
import { safeText } from './safe-text.js';

/** What a settled card's receipt is made of. */
export interface ReceiptView {
  request: InteractionRequest;
  /** The response, or the answer on its way (submitting). */
  response: InteractionResponse | undefined;
  state: CardState;
  late: boolean;
  strings: CardStrings;
  /** The title as shown. */
  title: string;
  /** The user's own Skip settled it (a cancel from the runtime reads as withdrawn). */
  skipped: boolean;
  /** What the card says happened instead of the generic outcome (a link opened). */
  outcome?: string | undefined;
  /** Decided in another place: where, and who. */
  elsewhere?: Settlement | undefined;
  /** The language, for the time. */
  locale: Locale;
  /** How a dismissal reads, for a request that offers Cancel (the adapters' word). */
  dismissed?: string | undefined;
  /** How a decline reads, for a request that offers Decline (the adapters' word). */
  declined?: string | undefined;
  /** The record is shown. */
  open: boolean;
  toggle: () => void;
  /** The full record, rendered only while open: a long session keeps its receipts small. */
  record: () => TemplateResult;
}

const isDeclined = (request: InteractionRequest, response: InteractionResponse | undefined) =>
  request.metadata.decline === true && response?.status === 'completed' && !response.approved;

/** Whether the receipt lists the answer: it was given (or auto-selected), and not declined. */
export const shownAnswer = (request: InteractionRequest, response: InteractionResponse) =>
  !isDeclined(request, response) && (response.status === 'completed' || response.status === 'auto_selected');

/** The outcome in a word or two, for the one line: approved, answered 3, skipped, timed out… */
function outcome(view: ReceiptView): string {
  const { request, response, state, late, strings, skipped } = view;
  const words = strings.receipt;
  if (late) return words.late;
  // Submitting an answer the card did not fire itself: nothing to say yet but that it was answered.
  if (!response) return words.answered(0);
  // With both ways out (MCP), the user's own one is named: Declined or Cancelled; else Skipped.
  if (skipped) return (request.metadata.decline && request.metadata.dismiss ? (response.status === 'cancelled' ? view.dismissed : view.declined) : undefined) || words.skipped;
  // A card the user may cancel may also be cancelled by the server: the outcome stays neutral.
  if (state === 'cancelled') return view.dismissed || words.withdrawn;
  if (state === 'expired') return words.timeout;
  if (request.kind === 'approval') return response.approved ? words.approved : words.rejected;
  if (isDeclined(request, response)) return words.skipped;
  return words.answered(request.kind === 'questionnaire' ? Object.keys(response.answers).length : 0);
}

/** One formatter per locale: making one per receipt render cost about 1 ms a round trip. */
const timeFormats: Partial<Record<Locale, Intl.DateTimeFormat>> = {};
export const shortTime = (locale: Locale): Intl.DateTimeFormat => (timeFormats[locale] ??= new Intl.DateTimeFormat(locale, { timeStyle: 'short' }));

/**
 * The receipt of a settled card: one line (title, outcome, time), a heading whose button opens
 * the full record in place, its state announced (`aria-expanded`). The line is what takes focus
 * when the form goes, and what a screen reader hears when the card settles.
 */
export function renderReceipt(view: ReceiptView): TemplateResult {
  const { request, response, state, late, strings, open } = view;
  const refused = (request.kind === 'approval' && !response?.approved) || isDeclined(request, response) || view.skipped;
  const tone = late || state === 'expired' || state === 'cancelled' ? 'muted' : refused ? 'negative' : 'positive';
  // A response read back from elsewhere (a framework's stored tool output) may carry no time.
  const at = response ? Date.parse(response.resolved_at) : Number.NaN;
  const time = Number.isNaN(at) ? undefined : new Date(at);
  return html`<div class="receipt receipt-${tone}" part="receipt">
    <div class="receipt-line" role="status">
      <p class="receipt-heading" role="heading" aria-level="3">
        <button tabindex="0" type="button" class="receipt-toggle" part="receipt-heading" aria-expanded=${open} aria-controls="record" @click=${view.toggle}>
          <span class="receipt-icon" aria-hidden="true">${tone === 'positive' ? '✓' : tone === 'negative' ? '✕' : '–'}</span>
          <span class="receipt-title" id="title" dir="auto">${safeText(view.title)}</span>
          <span class="receipt-outcome" part="state">${view.outcome ?? outcome(view)}</span>
          ${view.elsewhere ? html`<span class="receipt-outcome receipt-where">${strings.receipt.where[view.elsewhere.where]}${view.elsewhere.actor ? html` · <bdi>${safeText(view.elsewhere.actor)}</bdi>` : nothing}</span>` : nothing}
          ${state === 'submitting' ? html`<span class="badge">${strings.submitting}</span>` : nothing}
          ${time ? html`<time class="receipt-time" datetime=${time.toISOString()}>${shortTime(view.locale).format(time)}</time>` : nothing}
        </button>
      </p>
    </div>
    ${open ? html`<div class="receipt-record" id="record">${view.record()}</div>` : nothing}
  </div>`;
}

export const receiptStyles = css`
  /* Settled, the card lies flat and takes one line: only what waits for the user
     is raised, and a page of receipts is cheap to lay out and repaint. */
  :host(:not([state='pending'])) .card {
    box-shadow: none;
    padding: 0;
    gap: 0;
  }
  /* A grid item of the card: its automatic minimum would be the line's uncut width, spilling it
     out of a narrow card instead of cutting the title short. */
  .receipt {
    min-width: 0;
  }
  .receipt-heading {
    margin: 0;
  }
  .receipt-toggle {
    display: flex;
    align-items: center;
    gap: var(--_space-2);
    width: 100%;
    min-height: max(40px, var(--_touch));
    padding: 0 var(--_space-3);
    border: 0;
    border-radius: inherit;
    background: none;
  }
  .receipt-title,
  .receipt-outcome {
    min-width: 0;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .receipt-title {
    flex: 1;
    font-weight: 600;
  }
  time {
    color: var(--_text-muted);
    font-size: var(--_text-sm);
  }
  /* The disclosure's chevron: down while closed, up while open. */
  .receipt-toggle::after {
    content: '';
    padding: 3px;
    margin: 0 4px 4px;
    border: solid var(--_text-muted);
    border-width: 0 2px 2px 0;
    rotate: 45deg;
  }
  [aria-expanded='true']::after {
    rotate: 225deg;
    margin: 4px 4px 0;
  }
  .receipt-record {
    display: grid;
    gap: var(--_space-2);
    padding: var(--_space-1) var(--_space-3) var(--_space-3);
  }
  .receipt-icon {
    flex: none;
    display: inline-grid;
    place-items: center;
    width: 20px;
    height: 20px;
    border-radius: 50%;
    font-size: var(--_text-xs);
    background: var(--_border);
  }
  .receipt-positive .receipt-icon {
    background: var(--_success-soft);
    color: var(--_success);
  }
  .receipt-negative .receipt-icon {
    background: var(--_danger-soft);
    color: var(--_danger-text);
  }
  .receipt-answers {
    margin: 0;
    display: grid;
    grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
    gap: var(--_space-1) var(--_space-3);
    font-size: var(--_text-sm);
  }
  .receipt-answers dt {
    color: var(--_text-muted);
  }
  .receipt-answers dd {
    margin: 0;
  }
`;
