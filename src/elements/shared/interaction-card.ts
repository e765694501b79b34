import { adoptStyles, html, LitElement, nothing, type CSSResult, type PropertyValues, type TemplateResult } from 'lit';
import { consume } from '@lit/context';
import { property, query, state } from 'lit/decorators.js';
import { cardExtension, type CardExtension } from './card-extension.js';
import { cardRegistry, type CardRegistry } from './card-registry.js';
import type { CardSlots } from './card-slots.js';
import { cardStrings, displayTitle, type CardStrings } from '../../i18n/card.js';
import type { Locale } from '../../i18n/locales.js';
import { tableOf, withStrings } from '../../i18n/registry.js';
import type { Translation } from '../../i18n/translation.js';
import type { InteractionRequest } from '../../protocol/request.js';
import type { InteractionResponse } from '../../protocol/response.js';
import type { Settlement } from '../../protocol/runtime-messages.js';
import { cardStateOf, type CardState } from '../../rules/card-state.js';
import { buildResponse } from '../../rules/responses.js';
import { systemClock, type Clock } from '../../protocol/clock.js';
import { ASSERTIVE_AT, CountdownController, formatRemaining } from './countdown.js';
import { DirectionController } from './direction.js';
import { FocusReturnController } from './focus-return.js';
import { InteractionResponseEvent } from './interaction-response-event.js';
import { LocaleController } from './locale.js';
import { receiptStyles, renderReceipt, shownAnswer, type ReceiptView } from './receipt.js';
import { safeText } from './safe-text.js';
import { baseStyles, type Theme } from './tokens.js';

/** Text past this many characters starts collapsed, so a huge message keeps the card small. */
export const COLLAPSE_AFTER = 2000;

export { InteractionResponseEvent } from './interaction-response-event.js';

/**
 * What `<approval-dialog>` and `<questionnaire-form>` share: the request, the computed state,
 * the one `interaction-response` event, and the card's frame (title, countdown, receipt). The
 * behaviour around it lives in controllers: language, countdown, focus on settling.
 */
export abstract class InteractionCard<S extends object = object> extends LitElement {
  /** The normalised request to show. */
  @property({ attribute: false })
  request?: InteractionRequest;

  /**
   * The deadline, epoch milliseconds or ISO 8601. When a host sets it, the card only shows the
   * countdown and the host's session applies the timeout; without it the card times itself
   * from `request.timeout_seconds` and applies the timeout policy on its own (docs/protocol.md §5.6).
   */
  @property({ attribute: false })
  deadline?: number | string;

  /** A BCP 47 tag (`en`, `ja`…): the first the page has a language for, of this, the nearest `lang` and the browser's languages; else zh-CN. */
  @property({ reflect: true })
  locale?: Locale;

  /** `light` or `dark` forces a scheme; else `prefers-color-scheme` (reflected: the styles read it). */
  @property({ reflect: true })
  theme?: Theme;

  /** Who asks (the session's `context.requester`), shown on the card. */
  @property()
  requester?: string;

  /** The clock, injected for tests. */
  @property({ attribute: false })
  clock: Clock = systemClock;

  /**
   * The response the receipt shows. Setting it from code turns the card into that receipt and
   * fires no event (a host uses it for timeouts, cancels and answers restored after a reload).
   */
  @property({ attribute: false })
  response?: InteractionResponse;

  /**
   * An answer is on its way and no response has settled the card yet. The card sets it when it
   * fires an answer whose delivery a listener took over (`preventDefault()`); that listener sets
   * `response` once the answer arrived, or `submitting` back to false when sending failed.
   */
  @property({ type: Boolean })
  submitting = false;

  /** Set by a host when the runtime had already timed the call out: the answer came too late. */
  @property({ type: Boolean, reflect: true })
  late = false;

  /**
   * Set by a host with `response` when the call was decided in another place (an inbox, an
   * answer link): the receipt says where and who, and lists no answers (they stayed there).
   */
  @property({ attribute: false })
  elsewhere?: Settlement;

  /**
   * What an extension adds to the cards (the adapters' typed fields and link consent), provided
   * by an ancestor: the host, from its `adapters`, or `provideAdapterParts(root)` on a page.
   */
  @consume({ context: cardExtension, subscribe: true })
  @state()
  protected extension?: CardExtension;

  /** The cards of the host that shows this one (provided by it): the card is there under its request's id. */
  @consume({ context: cardRegistry })
  private registry?: CardRegistry;

  /**
   * The response this card fired: what its receipt shows while it is submitting, and how the
   * receipt tells the user's own Skip from the runtime's cancel.
   */
  @state()
  private fired: InteractionResponse | undefined;

  /** The receipt's full record is shown (a receipt is one line until opened). */
  @state()
  private receiptOpen = false;

  /** The styles a closed receipt's one line needs, of the element's `styles`. */
  protected static lineStyles: CSSResult[] = [baseStyles, receiptStyles];

