import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { approvalStrings, type ApprovalStrings } from '../../i18n/approval.js';
import type { InteractionRequest } from '../../protocol/request.js';
import type { GrantOffer } from '../../protocol/runtime-messages.js';
import type { InteractionResponse } from '../../protocol/response.js';
import { answerApproval, cancelledResponse } from '../../rules/responses.js';
import { severityBadge } from './icons.js';
import type { EditedArguments, LinkCard } from '../shared/card-extension.js';
import type { LinkState } from '../shared/link-state.js';
import { InteractionCard } from '../shared/interaction-card.js';
import type { CardSlots } from '../shared/card-slots.js';
import { safeText } from '../shared/safe-text.js';
import { receiptStyles } from '../shared/receipt.js';
import { renderDetails, steadyLabel } from './details.js';
import { cardStyles } from '../shared/card-styles.js';
import { baseStyles } from '../shared/tokens.js';
import { approvalStyles, stripeStyles } from './approval-dialog.styles.js';
import { ConfirmArming } from './confirm-arming.js';
import { renderGrant, renderGrantScope } from './grant-action.js';
import { MAX_TYPED_LENGTH } from '../../rules/limits.js';

/** How an answer was given, when the receipt says so: 本会话内允许, or one press with others. */
type AnsweredBy = { by: 'grant' } | { by: 'together'; approved: boolean };

export { CONFIRM_DELAY_MS } from './confirm-arming.js';

/**
 * Asks the user to approve or reject an action (`request_user_approval`).
 *
 * @summary An approval card, inline or modal, with a second step for high-severity actions.
 * @fires interaction-response - The user approved or rejected, or the time ran out; `detail` is the response.
 * @csspart card - The card.
 * @csspart header - Title, badges and countdown.
 * @csspart title - The title.
 * @csspart severity - The severity badge.
 * @csspart requester - Who asks.
 * @csspart countdown - The remaining time.
 * @csspart state - The state badge of a settled card.
 * @csspart message - The message.
 * @csspart details - The details: a block shown whole on a high-risk card, else a disclosure (open up to 6 lines on medium risk); where the person may edit the arguments (AG-UI's `approveWithEdits`), their fields, and once settled those approved.
 * @csspart text-field - An argument's field, where the person may edit the arguments.
 * @csspart copy-button - Copies multi-line or command-like details.
 * @csspart note - The rejection note field.
 * @csspart add-reason-button - Add a reason: reveals the rejection note.
 * @csspart actions - The button row.
 * @csspart approve-button - Approve.
 * @csspart grant-button - Allow for this session: approves, and the runtime answers its later calls with the same grant itself (low and medium severity, when the call offers a grant).
 * @csspart confirm-button - Confirm approval (high severity, second step).
 * @csspart reject-button - Reject.
 * @csspart receipt - The read-only outcome.
 * @csspart receipt-heading - The outcome line: the receipt's heading, which takes focus when the form goes.
 * @csspart dialog - The native dialog, in modal mode.
 * @csspart link - The full URL a link request asks to open (MCP URL-mode elicitation).
 * @csspart link-host - The URL's host, set apart.
 * @csspart link-warnings - Why the URL deserves a second look.
 * @csspart link-status - What the server said after the link was opened.
 * @csspart invisible-char - The visible mark of an invisible or bidi character in model text.
 * @csspart dismiss-button - Cancel (requests that offer it).
 * @cssprop --aik-color-accent - Accent (approve) colour; see docs/theming.md for every token.
 */
export class ApprovalDialog extends InteractionCard<ApprovalStrings> {
  static override styles = [baseStyles, cardStyles, receiptStyles, stripeStyles, approvalStyles];
  protected static override lineStyles = [baseStyles, receiptStyles, stripeStyles];

  protected readonly ownStrings = ['approval', approvalStrings] as const;

  /** Shows the card in a native modal `<dialog>`: focus stays inside, Escape rejects. */
  @property({ type: Boolean, reflect: true })
  modal = false;

