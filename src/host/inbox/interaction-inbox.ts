import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Layout } from '../../elements/questionnaire-form/steps.js';
import { DirectionController } from '../../elements/shared/direction.js';
import type { InteractionCard, InteractionResponseEvent } from '../../elements/shared/interaction-card.js';
import { nowhere } from '../../elements/shared/focus-return.js';
import { LocaleController } from '../../elements/shared/locale.js';
import { safeText, safeTextContent } from '../../elements/shared/safe-text.js';
import { baseStyles, type Theme } from '../../elements/shared/tokens.js';
import { cardStyles } from '../../elements/shared/card-styles.js';
import { cardRegistry, type CardRegistry } from '../../elements/shared/card-registry.js';
import type { Locale } from '../../i18n/locales.js';
import { displayTitle } from '../../i18n/strings.js';
import { systemClock, type Clock } from '../../protocol/clock.js';
import type { ResultLanguage } from '../../rules/content.js';
import { answerApproval } from '../../rules/responses.js';
import type { RequestEntry } from '../../session/entry.js';
import type { KeyValueStorage } from '../../session/storage.js';
import type { BackoffOptions } from '../../transport/backoff.js';
import { connectionStatus, type ConnectionStatus, type Transport } from '../../transport/transport.js';
import { WebSocketTransport } from '../../transport/websocket-transport.js';
import { AnswerAllController, answerAllStyles } from '../answer-all.js';
import { AttentionController, type NotifyMode } from '../attention.js';
import { entryRenderer } from '../entry-view.js';
import { hostStyles } from '../interaction-host.styles.js';
import { inboxStyles } from './interaction-inbox.styles.js';
import { InboxSession, isOpenable, type InboxEvent, type InboxItem } from './inbox-session.js';
import { inboxStringsFor } from './inbox-strings.js';
import { renderFilters } from './inbox-filters.js';
import { receiptText, renderRows, rowId, sessionName } from './inbox-rows.js';
import { memoisedView, ROWS_SHOWN, type InboxKind, type InboxView } from './inbox-view.js';

export type { InboxKind } from './inbox-view.js';

/**
 * One live list of every call waiting for its person, across the sessions they may answer: rows
 * soonest deadline first, each opening the same card the chat shows, answered over the inbox
 * connection (`tool_result` with `session_id`, kept until acked). At a deadline a row turns to
 * "time is up" and sends nothing: time stays with the chat page or the runtime. The list shows
 * its first rows only (`ROWS_SHOWN`), and "Show more" after it the next ones.
 *
 * @summary Every waiting call of every session a person may answer, in one list.
 * @fires interaction-waiting - The number of calls waiting for the person changed (or the oldest of them did); `detail` is `{count, oldest}`.
 * @csspart connection - The connection state.
 * @csspart filters - The filters by session and by kind, and the count.
 * @csspart session-filter - The filter by session (a `<select>`).
 * @csspart kind-filter - The filter by kind (a `<select>`).
 * @csspart count - How many calls wait.
 * @csspart rows - The list of rows.
 * @csspart row - One row (a waiting call, or a receipt).
 * @csspart receipt-row - A row whose call ended: one line of what, where, who and when.
 * @csspart row-session - A row's session title.
 * @csspart row-title - A row's card title.
 * @csspart row-severity - An approval's severity on its row.
 * @csspart row-kind - 提问 / Question, on a row that asks for input.
 * @csspart row-time - Time left, 时间已到 / Time is up, or 正在提交… / Sending….
 * @csspart row-outcome - A receipt row's line.
 * @csspart show-more - 再显示 N 项 / Show N more, after the list while more rows match the filters.
 * @csspart empty - 没有等待处理的请求 / Nothing is waiting.
 * @csspart opened - The open row: Back, its session and its card.
 * @csspart back-button - 返回列表 / Back to the list (as Escape).
 * @csspart time-up - What an open card says once its deadline passed.
 * @csspart opened-outcome - The open call's receipt line, once it settled.
 * @csspart answer-all - The bar over two or more low and medium approvals among the rows shown.
 * @csspart approve-all-button - 全部批准 (N) / Approve all (N).
 * @csspart reject-all-button - 全部拒绝 / Reject all.
 */
export class InteractionInbox extends LitElement {
  static override styles = [baseStyles, cardStyles, hostStyles, answerAllStyles, inboxStyles];