  /**
   * The shadow root adopts only `lineStyles`. Chromium gathers the features of every rule each
   * shadow root adopts whenever a card comes or a receipt goes; receipts are most of a long
   * session's roots, so short lists keep a call's cost flat however many are kept
   * (docs/performance.md). Every browser the kit supports adopts style sheets (docs/browsers.md):
   * Lit's fallback to `<style>` elements, which adopting again would pile up, never runs.
   */
  private line = false;

  /** Long texts the user expanded (the message, an approval's details). */
  @state()
  private expanded: ReadonlySet<string> = new Set();

  /**
   * What the card shows, computed from `response` and `submitting`, never stored beside them;
   * reflected as the `state` attribute for styles.
   */
  get state(): CardState {
    return cardStateOf(this.response, this.submitting);
  }

  /** The element's own strings per language (i18n/approval.ts, …), beside the card's. */
  protected abstract readonly ownStrings: readonly [keyof Translation, Readonly<Record<'zh-CN' | 'en', S>>];

  private readonly i18n = new LocaleController(this, (locale) => withStrings(tableOf(cardStrings, 'card', locale), tableOf(this.ownStrings[1], this.ownStrings[0], locale)), () => [this.locale]);
  /** Right to left in Arabic and Hebrew, unless the page set the card's `dir`. */
  protected readonly direction = new DirectionController(this, () => [this.locale]);
  protected readonly countdown = new CountdownController(this, () => this.expire());
  /** The receipt's heading (its disclosure button), once the card is settled. */
  @query('[part~="receipt-heading"]') private readonly receiptHeading?: HTMLElement | null;
  protected readonly focusReturn = new FocusReturnController(this, () => this.receiptHeading);

  /** Moves focus to the receipt's heading, once the card shows its receipt (answered with others, say). */
  async focusReceipt(): Promise<void> {
    await this.updateComplete;
    this.receiptHeading?.focus();
  }

  /** The strings of this update's language. */
  protected get strings(): CardStrings & S {
    return this.i18n.strings;
  }

  /** The language of this update (the `locale` attribute, else the nearest `lang`, else the browser's, else zh-CN). */
  protected get language(): Locale {
    return this.i18n.locale;
  }

  protected get settled(): boolean {
    return this.state !== 'pending';
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('request') && this.request && changed.get('request') !== undefined) {
      // A new request on the same element starts over.
      if (!changed.has('response')) this.response = undefined;
      if (!changed.has('submitting')) this.submitting = false;
      this.fired = undefined;
      this.receiptOpen = false;
      this.expanded = new Set();
      this.resetForm();
    }
    if (changed.has('request') && this.request) this.registry?.set(this.request.request_id, this);
    this.setAttribute('state', this.state);
    if (changed.has('request') || changed.has('deadline') || changed.has('response') || changed.has('submitting')) this.syncTimer(changed);
    // Before the render, so an opened record renders styled (see `line`).
    const line = this.settled && !this.receiptOpen;
    const own = this.constructor as typeof InteractionCard;
    if (line !== this.line) {
      this.line = line;
      adoptStyles(this.renderRoot as ShadowRoot, line ? own.lineStyles : own.elementStyles);
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    const id = this.request?.request_id;
    if (id !== undefined && this.registry?.get(id) === this) this.registry.delete(id);
  }

  /**
   * Brings focus to the card's first control that is safe to land on, without scrolling: never
   * approve or confirm on a high-risk approval, where an Enter must not be one keystroke from
   * approving. False when it has none.
   */
  focusFirstControl(): boolean {
    const high = this.request?.metadata.severity === 'high';
    const control = [...this.renderRoot.querySelectorAll<HTMLElement>('button, input, textarea, select, summary, a[href], [tabindex]')].find(
      (c) => c.tabIndex >= 0 && !c.matches(':disabled') && !c.closest('[hidden], [inert]') && c.checkVisibility() && !(high && c.matches('[part~="approve-button"], [part~="confirm-button"]')),
    );
    control?.focus({ preventScroll: true });
    return control !== undefined;
  }

  /** Clears what the user entered (when a new request arrives). */
  protected abstract resetForm(): void;

