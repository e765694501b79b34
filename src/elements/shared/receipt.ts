import { css, html, nothing, type TemplateResult } from 'lit';
import type { CardStrings } from '../../i18n/card.js';
import type { InteractionRequest } from '../../protocol/request.js';
import type { InteractionResponse } from '../../protocol/response.js';
import type { CardState } from '../../rules/card-state.js';

function outcome(request: InteractionRequest, response: InteractionResponse | undefined, state: CardState, late: boolean, strings: CardStrings): string {
  if (late) return strings.receipt.late;
  // Submitting an answer the card did not fire itself: nothing to say yet but that it is sent.
  if (!response) return strings.receipt.answer;
  // A card the user may cancel may also be cancelled by the server: the outcome stays neutral.
  if (state === 'cancelled') return request.metadata.dismiss ? strings.receipt.dismissed : strings.receipt.cancelled;
  if (response?.status === 'auto_selected') return strings.receipt.autoSelected;
  if (state === 'expired') return strings.receipt.timeout;
  if (request.kind === 'approval') return response?.approved ? strings.receipt.approved : strings.receipt.rejected;
  if (isDeclined(request, response)) return strings.receipt.declined;
  return strings.receipt.answer;
}

const isDeclined = (request: InteractionRequest, response: InteractionResponse | undefined) =>
  request.metadata.decline === true && response?.status === 'completed' && !response.approved;

/** Whether the receipt lists the answer: it was given (or auto-selected), and not declined. */
export const shownAnswer = (request: InteractionRequest, response: InteractionResponse) =>
  !isDeclined(request, response) && (response.status === 'completed' || response.status === 'auto_selected');

/** The read-only receipt a settled card shows: the outcome, then what was chosen. */
export function renderReceipt(
  request: InteractionRequest,
  response: InteractionResponse | undefined,
  state: CardState,
  late: boolean,
  strings: CardStrings,
  rows: TemplateResult | typeof nothing,
  /** What happened, in the card's own words (a link opened), instead of the generic outcome. */
  said?: string,
): TemplateResult {
  const refused = (request.kind === 'approval' && !response?.approved) || isDeclined(request, response);
  const tone = late || state === 'expired' || state === 'cancelled' ? 'muted' : refused ? 'negative' : 'positive';
  // The outcome is the receipt's heading, focusable: where focus goes when the form goes away.
  return html`<div class="receipt receipt-${tone}" part="receipt" role="status">
    <p class="receipt-outcome" part="receipt-heading" role="heading" aria-level="3" tabindex="-1">
      <span class="receipt-icon" aria-hidden="true">${tone === 'positive' ? '✓' : tone === 'negative' ? '✕' : '–'}</span>
      ${said ?? outcome(request, response, state, late, strings)}
      ${state === 'submitting' ? html`<span class="badge">${strings.state.submitting}</span>` : nothing}
    </p>
    ${rows}
  </div>`;
}

export const receiptStyles = css`
  /* Answered, the card lies flat: only what waits for the user is raised, and a page of
     receipts is cheaper to repaint. */
  :host(:not([state='pending'])) .card {
    box-shadow: none;
  }
  .receipt {
    display: grid;
    gap: var(--_space-2);
    padding: var(--_space-3);
    border-radius: var(--_radius-control);
    background: var(--_surface-muted);
  }
  .receipt-outcome:focus-visible {
    box-shadow: var(--_focus);
  }
  .receipt-outcome {
    outline: none;
    border-radius: var(--_radius-control);
    margin: 0;
    display: flex;
    align-items: center;
    gap: var(--_space-2);
    font-weight: 600;
  }
  .receipt-icon {
    display: inline-grid;
    place-items: center;
    width: 20px;
    height: 20px;
    border-radius: 50%;
    font-size: var(--_text-xs);
    background: var(--_border);
    color: var(--_text);
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
  .receipt-choices {
    margin: 0;
    padding-inline-start: var(--_space-5);
  }
  .receipt-text {
    margin: 0;
    padding-inline-start: var(--_space-3);
    border-inline-start: 3px solid var(--_border-strong);
    white-space: pre-wrap;
  }
`;
