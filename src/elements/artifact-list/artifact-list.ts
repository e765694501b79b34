import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { artifactStrings, reasonText, type ArtifactStrings, type ReasonText } from '../../i18n/artifacts.js';
import type { DeliveryResult, FilePart, ProviderDelivery } from '../../protocol/results.js';
import { FAILED_REASON, NOT_AVAILABLE_REASON } from '../../rules/artifacts/reasons.js';
import { safeUrl } from '../../rules/artifacts/prepare.js';
import type { Locale } from '../../i18n/locales.js';
import { tableOf } from '../../i18n/registry.js';
import { DirectionController } from '../shared/direction.js';
import { LocaleController } from '../shared/locale.js';
import { revealMarks, safeText } from '../shared/safe-text.js';
import { baseStyles, type Theme } from '../shared/tokens.js';
import { kindIcons } from './artifact-icons.js';
import { artifactKind, formatSize } from './artifact-kind.js';
import { artifactListStyles } from './artifact-list.styles.js';

type DeliveryState = 'delivered' | 'failed' | 'skipped' | 'listed';

/**
 * An item's state, read only from the delivery result: nothing unsent is ever shown as sent.
 * Without a result (a channel that delivers nothing) the items are listed, which is no failure.
 */
function deliveryState(item: FilePart, summary: ProviderDelivery | undefined): DeliveryState {
  if (!summary && !item.delivered) return 'listed';
  if (item.delivered && (!summary || summary.success.some((s) => s.name === item.name))) return 'delivered';
  if (summary?.failed.some((f) => f.name === item.name && f.reason === item.delivery_reason)) return 'failed';
  if (summary?.skipped.some((s) => s.name === item.name && s.reason === item.delivery_reason)) return 'skipped';
  return item.delivery_reason.startsWith('delivery_skipped') || !summary ? 'skipped' : 'failed';
}

/**
 * Who an item is: its URL or path, and its name. What the user did to a row (loaded its preview,
 * copied its path) belongs to that item, never to a position that another item may take.
 */
const itemKey = (item: FilePart) => JSON.stringify([item.url || item.path, item.name]);

const originOf = (url: string): string => URL.parse(url)?.origin ?? '';

/**
 * Lists the files an agent produced (`publish_artifacts`), with where each one went.
 *
 * @summary A display-only list of artifacts with their delivery state; it fires no response.
 * @csspart card - The card.
 * @csspart title - The heading.
 * @csspart summary - The delivery summary line.
 * @csspart item - One row.
 * @csspart icon - The kind icon.
 * @csspart name - The file name.
 * @csspart open-link - The link that opens a URL in a new tab.
 * @csspart path - A local path.
 * @csspart copy-button - Copies the local path.
 * @csspart delivery - The delivery state badge.
 * @csspart reason-code - A delivery code the kit has no sentence for, shown as a detail.
 * @csspart preview - An image preview, or the button that loads it.
 * @csspart invisible-char - The visible mark of an invisible or bidi character in model text.
 * @slot actions-N - Actions for the item at index N (from 0), under its delivery state: the host's Retry of a failed delivery.
 */
export class ArtifactList extends LitElement {
  static override styles = [baseStyles, artifactListStyles];
  /** The `file` content parts of a `publish_artifacts` result. */
  @property({ attribute: false })
  items: FilePart[] = [];

  /** The result's `delivery_result`; absent when the channel delivers nothing. */
  @property({ attribute: false })
  delivery?: DeliveryResult;

  /** The items are being delivered right now: no state is shown for them yet. */
  @property({ type: Boolean, reflect: true })
  delivering = false;

  /** A heading (the call's `title`); by default "文件" / "Files". */
  @property()
  heading?: string;

  /** A BCP 47 tag (`en`, `ja`…): the first the page has a language for, of this, the nearest `lang` and the browser's languages; else zh-CN. */
  @property({ reflect: true })
  locale?: Locale;

  /** `light` or `dark` forces a scheme; else `prefers-color-scheme` (reflected: the styles read it). */
  @property({ reflect: true })
  theme?: Theme;

  /**
   * Origins whose images preview by themselves, besides the page's own and `blob:` (space- or
   * comma-separated). Any other image waits for a click, so a model cannot make the browser
   * fetch a URL of its choosing.
   */
  @property({ attribute: 'preview-origins' })
  previewOrigins = '';

  /** Items (by itemKey) whose preview the user asked for, and the one whose path was just copied. */
  @state()
  private loaded: ReadonlySet<string> = new Set();
  @state()
  private copied: string | undefined;

  private readonly i18n = new LocaleController(this, (locale) => tableOf(artifactStrings, 'artifacts', locale), () => [this.locale]);
  /** Right to left in Arabic and Hebrew, unless the page set the list's `dir`. */
  protected readonly direction = new DirectionController(this, () => [this.locale]);

  private get strings(): ArtifactStrings {
    return this.i18n.strings;
  }

  /** Loads a preview on the user's click, and keeps focus on it: the button it replaces is gone. */
  private loadPreview(key: string): void {
    this.loaded = new Set(this.loaded).add(key);
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"] [part~="preview"]`)?.focus());
  }