  private syncTimer(changed: PropertyValues<this>): void {
    if (!this.request || this.settled) {
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

  /**
   * The deadline passed: a standalone card applies the timeout policy itself, keeping what the
   * user gave.
   */
  private expire(): void {
    if (!this.request || this.settled || this.deadline !== undefined) return;
    this.respond(this.timedOut(this.request));
  }

  /**
   * The response at the deadline: timed out, unanswered. A questionnaire's keeps what the user
   * gave, by its own rules, so that a card that only approves carries none of them.
   */
  protected timedOut(request: InteractionRequest): InteractionResponse {
    return buildResponse(request, 'timeout', this.now());
  }

  protected now(): string {
    return new Date(this.clock.now()).toISOString();
  }

  /** Shows the response as a receipt and fires the event once; refuses a second answer. */
  protected respond(response: InteractionResponse, grant?: 'session'): void {
    if (this.settled) return;
    const event = new InteractionResponseEvent(response, grant);
    this.fired = response;
    // An answer is submitted; a timeout or a cancel settles the card at once, whoever delivers it.
    if (response.status === 'completed') this.submitting = true;
    else this.response = response;
    this.dispatchEvent(event);
    if (!event.defaultPrevented) {
      this.response = response;
      this.submitting = false;
    }
  }

  /** The user's own Skip settled an input card: a cancel (or an adapter's decline) it fired itself. */
  private get skipped(): boolean {
    const fired = this.fired;
    return this.request?.kind !== 'approval' && this.settled && fired !== undefined && (fired.status === 'cancelled' || (fired.status === 'completed' && !fired.approved));
  }

  /** The one-line receipt of a settled card, and its record: who asked, why it ended so, the message, the context, the answer. */
  private renderSettled(request: InteractionRequest, slots: CardSlots): TemplateResult {
    const strings = this.strings;
    const response = this.response ?? this.fired;
    const requester = this.requester?.trim();
    const view: ReceiptView = {
      request, response, state: this.state, late: this.late, strings, skipped: this.skipped, outcome: slots.outcome, elsewhere: this.elsewhere, locale: this.language,
      dismissed: request.metadata.dismiss ? this.extension?.consent(this.language).dismissed : undefined,
      declined: request.metadata.decline ? this.extension?.consent(this.language).declined : undefined,
      title: displayTitle(strings, request.title), open: this.receiptOpen,
      toggle: () => (this.receiptOpen = !this.receiptOpen),
      record: () => {
        return html`${requester ? html`<div class="meta" part="requester">${strings.requestedBy} ${safeText(requester)}</div>` : nothing}
          ${this.late ? html`<p class="hint">${strings.receipt.lateDetail}</p>` : nothing}
          ${request.message ? html`<p class="message" part="message" dir="auto">${this.longText('message', request.message)}</p>` : nothing}
          ${slots.context ?? nothing}
          ${response && slots.answer && !this.elsewhere && shownAnswer(request, response) ? slots.answer(response) : nothing}`;
      },
    };
    return html`<article class="card ${slots.cardClass ?? ''}" part="card" aria-labelledby="title">${renderReceipt(view)}${slots.footer ?? nothing}</article>`;
  }

  private renderCountdown(): TemplateResult | typeof nothing {
    if (this.settled || !this.countdown.running) return nothing;
    const left = this.strings.remaining(formatRemaining(this.countdown.remainingMs));
    return html`<span class="badge countdown" part="countdown" role="timer" data-urgency=${this.countdown.urgency ?? nothing}>${left}</span>`;
  }

  /**
   * The live regions that speak the countdown at a few thresholds: politely, but for the one
   * 30 s before the deadline, said once and assertively with the card's title,
   * so a user elsewhere on the page knows which card is about to time out.
   */
  private renderAnnouncer(title: string): TemplateResult {
    const seconds = this.countdown.announcement;
    const strings = this.strings;
    const time = !this.settled && seconds !== undefined ? strings.minutesSeconds(Math.floor(seconds / 60), seconds % 60) : '';
    const urgent = time !== '' && seconds === ASSERTIVE_AT;
    return html`<div class="visually-hidden" aria-live="polite" aria-atomic="true">${time && !urgent ? strings.remainingSpoken(time) : ''}</div>
      <div class="visually-hidden" aria-live="assertive" aria-atomic="true">${urgent ? html`${strings.urgentSpoken(time)}${safeText(title)}` : ''}</div>`;
  }

  /** The card around its form (title, requester, badges, countdown, message), or its receipt once settled. */
  protected renderCard(request: InteractionRequest, slots: CardSlots): TemplateResult {
    if (this.settled) return this.renderSettled(request, slots);
    const strings = this.strings;
    const requester = this.requester?.trim();
    const title = displayTitle(strings, request.title);
    return html`<article class="card ${slots.cardClass ?? ''}" part="card" aria-labelledby="title">
      <div class="header" part="header">
        <div class="heading">
          <p class="title" id="title" part="title" dir="auto">${safeText(title)}</p>
          <div class="meta">
            ${slots.badges ?? nothing}
            ${requester ? html`<span part="requester">${strings.requestedBy} ${safeText(requester)}</span>` : nothing}
          </div>
        </div>
        <div class="meta">${this.renderCountdown()}</div>
      </div>
      ${request.message ? html`<p class="message" part="message" dir="auto">${this.longText('message', request.message)}</p>` : nothing}
      ${slots.context ?? nothing}
      ${slots.form()}
      ${this.renderAnnouncer(title)}
    </article>`;
  }

  /**
   * A text that may be huge (a model can write a megabyte): past COLLAPSE_AFTER characters it
   * starts collapsed, with a control that shows the rest, so the card's DOM stays small.
   */
  protected longText(key: string, text: string): TemplateResult {
    if (text.length <= COLLAPSE_AFTER || this.expanded.has(key)) return safeText(text);
    const expand = () => (this.expanded = new Set(this.expanded).add(key));
    return html`${safeText(text.slice(0, COLLAPSE_AFTER))}…
      <button tabindex="0" type="button" class="quiet show-all" aria-expanded="false" @click=${expand}>
        ${this.strings.showAllText(text.length)}
      </button>`;
  }
}
