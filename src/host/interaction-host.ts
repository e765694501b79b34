import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ArrivalController } from './arrival.js';
import { arrivalBlocks, itemId } from './arrival-blocks.js';
import { renderCardList } from './card-list.js';
import { AnswerAllController, answerAllStyles } from './answer-all.js';
import { AttentionController, type NotifyMode } from './attention.js';
import { retrySelector } from './artifact-retry.js';
import type { Locale } from '../i18n/locales.js';
import { displayTitle, stringsFor } from '../i18n/strings.js';
import type { DeliverFunction } from '../rules/artifacts/deliver.js';
import type { ResultLanguage } from '../rules/content.js';
import { systemClock, type Clock } from '../protocol/clock.js';
import { ApprovalDialog } from '../elements/approval-dialog/approval-dialog.js';
import { QuestionnaireForm } from '../elements/questionnaire-form/questionnaire-form.js';
import { cardRegistry, registeredAs, type CardRegistry } from '../elements/shared/card-registry.js';
import { nowhere } from '../elements/shared/focus-return.js';
import { DirectionController } from '../elements/shared/direction.js';
import { LocaleController } from '../elements/shared/locale.js';
import { safeText } from '../elements/shared/safe-text.js';
import { baseStyles, type Theme } from '../elements/shared/tokens.js';
import { cardStyles } from '../elements/shared/card-styles.js';
import type { Layout } from '../elements/questionnaire-form/steps.js';
import type { EnvelopeAdapter, SessionProtocol } from '../session/envelope.js';
import type { InteractionSession, SessionEntry, SessionEvent } from '../session/session.js';
import type { SessionGrant } from '../protocol/runtime-messages.js';
import { isWaiting, type RequestEntry } from '../session/entry.js';
import type { KeyValueStorage } from '../session/storage.js';
import type { BackoffOptions } from '../transport/backoff.js';
import { connectionStatus, type ConnectionStatus, type Transport } from '../transport/transport.js';
import { WebSocketTransport } from '../transport/websocket-transport.js';
import { hostStyles } from './interaction-host.styles.js';
import { SessionController } from './session-controller.js';
import { ConnectionChangeEvent, InteractionRequestEvent, ToolResultEvent } from './host-events.js';
import { GrantsMenu, grantsStyles } from './grants-menu.js';
import { entryRenderer } from './entry-view.js';

/**
 * Connects the elements to an agent runtime: one tag, and every tool call the runtime sends shows
 * up as a card; every answer reaches the runtime exactly once, across drops and reloads.
 *
 * @summary Wires a transport, a session and the elements together.
 * @fires interaction-request - A card appeared; `detail` is `{id, entry}`.
 * @fires tool-result - A result was sent to the runtime; `detail` is the message sent.
 * @fires connection-change - The connection changed; `detail.status` is the `ConnectionStatus` shown (`detail.state`, `superseded` and `unreachable` are deprecated).
 * @fires interaction-waiting - The number of cards waiting for the user changed (or the oldest of them did); `detail` is `{count, oldest}` (oldest: its id, or null).
 * @csspart connection - The connection state.
 * @csspart connection-help - 排查方法 / What to check: the link beside 无法连接 / Cannot connect, to `connection-help`.
 * @csspart superseded - The notice shown when the session is open elsewhere.
 * @csspart take-back-button - Continue here.
 * @csspart cards - The list of cards.
 * @csspart refused - The notice in place of a call the kit refused to show (its id).
 * @csspart new-request-button - 新请求 / New request: shown when a card arrived out of sight.
 * @csspart retry-button - 重试 / Retry under a file that `deliver` failed to send.
 * @csspart retried - The note that takes Retry's place once the file was sent.
 * @csspart grants-button - 本会话授权 / Session grants: the menu's `<summary>` with the count, shown once the session has held a grant.
 * @csspart grants - The open menu: the session's grants.
 * @csspart grant - One grant in the open menu: its label and Revoke.
 * @csspart revoke-button - 撤销 / Revoke: ends that grant (`revoke_grant`); the next such call asks again.
 * @csspart answer-all - The bar above two or more low and medium approvals: what it covers, what it leaves out.
 * @csspart approve-all-button - 全部批准 (N) / Approve all (N).
 * @csspart reject-all-button - 全部拒绝 / Reject all.
 */