  /**
   * For a link request, what the server said after the user opened it: `waiting` until it
   * reports the step `complete` (MCP `notifications/elicitation/complete`); `running` while it
   * waits for a call the person may cancel, `cancelled` once they did.
   * @type {'' | 'waiting' | 'running' | 'complete' | 'cancelled'}
   */
  @property({ attribute: 'link-state' })
  linkState: LinkState = '';

  /**
   * The session grant the call offers (`{key, label}`, the `tool_call`'s `grant`): a low or
   * medium approval then offers 本会话内允许 / Allow for this session, naming `label`, and its
   * `interaction-response` carries `grant: 'session'`. Never on high severity; a host passes it
   * only outside grilling mode, which the card cannot see.
   */
  @property({ attribute: false })
  grant?: GrantOffer;

  /** A session grant allowed the call already: its receipt (set with `response`) says so. */
  @property({ type: Boolean }) granted = false;

  /** High risk's second step: 确认批准, arming, then armed. */
  private readonly arming = new ConfirmArming(this);
  @state() private note = '';
  /** The details were copied (the Copy button says so). */
  @state() private copied = false;
  /** The rejection note is shown (behind 添加理由, so that the decision comes first). */
  @state() private noteOpen = false;
  /**
   * How the user's answer was given, when its receipt says so: with 本会话内允许 (`grant`), or
   * by one press with others (`together`).
   */
  @state() private answeredBy: AnsweredBy | undefined;
  /** The arguments as edited, read when Approve is pressed (an adapters' part: `metadata.edit`). */
  private edits?: () => EditedArguments | null;

  // Its own nodes: the modal's <dialog>, 确认批准 while a high-risk approval arms, and the details kept in view beside it.
  @query('dialog') private readonly dialog?: HTMLDialogElement | null;
  @query('[part~="confirm-button"]') private readonly confirmButton?: HTMLElement | null;
  @query('[part~="details"]') private readonly detailsBlock?: HTMLElement | null;

  private get severity() {
    return this.request?.metadata.severity ?? 'medium';
  }

  protected override resetForm(): void {
    this.arming.reset();
    this.note = '';
    this.noteOpen = false;
    this.copied = false;
    this.answeredBy = undefined;
  }

  /**
   * Answers as Approve or Reject would, for a host's 全部批准 / 全部拒绝: the card
   * fires its own `interaction-response` (a rejection with the note typed in it, if any), and its
   * receipt says it was answered together. Refused (false) by a high-risk card, whose approval
   * takes its own two steps, by a link request, by one whose arguments may be edited, and by a card
   * that is not pending.
   */
  answerTogether(approve: boolean): boolean {
    if (!this.request || this.settled || this.severity === 'high' || this.request.metadata.url !== undefined || this.edits) return false;
    this.answer(approve, { by: 'together', approved: approve });
    return true;
  }

  /** The user dismissed a request that offers Cancel (the adapters' `metadata.dismiss`). */
  private readonly dismiss = (): void => {
    if (this.request) this.respond(cancelledResponse(this.request, this.now()));
  };

  private openNote(): void {
    this.noteOpen = true;
    void this.updateComplete.then(() => this.focusPart('note'));
  }

