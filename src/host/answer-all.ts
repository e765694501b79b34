import { css, html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { ApprovalDialog } from '../elements/approval-dialog/approval-dialog.js';
import { safeText } from '../elements/shared/safe-text.js';
import { displayTitle, type Strings } from '../i18n/strings.js';
import type { RequestEntry } from '../session/entry.js';

/** A message in the bar's list keeps this much: the card below shows it whole. */
const MESSAGE_LENGTH = 120;

export interface AnswerAllOptions {
  /** The requests waiting for the user (pending cards), oldest first. */
  waiting(): readonly RequestEntry[];
  /** The card of request `id`, when it is an approval (or what answers for it, in an inbox). */
  cardOf(id: string): Pick<ApprovalDialog, 'answerTogether' | 'focusReceipt'> | null | undefined;
  /** Says `text` in the host's polite live region. */
  announce(text: string): void;
}

/** What one press may answer: the low and medium approvals waiting; and the high ones, which it leaves. */
interface Offer {
  covered: RequestEntry[];
  left: RequestEntry[];
}

/**
 * With two or more `low` / `medium` approvals waiting, a bar above the first of
 * them offers 全部批准 (N) / Approve all (N) and 全部拒绝 / Reject all. It lists what it covers
 * (each title and the start of its message) and names the `high` approvals it leaves out, and
 * both buttons are described by that list, so what a press answers is seen before it acts; one
 * press acts on exactly the cards listed. Link requests (MCP URL mode) are not covered: accepting
 * one opens a page. Each card answers for itself (`answerTogether`): its own response, sent once
 * through the session as a click would, and a receipt that says it was answered together. Focus
 * then goes to the first receipt, where the bar was, and the outcome is announced.
 */
export class AnswerAllController implements ReactiveController {
  /** Worked out before each render, from the entries of that render. */
  private offer: Offer = { covered: [], left: [] };

  constructor(
    host: ReactiveControllerHost,
    private readonly options: AnswerAllOptions,
  ) {
    host.addController(this);
  }

  hostUpdate(): void {
    const offer: Offer = { covered: [], left: [] };
    for (const entry of this.options.waiting()) {
      const { kind, metadata } = entry.request;
      if (kind !== 'approval' || metadata.url !== undefined) continue;
      (metadata.severity === 'high' ? offer.left : offer.covered).push(entry);
    }
    this.offer = offer;
  }

  /** The bar and the card it stands before (the first approval it covers); none with fewer than two. */
  bar(strings: Strings): { id: string; template: TemplateResult } | undefined {
    const { covered, left } = this.offer;
    const [first] = covered;
    if (covered.length < 2 || !first) return undefined;
    const words = strings.host.answerAll;
    const ids = covered.map((entry) => entry.id);
    const titleOf = (entry: RequestEntry) => html`<b>${safeText(displayTitle(strings, entry.request.title))}</b>`;
    const press = (approve: boolean) => () => void this.answer(ids, approve, strings);
    // The list keyed by call, so that a call joining or leaving it rewrites no other item's text.
    const template = html`<div class="answer-all" part="answer-all" role="group" aria-labelledby="answer-all-label">
      <b id="answer-all-label">${words.covers(covered.length)}</b>
      <div id="answer-all-what">
        <ul>
          ${repeat(covered, (entry) => entry.id, (entry) => {
            const { message } = entry.request;
            return html`<li>${titleOf(entry)} ${safeText(message.length > MESSAGE_LENGTH ? `${message.slice(0, MESSAGE_LENGTH)}…` : message)}</li>`;
          })}
        </ul>
        ${left.length > 0 ? html`<p>${words.leftOut}${left.map((entry, i) => html`${i > 0 ? words.separator : ''}${titleOf(entry)}`)}</p>` : nothing}
      </div>
      <div class="actions">
        <button tabindex="0" part="reject-all-button" aria-describedby="answer-all-what" @click=${press(false)}>${words.rejectAll}</button>
        <button tabindex="0" class="primary" part="approve-all-button" aria-describedby="answer-all-what" @click=${press(true)}>${words.approveAll(covered.length)}</button>
      </div>
    </div>`;
    return { id: first.id, template };
  }

  /**
   * Each listed card answers for itself; focus goes to the first one's receipt once it shows (the
   * bar goes with the cards it answered, and focus must not fall to the page), and the outcome is said.
   */
  private async answer(ids: readonly string[], approve: boolean, strings: Strings): Promise<void> {
    const answered = ids.map((id) => this.options.cardOf(id)).filter((card) => card?.answerTogether(approve) === true);
    const [first] = answered;
    if (!first) return;
    await first.focusReceipt();
    this.options.announce(strings.host.answerAll.done(approve, answered.length, this.offer.left.length));
  }
}

/** The bar's own styles; its button row and primary button are the cards' (cardStyles). */
export const answerAllStyles = css`
  /* Above the first approval it covers, in that card's list item: a quiet panel, not a card. */
  .answer-all {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: var(--_space-2);
    margin-bottom: var(--_space-2);
    padding: var(--_space-3);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface-muted);
    font-size: var(--_text-sm);
  }
  .answer-all ul,
  .answer-all p {
    margin: 0;
    padding: 0;
    list-style: none;
    color: var(--_text-muted);
  }
  .answer-all p {
    margin-top: var(--_space-2);
  }
  /* One line each: the card below shows the whole message. */
  .answer-all li {
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  .answer-all b {
    font-weight: 600;
    color: var(--_text);
  }
`;