export class InteractionHost extends LitElement {
  static override styles = [baseStyles, cardStyles, hostStyles, grantsStyles, answerAllStyles];

  /** The runtime's WebSocket URL (e.g. `wss://host/agent/sessions/abc`). */
  @property()
  src?: string;

  /** A transport of the page's own (e.g. a PostMessageTransport); wins over `src`. */
  @property({ attribute: false })
  transport?: Transport;

  /** Delivers `publish_artifacts` items where the credentials are. */
  @property({ attribute: false })
  deliver?: DeliverFunction;

  /** Origins whose images preview without a click (see `<artifact-list>`). */
  @property({ attribute: 'preview-origins' })
  previewOrigins = '';

  /** Finished cards kept as receipts (default 50), so memory stays flat. */
  @property({ type: Number, attribute: 'receipt-limit' })
  receiptLimit = 50;

  /**
   * The language of each result's `content`, the sentence the model reads: `zh` (default, as the
   * reference runtime writes it; any other value too) or `en`. The cards' language is `locale`.
   */
  @property({ attribute: 'result-language' })
  resultLanguage?: ResultLanguage;

  /** A BCP 47 tag (`en`, `ja`…): the first the page has a language for, of this, the session's `context.locale`, the nearest `lang` and the browser's languages; else zh-CN. */
  @property({ reflect: true })
  locale?: Locale;

  /** `light` or `dark` for every card; else `prefers-color-scheme`. */
  @property({ reflect: true })
  theme?: Theme;

  /** The layout of every questionnaire in it: `auto` (default), `list` or `steps` (see `<questionnaire-form>`). */
  @property({ reflect: true })
  layout?: Layout;

  /**
   * A page that says what to check when the runtime cannot be reached (its origin not in the
   * runtime's `allowedOrigins`, a wrong URL, the runtime not running): linked beside "Cannot connect".
   */
  @property({ attribute: 'connection-help' })
  connectionHelp?: string;

  /** Where unacknowledged results wait (default `sessionStorage`). */
  @property({ attribute: false })
  storage?: KeyValueStorage;

  /** The clock of the session and of every card, injected for tests. */
  @property({ attribute: false })
  clock: Clock = systemClock;

  /** Reconnect timing of the WebSocket transport. */
  @property({ attribute: false })
  backoff?: BackoffOptions;

  /**
   * Other protocols accepted on the same connection, e.g. `[mcpElicitation()]` from
   * `agent-interaction-kit/adapters`, each bringing what runs it and what its cards show (typed
   * fields, link consent), which the host provides to its cards. Read when the connection starts.
   */
  @property({ attribute: false })
  adapters?: EnvelopeAdapter[];

  /**
   * WebSocket subprotocols offered with `src` (e.g. `['aik.token.' + token]`): a way to hand the
   * runtime's `authorize` a token without putting it in the URL. Read when the connection starts.
   */
  @property({ attribute: false })
  protocols?: string | string[];

  /**
   * `jsonrpc`: speak pure JSON-RPC 2.0 to a peer that speaks nothing else (an MCP host relaying
   * `elicitation/create`): no `connect` frame, no v1 messages. `v1` (default): the kit's protocol,
   * with the adapters' envelopes beside it. `jsonrpc` needs `adapters` (e.g. `[mcpElicitation()]`).
   * Read when the connection starts.
   */
  @property()
  protocol: SessionProtocol = 'v1';

  /**
   * A system notification per arriving request: `off` (default), `hidden` (while the page is
   * hidden) or `always`. The permission is asked in a user's gesture, never on load.
   */
  @property()
  notify: NotifyMode = 'off';

  /** The session's entries as last read (immutable snapshots), in arrival order. */
  @state() private entries: SessionEntry[] = [];
  @state() private connection: ConnectionStatus = 'closed';
  /** The polite live region's text: the newest request. */
  @state() private announcement = '';
  /** The session's `context.locale`, the host's language when it has no `locale`. */
  @state() private sessionLocale: string | undefined;