  /** The runtime's inbox WebSocket URL (e.g. `wss://host/agent/inbox`). */
  @property() src?: string;
  /** A transport of the page's own; wins over `src`. */
  @property({ attribute: false }) transport?: Transport;
  /** WebSocket subprotocols offered with `src` (e.g. a token for the runtime's `authorize`). */
  @property({ attribute: false }) protocols?: string | string[];
  /** Where unacked answers wait, under `inbox:<actor>` (default `sessionStorage`). */
  @property({ attribute: false }) storage?: KeyValueStorage;
  /** The clock of the rows and the cards, injected for tests. */
  @property({ attribute: false }) clock: Clock = systemClock;
  /** Reconnect timing of the WebSocket transport. */
  @property({ attribute: false }) backoff?: BackoffOptions;
  /** A BCP 47 tag; else the nearest `lang`, the browser's languages, then zh-CN. */
  @property({ reflect: true }) locale?: Locale;
  /** `light` or `dark`; else `prefers-color-scheme`. */
  @property({ reflect: true }) theme?: Theme;
  /** The layout of each questionnaire: `auto` (default), `list` or `steps`. */
  @property({ reflect: true }) layout?: Layout;
  /** The language of each result's `content`: `zh` (default) or `en`. */
  @property({ attribute: 'result-language' }) resultLanguage?: ResultLanguage;
  /** Receipt rows kept (default 50, oldest leave first); 0: a row leaves once its call ended. */
  @property({ type: Number, attribute: 'receipt-limit' }) receiptLimit = 50;
  /** A system notification per arriving call: `off` (default), `hidden` or `always`. */
  @property() notify: NotifyMode = 'off';
  /** Shows only this session's calls (`''`: every session). */
  @property({ attribute: 'filter-session' }) filterSession = '';
  /** Shows only approvals or only questions (`all`: both). */
  @property({ attribute: 'filter-kind' }) filterKind: InboxKind = 'all';

  @state() private items: readonly InboxItem[] = [];
  /** The rows still waiting for the person, oldest first (the session's, as `items`). */
  @state() private openRows: readonly InboxItem[] = [];
  @state() private connection: ConnectionStatus = 'closed';
  @state() private opened: string | undefined;
  @state() private current: string | undefined;
  @state() private announcement = '';
  @state() private now = 0;
  /** How many of the rows the filters keep the list shows. */
  @state() private limit = ROWS_SHOWN;

  private session: InboxSession | undefined;
  private startedWith: readonly unknown[] = [];
  private ticking: unknown;
  /** Focus was in the inbox before the update: if the update took its element away, it is put back. */
  private hadFocus = false;
  /** Where focus goes after the next update. */
  private focusNext: (() => void) | undefined;
  private readonly cards: CardRegistry = new Map();
  /** Where the tab stop's row stood in the list, for its neighbour to take it if it leaves. */
  private currentAt = 0;
  private readonly view = memoisedView();

  private readonly i18n = new LocaleController(this, inboxStringsFor, () => [this.locale]);
  private readonly direction = new DirectionController(this, () => [this.locale]);

  /** The rows the filters keep and what follows from them, once per change of either. */
  private get shaped(): InboxView {
    return this.view(this.items, this.openRows, this.filterSession, this.filterKind);
  }

  /** The rows the list shows: the first `limit` the filters keep. */
  private get shown(): readonly InboxItem[] {
    return this.shaped.matching.slice(0, this.limit);
  }

  /** The calls the person can still answer, oldest first (the title count, the event). */
  private get waiting(): readonly RequestEntry[] {
    return this.shaped.waiting;
  }

  // Answering together covers the rows shown: what the person can read before pressing.
  private readonly answerAll = new AnswerAllController(this, {
    waiting: () => (this.opened ? [] : this.shown.filter(isOpenable).map((item) => item.entry)),
    cardOf: (id) => {
      const item = this.items.find((i) => i.entry.id === id);
      if (!item) return undefined;
      return {
        answerTogether: (approve: boolean) => this.session?.answer(id, answerApproval(item.entry.request, approve, '', new Date(this.clock.now()).toISOString())) === true,
        focusReceipt: async () => this.focusRow(id),
      };
    },
    announce: (text) => (this.announcement = text),
  });

  constructor() {
    super();
    new AttentionController(this, { waiting: () => this.waiting, notify: () => this.notify, locale: () => this.i18n.locale, focus: (id) => this.open(id) });
    this.addEventListener('context-request', (event) => event.context === cardRegistry && (event.stopPropagation(), event.callback(this.cards)));
  }

