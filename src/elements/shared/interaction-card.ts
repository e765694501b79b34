import { html, LitElement, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { cardStrings, displayTitle, type CardStrings } from '../../i18n/card.js';
import { withStrings, type Locale } from '../../i18n/locales.js';
import type { InteractionRequest } from '../../protocol/request.js';
import type { InteractionResponse } from '../../protocol/response.js';
import { cancelledResponse, timeoutResponse } from '../../rules/responses.js';
import { systemClock, type Clock } from '../../protocol/clock.js';
import { cardStateOf, type CardState } from '../../rules/card-state.js';
import { CountdownController, formatRemaining } from './countdown.js';
import { resolveLocale } from './locale.js';
import { renderReceipt, shownAnswer } from './receipt.js';
import { safeText } from './safe-text.js';

/** Text past this many characters starts collapsed, so a huge message keeps the card small. */
export const COLLAPSE_AFTER = 2000;

/** Fired once per request with the response of DESIGN §5: the user's answer, or a timeout. */
export class InteractionResponseEvent extends CustomEvent<InteractionResponse> {
  constructor(response: InteractionResponse) {
    // Cancelable: a listener that calls preventDefault() takes over delivery. The card shows the
    // answer as submitting until the listener sets its `response` (the answer arrived) or sets
    // `submitting` back to false (sending failed: the form returns, as the user left it).
    super('interaction-response', { detail: response, bubbles: true, composed: true, cancelable: true });
  }
}

declare global {
  interface HTMLElementEventMap {
    'interaction-response': InteractionResponseEvent;
  }
}

/**
 * What `<approval-dialog>` and `<questionnaire-form>` share: the request, the state machine, the
 * countdown, the receipt and the one `interaction-response` event. Subclasses render the form.
 */
export abstract class InteractionCard<S extends object = object> extends LitElement {
  // A static table rather than decorators: the same options, without the decorator helper and a
  // call per property in every element's bundle (the artifact list does the same). Internal state
  // is `attribute: false` (what `state: true` means), which the manifest analyzer reads correctly.
  static override properties: PropertyDeclarations = {
    request: { attribute: false },
    deadline: { attribute: false },
    locale: { reflect: true },
    requester: {},
    clock: { attribute: false },
    response: { attribute: false },
    submitting: { type: Boolean },
    sending: { attribute: false },
    late: { type: Boolean, reflect: true },
    expanded: { attribute: false },
  };

  /** The normalised request (DESIGN §3.6) to show. */
  request?: InteractionRequest;

  /**
   * The deadline, epoch milliseconds or ISO 8601. When a host sets it, the card only shows the
   * countdown and the host's session applies the timeout; without it the card times itself
   * from `request.timeout_seconds` and applies the timeout policy of DESIGN §4 on its own.
   */
  deadline?: number | string;

  /** `zh-CN` or `en`; else the nearest `lang`, else zh-CN. */
  locale?: string;

  /** Who asks (the session's `context.requester`), shown on the card. */
  requester?: string;

  /** The clock, injected for tests. */
  clock: Clock = systemClock;

  /**
   * The response the receipt shows. Setting it from code turns the card into that receipt and
   * fires no event (a host uses it for timeouts, cancels and answers restored after a reload).
   */
  response?: InteractionResponse;

  /**
   * An answer is on its way and no response has settled the card yet. The card sets it when it
   * fires an answer whose delivery a listener took over (`preventDefault()`); that listener sets
   * `response` once the answer arrived, or `submitting` back to false when sending failed.
   */
  submitting = false;

  /** The answer this card fired and is submitting: what its receipt shows until `response`. */
  private sending: InteractionResponse | undefined;

  /**
   * What the card shows, computed from `response` and `submitting`, never stored beside them;
   * reflected as the `state` attribute for styles.
   */
  get state(): CardState {
    return cardStateOf(this.response, this.submitting);
  }

  /** Set by a host when the runtime had already timed the call out: the answer came too late. */
  late = false;

  /** Long texts the user expanded (the message, an approval's details). */
  protected expanded = new Set<string>();

  protected readonly countdown = new CountdownController(this, () => this.expire());

  /** The element's own strings per language (i18n/approval.ts, …), beside the card's. */
  protected abstract readonly ownStrings: Readonly<Record<Locale, S>>;

  /** The strings of this update's language: resolved once per update, not per lookup. */
  private updateStrings: (CardStrings & S) | undefined;

  protected get strings(): CardStrings & S {
    return this.updateStrings ?? withStrings(cardStrings, this.ownStrings, this.lang_);
  }

  protected get lang_(): Locale {
    return resolveLocale(this, this.locale);
  }

  protected get settled(): boolean {
    return this.state !== 'pending';
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Walking up for the nearest `lang` is a DOM query: once per update, not per string.
    this.updateStrings = withStrings(cardStrings, this.ownStrings, this.lang_);
    if (changed.has('request') && this.request && changed.get('request') !== undefined) {
      // A new request on the same element starts over.
      if (!changed.has('response')) this.response = undefined;
      if (!changed.has('submitting')) this.submitting = false;
      this.sending = undefined;
      this.expanded = new Set();
      this.resetForm();
    }
    this.setAttribute('state', this.state);
    if (changed.has('request') || changed.has('deadline') || changed.has('response')) this.syncTimer(changed);
  }

  private syncTimer(changed: PropertyValues<this>): void {
    if (!this.request || this.state !== 'pending') {
      this.countdown.stop();
      return;
    }
    if (this.deadline !== undefined) {
      const deadline = typeof this.deadline === 'number' ? this.deadline : Date.parse(this.deadline);
      if (Number.isFinite(deadline)) this.countdown.start(deadline);
    } else if (this.request.timeout_seconds <= 0) {
      this.countdown.stop(); // no time limit (the adapters' requests may have none)
    } else if (changed.has('request') || !this.countdown.running) {
      this.countdown.start(this.clock.now() + this.request.timeout_seconds * 1000);
    }
  }

  /** The deadline passed: a standalone card applies the timeout policy itself. */
  private expire(): void {
    if (!this.request || this.state !== 'pending' || this.deadline !== undefined) return;
    this.respond(timeoutResponse(this.request, this.now()));
  }

  protected now(): string {
    return new Date(this.clock.now()).toISOString();
  }

  /** Shows the response as a receipt and fires the event once; refuses a second answer. */
  protected respond(response: InteractionResponse): void {
    if (this.state !== 'pending') return;
    const follow = this.focusIsHereOrNowhere();
    const event = new InteractionResponseEvent(response);
    // An answer is submitted; a timeout or a cancel settles the card at once, whoever delivers it.
    if (response.status === 'completed') {
      this.sending = response;
      this.submitting = true;
    } else this.response = response;
    this.dispatchEvent(event);
    if (!event.defaultPrevented) {
      this.response = response;
      this.submitting = false;
    }
    if (response.status === 'completed' && follow) void this.updateComplete.then(() => this.focusAfterAnswer());
  }

  /** The user dismissed a request that offers Cancel (the adapters' `metadata.dismiss`). */
  protected dismiss(): void {
    if (this.request) this.respond(cancelledResponse(this.request, this.now()));
  }

  /** The Cancel button, where the request offers it. */
  protected renderDismiss(request: InteractionRequest, quiet = false): TemplateResult | typeof nothing {
    return request.metadata.dismiss
      ? html`<button type="button" class=${quiet ? 'quiet' : ''} part="dismiss-button" @click=${this.dismiss}>${this.strings.dismiss}</button>`
      : nothing;
  }

  /**
   * The form is gone: keep keyboard and screen reader users on the outcome. At the next frame,
   * where the browser lays out anyway: focusing at once would force a layout of its own.
   */
  protected focusAfterAnswer(): void {
    requestAnimationFrame(() => {
      if (this.focusIsHereOrNowhere()) this.renderRoot.querySelector<HTMLElement>('[part~="receipt"]')?.focus({ preventScroll: true });
    });
  }

  /**
   * Focus follows an answer from inside the card, or from nowhere (Safari does not focus a
   * clicked button); it is never pulled from wherever else on the page the user is, or has
   * gone since. Focus inside the shadow root shows on the document as the card itself.
   */
  protected focusIsHereOrNowhere(): boolean {
    const active = document.activeElement;
    return active === null || active === document.body || active === this || this.contains(active);
  }

  /** Clears what the user entered (when a new request arrives). */
  protected abstract resetForm(): void;

  /** The card's form while pending. */
  protected abstract renderForm(request: InteractionRequest): TemplateResult;

  protected renderCountdown(): TemplateResult | typeof nothing {
    if (this.state !== 'pending' || !this.countdown.running) return nothing;
    const left = this.strings.remaining(formatRemaining(this.countdown.remainingMs));
    return html`<span class="badge countdown" part="countdown" role="timer" data-urgency=${this.countdown.urgency ?? nothing}>${left}</span>`;
  }

  /** A polite live region that speaks the countdown at a few thresholds. */
  protected renderAnnouncer(): TemplateResult {
    const seconds = this.countdown.announcement;
    const spoken =
      this.state === 'pending' && seconds !== undefined
        ? this.strings.remainingSpoken(this.strings.minutesSeconds(Math.floor(seconds / 60), seconds % 60))
        : '';
    return html`<div class="visually-hidden" aria-live="polite" aria-atomic="true">${spoken}</div>`;
  }

  protected renderStateBadge(): TemplateResult {
    return html`<span class="badge state state-${this.state}" part="state">${this.strings.state[this.state]}</span>`;
  }

  protected renderReceipt(said?: string): TemplateResult {
    if (!this.request) return html``;
    const response = this.response ?? this.sending;
    const rows = response && shownAnswer(this.request, response) ? this.renderAnswer(this.request, response) : nothing;
    return renderReceipt(this.request, response, this.state, this.late, this.strings, rows, said);
  }

  /** What the receipt lists under the outcome: the note, the choices, the answers. */
  protected abstract renderAnswer(request: InteractionRequest, response: InteractionResponse): TemplateResult | typeof nothing;

  /** Badges beside the title (severity, grilling checkpoint). */
  protected renderBadges(): TemplateResult | typeof nothing {
    return nothing;
  }

  /** What follows the message in every state (an approval's details). */
  protected renderContext(): TemplateResult | typeof nothing {
    return nothing;
  }

  /** Extra classes of the card (e.g. its severity). */
  protected cardClass(): string {
    return '';
  }

  protected renderCard(request: InteractionRequest): TemplateResult {
    const requester = this.requester?.trim();
    return html`<article class="card ${this.cardClass()}" part="card" aria-labelledby="title">
      <div class="header" part="header">
        <div class="heading">
          <p class="title" id="title" part="title" dir="auto">${safeText(displayTitle(this.strings, request.title))}</p>
          <div class="meta">
            ${this.renderBadges()}
            ${requester ? html`<span part="requester">${this.strings.requestedBy} ${safeText(requester)}</span>` : nothing}
          </div>
        </div>
        <div class="meta">${this.renderCountdown()}${this.settled ? this.renderStateBadge() : nothing}</div>
      </div>
      ${request.message ? html`<p class="message" part="message" dir="auto">${this.longText('message', request.message)}</p>` : nothing}
      ${this.renderContext()}
      ${this.settled ? this.renderReceipt() : this.renderForm(request)}
      ${this.renderAnnouncer()}
    </article>`;
  }

  protected override render(): TemplateResult | typeof nothing {
    return this.request ? this.renderCard(this.request) : nothing;
  }

  /**
   * A text that may be huge (a model can write a megabyte): past COLLAPSE_AFTER characters it
   * starts collapsed, with a control that shows the rest, so the card's DOM stays small.
   */
  protected longText(key: string, text: string): TemplateResult {
    if (text.length <= COLLAPSE_AFTER || this.expanded.has(key)) return safeText(text);
    const expand = () => (this.expanded = new Set(this.expanded).add(key));
    return html`${safeText(text.slice(0, COLLAPSE_AFTER))}…
      <button type="button" class="quiet show-all" aria-expanded="false" @click=${expand}>
        ${this.strings.showAllText(text.length)}
      </button>`;
  }
}