  /** Connected: a session on the transport (or `src`); disconnected: stopped. */
  private readonly sessionController = new SessionController(this, {
    args: () => [this.src, this.transport, this.adapters, this.protocol, this.protocols],
    options: () => {
      const transport = this.transport ?? (this.src ? new WebSocketTransport(this.src, { clock: this.clock, backoff: this.backoff, protocols: this.protocols }) : undefined);
      if (!transport) return undefined;
      const { storage, clock, adapters, protocol } = this;
      // The adapters' cards read their parts from the host (a context provided on it).
      for (const adapter of adapters ?? []) adapter.extension?.provide(this);
      return { transport, storage, clock, adapters, protocol, ...this.sessionSettings() };
    },
    settings: () => this.sessionSettings(),
    onEvent: (event) => this.onSessionEvent(event),
    onStop: () => {
      if (this.entries.length > 0) this.entries = [];
    },
  });

  /** The cards it shows, each registered under its id by the card itself. */
  protected readonly cards: CardRegistry = new Map();

  /** The cards in blocks of 32 by arrival, each in its block for good. */
  private readonly blocksOf = arrivalBlocks();

  /** The cards waiting for the user, oldest first. */
  private get waiting(): RequestEntry[] { return this.entries.filter(isWaiting); }

  /** New cards are followed into view, or announced by one "New request" button. */
  private readonly arrival = new ArrivalController(this, {
    end: () => this.renderRoot.querySelector('.end'),
    itemOf: (id) => this.renderRoot.querySelector<HTMLElement>(`#${CSS.escape(itemId(id))}`),
    cardOf: (id) => this.cards.get(id),
    pendingIds: () => this.waiting.map((entry) => entry.id),
  });

  /** One bar answers the low and medium approvals together. */
  private readonly answerAll = new AnswerAllController(this, {
    waiting: () => this.waiting,
    cardOf: (id) => registeredAs(this.cards, id, ApprovalDialog),
    announce: (text) => (this.announcement = text),
  });

  constructor() {
    super();
    // The tab title's count, interaction-waiting and notifications: registered, it needs no field.
    new AttentionController(this, { waiting: () => this.waiting, notify: () => this.notify, locale: () => this.i18n.locale, focus: (id) => this.arrival.focus(id) });
    // Its cards' registry, answered as the context protocol asks (one value, never updated), without a provider's machinery.
    this.addEventListener('context-request', (event) => event.context === cardRegistry && (event.stopPropagation(), event.callback(this.cards)));
  }

  /**
   * Brings the oldest card that arrived out of sight (never one the user already saw; with
   * none, the oldest pending card) into view and focuses its first safe control (never approve
   * on a high-risk approval), as the New request button does. Returns false when no card is pending.
   */
  focusPending(): boolean {
    return this.arrival.focusPending();
  }

  /** The session grants menu: it follows the running session's `grants`. */
  private readonly grantsMenu = new GrantsMenu(this, {
    session: () => this.sessionController.session,
    strings: () => this.i18n.strings,
    announce: (text) => (this.announcement = text),
  });

  /** The session's grants, `{key, label, at}` oldest first, as the runtime last listed them. */
  get grants(): readonly SessionGrant[] {
    return this.grantsMenu.grants;
  }

  /** The live session (for pages that need its state; most need only the events). */
  get interactionSession(): InteractionSession | undefined {
    return this.sessionController.session;
  }

  private sessionSettings() {
    const resultLanguage: ResultLanguage = this.resultLanguage === 'en' ? 'en' : 'zh';
    return { deliver: this.deliver, receiptLimit: this.receiptLimit, resultLanguage, draftOf: this.draftOf };
  }

  /**
   * What the user gave so far in a questionnaire's card, read by the session at the card's
   * deadline: its timeout keeps those answers. The card holds the draft; the
   * session, which owns the timer, knows no elements.
   */
  private readonly draftOf = (id: string) => registeredAs(this.cards, id, QuestionnaireForm)?.givenAnswers;