  private readonly renderEntry = entryRenderer(this, {
    onResponse: (event: InteractionResponseEvent, entry) => {
      event.preventDefault();
      this.session?.answer(entry.id, event.detail, event.grant);
    },
    onRetry: () => undefined,
  });

  /** The cards' image previews: none, as the inbox opens approvals and questions only. */
  get previewOrigins(): string {
    return '';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.restart();
    this.ticking = this.clock.setTimeout(this.tick, 0);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.session?.stop();
    this.session = undefined;
    this.clock.clearTimeout(this.ticking);
  }

  /** The time left on the rows, once a second. */
  private readonly tick = () => {
    this.now = this.clock.now();
    this.ticking = this.clock.setTimeout(this.tick, 1000 - (this.now % 1000));
  };

  private restart(): void {
    this.session?.stop();
    this.session = undefined;
    this.startedWith = [this.src, this.transport, this.protocols];
    const transport = this.transport ?? (this.src ? new WebSocketTransport(this.src, { clock: this.clock, backoff: this.backoff, protocols: this.protocols }) : undefined);
    if (!transport) return;
    this.session = new InboxSession({ transport, storage: this.storage, clock: this.clock, resultLanguage: this.resultLanguage });
    this.session.configure(this.resultLanguage, this.receiptLimit);
    this.session.subscribe((event) => this.onEvent(event));
    this.session.start();
  }

  private onEvent(event: InboxEvent): void {
    switch (event.type) {
      case 'change':
        this.items = this.session?.items() ?? [];
        this.openRows = this.session?.waiting() ?? [];
        break;
      case 'arrived':
        this.announcement = this.i18n.strings.inbox.arrived(displayTitle(this.i18n.strings, event.item.entry.request.title));
        break;
      case 'connection':
        this.connection = connectionStatus(event.state, event.detail);
    }
  }

  /** Opens row `id`'s card and focuses its first safe control (never approve on a high-risk approval). */
  open(id: string): void {
    if (!this.items.some((item) => item.entry.id === id)) return;
    this.opened = id;
    this.current = id;
    this.focusNext = () => {
      const card = this.renderRoot.querySelector<HTMLElement & { focusFirstControl?: () => boolean; updateComplete?: Promise<unknown> }>(`.opened [data-id]`);
      void (card?.updateComplete ?? Promise.resolve()).then(() => card?.focusFirstControl?.() || this.focusOpened());
    };
  }

  /** Back to the list, onto the row that was open. */
  close(): void {
    const id = this.opened;
    this.opened = undefined;
    if (id) this.focusRow(id);
  }

  /** Shows the next rows, and focuses the first of them. */
  private showMore(): void {
    const first = this.shaped.matching[this.limit];
    this.limit += ROWS_SHOWN;
    if (first) this.focusRow(first.entry.id);
  }

  private focusRow(id: string): void {
    this.current = id;
    this.focusNext = () => this.renderRoot.querySelector<HTMLElement>(`#${CSS.escape(rowId(id))}`)?.focus();
  }

  /** The open view's own line (time is up, a receipt), or its Back button. */
  private focusOpened(): void {
    (this.renderRoot.querySelector<HTMLElement>('.opened [tabindex="-1"]') ?? this.renderRoot.querySelector<HTMLElement>('[part~="back-button"]'))?.focus();
  }

  private onOpenedKey(event: KeyboardEvent): void {
    // A card's own Escape (a questionnaire's Skip) comes first.
    if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
    event.preventDefault();
    this.close();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (this.isConnected && (this.src !== this.startedWith[0] || this.transport !== this.startedWith[1] || this.protocols !== this.startedWith[2])) this.restart();
    if (changed.has('resultLanguage') || changed.has('receiptLimit')) this.session?.configure(this.resultLanguage, this.receiptLimit);
    this.hadFocus = this.shadowRoot?.activeElement != null;
    // Other filters, another list: it starts again from its first rows.
    const refiltered = changed.has('filterSession') || changed.has('filterKind');
    if (refiltered) [this.limit, this.currentAt] = [ROWS_SHOWN, 0];
    const { matching } = this.shaped;
    if (this.opened && !this.items.some((item) => item.entry.id === this.opened)) this.opened = undefined;
    // A row arriving above the focused one does not push it out of the list.
    const at = matching.findIndex((item) => item.entry.id === this.current);
    if (this.hadFocus && !refiltered && at >= this.limit) this.limit = at + 1;
    // The tab stop's row left: its neighbour takes the tab stop.
    if (at < 0 || at >= this.limit) this.current = matching[Math.min(this.currentAt, Math.min(this.limit, matching.length) - 1)]?.entry.id;
    this.currentAt = Math.max(0, matching.findIndex((item) => item.entry.id === this.current));
  }