  /**
   * The note is the one multi-line field: Enter adds a line, Ctrl/Cmd+Enter
   * rejects, never while an input method is composing.
   */
  private onNoteKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.isComposing) return;
    event.preventDefault();
    this.answer(false);
  }

  private renderContext(): TemplateResult | typeof nothing {
    const details = this.request?.metadata.details;
    if (!details) return nothing;
    const copy = () => void navigator.clipboard?.writeText(details).then(() => (this.copied = true), () => undefined);
    return renderDetails({ details, severity: this.severity, strings: this.strings, copied: this.copied, copy, longText: (text) => this.longText('details', text) });
  }

  private approve(): void {
    // An edited argument that is not valid holds the approval back; its field says why.
    if (this.edits?.() === null) return;
    if (this.severity === 'high' && !this.arming.shown) {
      // 确认批准 in approve's place; it acts only once CONFIRM_DELAY_MS have passed.
      this.arming.start();
      void this.updateComplete.then(() => {
        // Focus on the confirm, with what it approves kept in view: the details
        // win where both cannot fit.
        const confirm = this.confirmButton;
        confirm?.focus({ preventScroll: true });
        // In the next frame: WebKit brings the focused confirm into view once the key's events
        // are handled, which would scroll the details away again.
        requestAnimationFrame(() => {
          for (const shown of [confirm, this.detailsBlock]) shown?.scrollIntoView({ block: 'nearest' });
        });
      });
      return;
    }
    this.answer(true);
  }

  /** A press on 确认批准 begins: a key held down (auto-repeat) never activates it. */
  private onConfirmKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    if (event.repeat) event.preventDefault();
    else this.arming.press();
  }

  private confirm(event: MouseEvent): void {
    if (this.arming.accepts(event.detail)) this.answer(true);
  }

  private answer(approve: boolean, by?: AnsweredBy): void {
    this.answeredBy = by;
    if (this.request) this.respond(answerApproval(this.request, approve, this.note, this.now(), approve ? this.edits?.() : null), by?.by === 'grant' ? 'session' : undefined);
  }

  /**
   * What the receipt says instead of the plain outcome: a call a session grant allowed, or the
   * user's own 本会话内允许 or answer together, once given and in time.
   */
  private outcome(): string | undefined {
    const { answeredBy, strings } = this;
    if (this.granted) return strings.grant.granted;
    if (!answeredBy || this.late || (this.state !== 'submitting' && this.state !== 'answered')) return undefined;
    return answeredBy.by === 'grant' ? strings.grant.approved : strings.together[answeredBy.approved ? 'approved' : 'rejected'];
  }

  /** A rejection's note, when there is one. */
  private readonly renderNote = (response: InteractionResponse): TemplateResult | typeof nothing =>
    response.text ? html`<dl class="receipt-answers"><dt>${this.strings.receipt.note}</dt><dd dir="auto">${safeText(response.text)}</dd></dl>` : nothing;

  /**
   * A link request's slots (MCP URL mode): the adapters' link consent (src/extensions/); without
   * it, the URL as text and only Reject.
   */
  private linkSlots(request: InteractionRequest, url: string): Partial<CardSlots> {
    const card: LinkCard = {
      url, locale: this.language, modal: this.modal, linkState: this.linkState, response: this.response,
      withdrawn: this.state === 'cancelled' || this.late,
      dismiss: request.metadata.dismiss ? this.dismiss : undefined,
      answer: (approve = false) => this.answer(approve),
    };
    return this.extension?.link(card) ?? { context: html`<p class="link" part="link" dir="ltr">${safeText(url)}</p>`, form: () => html`<div class="actions" part="actions">${this.renderReject(false)}</div>` };
  }

  /** Reject, or the adapters' Decline where the request offers it. */
  private renderReject(high: boolean): TemplateResult {
    const decline = this.request?.metadata.decline && this.extension?.consent(this.language).decline;
    return html`<button tabindex="0" part="reject-button" ?autofocus=${this.modal && high} @click=${() => this.answer(false)}>${decline || this.strings.reject}</button>`;
  }

  private focusPart(part: string): void {
    this.renderRoot.querySelector<HTMLElement>(`[part~="${part}"]`)?.focus();
  }

  private renderForm(request: InteractionRequest): TemplateResult {
    const high = this.severity === 'high';
    const metadata = request.metadata;
    const offer = high ? undefined : this.grant;
    const approve = this.arming.shown
      ? this.renderConfirm()
      : html`<button tabindex="0" class=${high ? 'danger' : 'primary'} part="approve-button" aria-describedby=${metadata.details ? 'details-first' : nothing} ?autofocus=${this.modal && !high} @click=${this.approve}>
          ${this.approveLabel(this.strings.approve, this.strings.confirmApproval, high)}
        </button>`;
    return html`${this.noteOpen
        ? html`<div class="field">
            <label class="field-label" for="note">${this.strings.rejectionNote}</label>
            <textarea
              id="note"
              part="note"
              maxlength=${MAX_TYPED_LENGTH}
              rows="2"
              dir="auto"
              aria-describedby="note-keys"
              .value=${this.note}
              @input=${(event: Event) => (this.note = (event.target as HTMLTextAreaElement).value)}
              @keydown=${this.onNoteKeydown}
            ></textarea>
            <span class="hint keys" id="note-keys">${this.strings.noteKeys}</span>
          </div>`
        : nothing}
      <div class="actions" part="actions">
        ${this.noteOpen
          ? nothing
          : html`<button tabindex="0" type="button" class="quiet" part="add-reason-button" @click=${this.openNote}>${this.strings.addReason}</button>
              <span class="spacer"></span>`}
        <span class="actions decision">
          ${metadata.dismiss ? this.extension?.dismiss(this.language, this.dismiss) : nothing}
          ${this.renderReject(high)}
          ${offer ? renderGrant(approve, this.strings, metadata.details, () => this.answer(true, { by: 'grant' })) : approve}
        </span>
      </div>
      ${this.arming.shown ? html`<p class="hint confirm-hint" id="confirm-hint">${this.strings.confirmHint}</p>` : nothing}
      ${offer ? renderGrantScope(offer, this.strings) : nothing}`;
  }

  /**
   * A label that takes the width of the longer of approve's two labels, so that 确认批准 fits
   * in 批准's place and Reject beside it never moves under the pointer.
   */
  private approveLabel(words: string, other: string, high: boolean): TemplateResult | string {
    return high ? steadyLabel(words, other) : words;
  }

  /**
   * 确认批准: aria-disabled (never disabled, which would drop focus) and described as 请稍候
   * while it arms, with a CSS fill that shows it.
   */
  private renderConfirm(): TemplateResult {
    const armed = this.arming.state.phase === 'armed';
    return html`<button tabindex="0"
        class="danger confirm ${armed ? '' : 'arming'}"
        part="confirm-button"
        aria-disabled=${armed ? nothing : 'true'}
        aria-describedby=${`${armed ? '' : 'confirm-wait '}confirm-hint${this.request?.metadata.details ? ' details-first' : ''}`}
        @keydown=${this.onConfirmKeydown}
        @pointerdown=${() => this.arming.press()}
        @click=${this.confirm}
      >
        ${this.approveLabel(this.strings.confirmApproval, this.strings.approve, true)}
      </button>
      ${armed ? nothing : html`<span id="confirm-wait" hidden>${this.strings.confirmWait}</span>`}`;
  }

  protected override render() {
    const request = this.request;
    if (!request) return nothing;
    const card = this.renderCard(request, {
      cardClass: `severity-${this.severity}`,
      badges: severityBadge(this.severity, this.strings.severity[this.severity]),
      context: this.renderContext(),
      form: () => this.renderForm(request),
      answer: this.renderNote,
      outcome: this.outcome(),
      ...(request.metadata.url === undefined ? {} : this.linkSlots(request, request.metadata.url)),
      ...(request.metadata.edit && this.extension?.edit({ host: this, request, locale: this.language, response: this.response, bind: (read) => (this.edits = read) })),
    });
    if (!this.modal || this.settled) return card;
    return html`<dialog part="dialog" aria-labelledby="title" @cancel=${this.onCancel}>${card}</dialog>`;
  }

  /**
   * Escape in the modal rejects, or cancels where the request offers Cancel (MCP:
   * Escape is a dismissal); the dialog never just vanishes unanswered.
   */
  private onCancel(event: Event): void {
    event.preventDefault();
    if (this.request?.metadata.dismiss) this.dismiss();
    else this.answer(false);
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const dialog = this.dialog;
    if (dialog && !dialog.open && this.isConnected) {
      // A modal that closes with the answer gives focus back to where it was.
      this.focusReturn.remember();
      dialog.showModal();
    }
  }
}