  private onSessionEvent(event: SessionEvent): void {
    const session = this.sessionController.session;
    if (!session) return;
    switch (event.type) {
      case 'request': {
        this.arrival.arrived(event.entry.id);
        this.entries = session.list();
        const strings = stringsFor(this.i18n.resolve());
        const { entry } = event;
        const title = entry.kind === 'request' ? entry.request.title : entry.kind === 'artifacts' ? entry.title : '';
        this.announcement = strings.host.newRequest(displayTitle(strings, title) || strings.artifacts.list);
        this.dispatchEvent(new InteractionRequestEvent(entry));
        break;
      }
      case 'update':
      case 'remove':
        this.entries = session.list();
        break;
      case 'result':
        this.dispatchEvent(new ToolResultEvent(event.message));
        break;
      case 'connection':
        this.connection = connectionStatus(event.state, event.detail);
        this.dispatchEvent(new ConnectionChangeEvent(this.connection, event.state));
        break;
      case 'hello':
        this.sessionLocale = event.context.locale;
    }
  }

  /** Its language: `locale`, else the session's `context.locale`, else the nearest `lang`, else the browser's. */
  private readonly i18n = new LocaleController(this, stringsFor, () => [this.locale, this.sessionLocale]);
  /** Right to left in Arabic and Hebrew, unless the page set the host's `dir`; its cards take the host's. */
  private readonly direction = new DirectionController(this, () => [this.locale, this.sessionLocale]);

  /** The cards, with the host's settings; what the user does in them comes back here. */
  private readonly renderEntry = entryRenderer(this, {
    // The card answered: the session sends it; the card shows "submitting" until the ack.
    onResponse: (event, entry) => {
      event.preventDefault();
      this.sessionController.session?.answer(entry.id, event.detail, event.grant);
    },
    onRetry: (id, index, button) => void this.retry(id, index, button),
  });

  /**
   * The user's Retry of a failed delivery: announced when it ends; when it delivered, its button
   * gives way to a note, which takes the focus the button had (focus never falls to the page).
   */
  private async retry(id: string, index: number, button: HTMLElement): Promise<void> {
    const session = this.sessionController.session;
    if (!(await session?.retryDelivery(id, index))) return;
    await this.updateComplete;
    const entry = session?.list().find((e) => e.id === id);
    if (entry?.kind !== 'artifacts') return;
    const sent = entry.phase === 'delivered' && entry.retried.includes(index);
    this.announcement = this.i18n.strings.host.retry.announce(entry.items[index]?.name ?? '', sent);
    const dropped = !button.isConnected && !this.shadowRoot?.activeElement && nowhere();
    if (dropped) this.renderRoot.querySelector<HTMLElement>(retrySelector(id, index))?.focus();
  }

  private takeBack(): void {
    this.connection = 'connecting';
    this.sessionController.reconnect();
  }

  protected override render(): TemplateResult {
    const { locale, strings } = this.i18n;
    const dir = this.direction.dir;
    const shown = this.connection;
    /** What the cards show besides their entries. */
    const cardSettings = [locale, dir, this.theme, this.layout, this.previewOrigins, this.deliver, this.clock];
    return html`<div class="stack">
      <div class="status-row">${this.grantsMenu.render()}
      ${shown === 'superseded'
        ? html`<div class="superseded" part="superseded" role="alert">
            <span>${strings.host.superseded}</span>
            <button tabindex="0" part="take-back-button" @click=${this.takeBack}>${strings.host.takeBack}</button>
          </div>`
        : html`<div class="connection state-${shown}" part="connection" role="status">
            <span class="dot" aria-hidden="true"></span>${strings.host.connection[shown]}
            ${shown === 'unreachable' && this.connectionHelp
              ? html`<a tabindex="0" part="connection-help" href=${this.connectionHelp} target="_blank" rel="noopener">${strings.host.connectionHelp}</a>`
              : nothing}
          </div>`}
      </div>
      <div class="cards" part="cards" role="list" aria-label=${strings.host.requests}>
        <div class="end"></div>
        ${renderCardList({ blocks: this.blocksOf(this.entries), settings: cardSettings, bar: this.answerAll.bar(strings), card: (entry) => this.renderEntry(entry, locale, dir, strings.host) })}
      </div>
      ${this.arrival.waiting
        ? html`<button tabindex="0" class="new-request primary" part="new-request-button" @click=${this.focusPending}>${strings.host.newRequestButton}</button>`
        : nothing}
      <div class="visually-hidden" aria-live="polite">${safeText(this.announcement)}</div>
    </div>`;
  }
}