  /** New items keep what the user did to those that remain (a delivery update), and forget the rest. */
  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('items')) return;
    const keys = new Set(this.items.map(itemKey));
    if ([...this.loaded].some((key) => !keys.has(key))) this.loaded = new Set([...this.loaded].filter((key) => keys.has(key)));
    if (this.copied !== undefined && !keys.has(this.copied)) this.copied = undefined;
  }

  private previewAllowed(url: string): boolean {
    if (url.startsWith('blob:')) return true;
    const origin = originOf(url);
    if (!origin || origin === 'null') return false;
    const allowed = this.previewOrigins.split(/[\s,]+/).filter(Boolean).map(originOf);
    return origin === globalThis.location?.origin || allowed.includes(origin);
  }

  /** Copies the path; the button says Copied only once the clipboard took it. */
  private async copy(key: string, path: string): Promise<void> {
    await navigator.clipboard?.writeText(path).then(() => (this.copied = key), () => undefined);
  }

  private renderPreview(item: FilePart, url: string, key: string): TemplateResult | typeof nothing {
    if (item.subtype !== 'image' || !url) return nothing;
    const strings = this.strings;
    if (this.previewAllowed(url) || this.loaded.has(key)) {
      return html`<div class="preview" part="preview" tabindex="-1">
        <img src=${url} alt=${strings.artifacts.previewOf(revealMarks(item.name))} loading="lazy" referrerpolicy="no-referrer" />
      </div>`;
    }
    return html`<div class="preview" part="preview">
      <button tabindex="0" class="small" @click=${() => this.loadPreview(key)}>${strings.loadPreview}</button>
    </div>`;
  }

  private renderItem(item: FilePart, index: number, provider: string, summary: ProviderDelivery | undefined): TemplateResult {
    const strings = this.strings;
    const key = itemKey(item);
    const kind = artifactKind(item);
    const url = safeUrl(item.url);
    const state = deliveryState(item, summary);
    // A listed row says nothing more: the card says once that the channel delivers nothing.
    const reason = state === 'delivered' || state === 'listed' ? undefined : reasonText(strings, item.delivery_reason || FAILED_REASON);
    const words = strings.artifacts;
    const copied = this.copied === key;
    return html`<li class="item kind-${kind}" part="item" data-key=${key}>
      <span class="icon" part="icon"><svg viewBox="0 0 24 24" aria-hidden="true">${kindIcons[kind]}</svg></span>
      <div class="body">
        <span class="name" part="name">${safeText(item.name)}</span>
        <span class="details">
          <span>${words.kind[kind]}</span>
          ${item.size !== null ? html`<span><bdi>${formatSize(item.size, this.i18n.locale)}</bdi></span>` : nothing}
        </span>
        ${item.caption ? html`<p class="caption" dir="auto">${safeText(item.caption)}</p>` : nothing}
        ${item.path
          ? html`<span class="path">
              <code part="path" dir="ltr">${safeText(item.path)}</code>
              ${state === 'delivered' ? nothing : html`<span class="badge">${words.localOnly}</span>`}
              <button tabindex="0" class="small quiet" part="copy-button" @click=${() => this.copy(key, item.path)}>
                <span class="swap" data-other=${copied ? words.copyPath : words.copied}><span>${copied ? words.copied : words.copyPath}</span></span>
              </button>
            </span>`
          : nothing}
        ${url
          ? html`<a class="open" part="open-link" href=${url} target="_blank" rel="noopener noreferrer">
              ${words.open}<span class="visually-hidden"> ${safeText(item.name)}</span>
            </a>`
          : nothing}
      </div>
      <div class="state">
        ${this.delivering
          ? html`<span class="badge" part="delivery">${words.sending}</span>`
          : html`<span class="badge ${state}" part="delivery">${state === 'delivered' ? words.sentTo(strings.providers[provider] ?? provider) : words[state]}</span>
              ${reason ? this.renderReason(reason) : nothing}`}
        <slot name=${`actions-${index}`}></slot>
      </div>
      ${this.renderPreview(item, url, key)}
    </li>`;
  }

  /** The reason in words, and a code the kit does not know apart, as a detail. */
  private renderReason(reason: ReasonText): TemplateResult {
    return html`${reason.text ? html`<span class="reason">${safeText(reason.text)}</span>` : nothing}
    ${reason.code ? html`<code class="reason-code" part="reason-code">${safeText(reason.code)}</code>` : nothing}`;
  }

  protected override render(): TemplateResult {
    const strings = this.strings;
    const words = strings.artifacts;
    const [provider, summary] = (Object.entries(this.delivery ?? {})[0] ?? []) as [string?, ProviderDelivery?];
    const heading = this.heading?.trim() || words.list;
    return html`<article class="card" part="card" aria-labelledby="title">
      <div class="heading">
        <p class="title" id="title" part="title" dir="auto">${safeText(heading)}</p>
        <p class="summary" part="summary">
          ${this.delivering
            ? words.sending
            : provider && summary
            ? safeText(words.summary(strings.providers[provider] ?? provider, summary.success.length, summary.failed.length, summary.skipped.length))
            : safeText(reasonText(strings, NOT_AVAILABLE_REASON).text)}
        </p>
      </div>
      <ul>
        ${this.items.map((item, index) => this.renderItem(item, index, provider ?? '', summary))}
      </ul>
    </article>`;
  }
}