  protected override updated(): void {
    const next = this.focusNext;
    this.focusNext = undefined;
    if (next) next();
    else if (this.hadFocus) void this.keepFocus();
  }

  /**
   * The element that had focus went (a card turned to "time is up" or to its receipt, a row
   * left): once the open card has updated too, focus stays in the inbox, on the card's receipt,
   * the open view's line, or the current row.
   */
  private async keepFocus(): Promise<void> {
    const card = this.renderRoot.querySelector<InteractionCard>('.opened [data-id]');
    await card?.updateComplete;
    if (this.shadowRoot?.activeElement || !nowhere()) return;
    if (card && card.state !== 'pending' && card.state !== 'submitting') await card.focusReceipt();
    else if (this.opened) this.focusOpened();
    else if (this.current) this.renderRoot.querySelector<HTMLElement>(`#${CSS.escape(rowId(this.current))}`)?.focus();
  }

  private renderOpened(item: InboxItem): TemplateResult {
    const { locale, strings } = this.i18n;
    const words = strings.inbox;
    const dir = this.direction.dir;
    // The card while it can be answered, and its receipt once settled here or elsewhere (where and who, as the chat shows it);
    // time up, a refusal or an answer of an earlier visit as one line.
    const { phase } = item.entry;
    const card = phase === 'settled' || (phase === 'sending' && !item.outcome && !item.resumed) || (phase === 'pending' && !item.outcome && !item.expired);
    const body = card
      ? this.renderEntry(item.entry, locale, dir, strings.host)
      : item.outcome
        ? html`<p class="notice" part="opened-outcome" role="status" tabindex="-1">${receiptText(item.outcome, strings, locale)}</p>`
        : item.expired
          ? html`<p class="notice" part="time-up" role="status" tabindex="-1">${words.timeUpDetail}</p>`
          : html`<p class="notice" role="status" tabindex="-1">${strings.submitting}</p>`;
    return html`<div class="opened" part="opened" @keydown=${this.onOpenedKey}>
      <div class="opened-head">
        <button type="button" tabindex="0" part="back-button" @click=${this.close}><span aria-hidden="true" class="back-arrow">‹</span> ${words.back}</button>
        <bdi class="session" dir="auto">${safeTextContent(sessionName(item, words))}</bdi>
      </div>
      ${body}
    </div>`;
  }

  protected override render(): TemplateResult {
    const { locale, strings } = this.i18n;
    const words = strings.inbox;
    const view = this.shaped;
    const shown = this.shown;
    const more = Math.min(ROWS_SHOWN, view.matching.length - shown.length);
    const opened = this.opened ? this.items.find((item) => item.entry.id === this.opened) : undefined;
    const bar = this.answerAll.bar(strings);
    // An inbox supersedes nothing: a runtime's close of that kind reads as a closed connection.
    const connection = this.connection === 'superseded' ? 'closed' : this.connection;
    return html`<div class="stack inbox">
      <div class="status-row">
        <div class="connection state-${connection}" part="connection" role="status"><span class="dot" aria-hidden="true"></span>${strings.host.connection[connection]}</div>
      </div>
      ${opened
        ? this.renderOpened(opened)
        : html`${renderFilters({ view, words, session: this.filterSession, kind: this.filterKind, pickSession: (id) => (this.filterSession = id), pickKind: (kind) => (this.filterKind = kind) })}
            ${bar ? bar.template : nothing}
            ${shown.length === 0
              ? html`<p class="empty" part="empty">${words.empty}</p>`
              : renderRows({ items: shown, total: view.matching.length, strings, locale, now: this.now || this.clock.now(), current: this.current, open: (id) => this.open(id), move: (id) => this.focusRow(id), focused: (id) => (this.current = id) })}
            ${more > 0 ? html`<button type="button" class="show-more" part="show-more" tabindex="0" @click=${this.showMore}>${words.showMore(more)}</button>` : nothing}`}
      <div class="visually-hidden" aria-live="polite">${safeText(this.announcement)}</div>
    </div>`;
  }
}
