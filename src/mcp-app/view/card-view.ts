import { css, html, LitElement, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Locale } from '../../i18n/locales.js';
import { mcpAppStrings } from '../../i18n/mcp-app.js';
import type { InteractionRequest } from '../../protocol/request.js';
import type { InteractionResponse } from '../../protocol/response.js';
import type { ToolResult } from '../../protocol/results.js';
import { fileParts } from '../../rules/artifacts/deliver.js';
import { cancelledResponse } from '../../rules/responses.js';
import type { InteractionCard, InteractionResponseEvent } from '../../elements/shared/interaction-card.js';
import { safeText } from '../../elements/shared/safe-text.js';
import { baseStyles } from '../../elements/shared/tokens.js';

/** Hands a response to the server: its call's tool result, or the sentence it was refused with. */
export type Responder = (response: InteractionResponse) => Promise<ToolResult | string>;

/**
 * @summary The kit's card inside an MCP host: the request of the tool call the View was opened
 * for, answered in place, then the receipt of what the model was told.
 *
 * What it shows is computed from what the host sent: the call's `request` (its tool input),
 * its `result` (the tool result), or `cancelledAt`. Without `respond` (a host that lets the View
 * call no server tools) it says where the request can be answered instead of offering a form
 * whose answer could go nowhere.
 */
export class McpCardView extends LitElement {
  static override styles = [
    baseStyles,
    css`
      .notice {
        padding: var(--_space-4);
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        background: var(--_surface);
      }
      .notice .title {
        margin: 0 0 var(--_space-2);
        font-size: var(--_text-lg);
        font-weight: 600;
      }
      .notice p {
        margin: 0 0 var(--_space-2);
      }
      .notice p:last-child {
        margin-bottom: 0;
      }
      .muted {
        color: var(--_text-muted);
      }
      .alert:not(:empty) {
        margin-top: var(--_space-2);
        color: var(--_danger);
      }
    `,
  ];

  /** The normalised request of the call (its `request_id` is the call id the View derived). */
  @property({ attribute: false })
  request?: InteractionRequest;

  /** The call's tool result, once the host sent it (or the answer's own, once it was taken). */
  @property({ attribute: false })
  result?: ToolResult;

  /** When the host cancelled the call (ISO 8601), if it did. */
  @property({ attribute: false })
  cancelledAt?: string;

  /** Sends a response to `interaction_respond`; absent where the host offers no server tools. */
  @property({ attribute: false })
  respond?: Responder;

  @property({ reflect: true })
  locale: Locale = 'zh-CN';

  /** Who asks (the server's `context.requester`). */
  @property()
  requester?: string;

  /** Why the last answer was not delivered, shown (and announced) under the card. */
  @state()
  private sendError = '';

  private get strings() {
    return mcpAppStrings[this.locale];
  }

  /** The response the card's receipt shows: the one the model got, or the cancel. */
  private get settledResponse(): InteractionResponse | undefined {
    const result = this.result;
    if (result && 'interaction_response' in result) return result.interaction_response;
    return this.cancelledAt && this.request ? cancelledResponse(this.request, this.cancelledAt) : undefined;
  }

  private async onResponse(event: InteractionResponseEvent): Promise<void> {
    const respond = this.respond;
    if (!respond) return;
    // The card shows the answer as submitting until the server took it (a cancelable event).
    event.preventDefault();
    const card = event.target as InteractionCard;
    this.sendError = '';
    const outcome = await respond(event.detail);
    if (typeof outcome !== 'string') {
      this.result = outcome;
      return;
    }
    // A timeout the card applied itself needs no answer: the server's own result follows.
    if (event.detail.status === 'completed') {
      this.sendError = this.strings.sendFailed(outcome);
      card.submitting = false;
    }
  }

  protected override render(): TemplateResult {
    const result = this.result;
    if (result && 'error' in result) return this.renderNotice(this.strings.refusedTitle, result.error);
    if (result && result.source_tool === 'publish_artifacts') {
      return html`<artifact-list .items=${fileParts(result)} .delivery=${result.delivery_result} locale=${this.locale}></artifact-list>`;
    }
    const request = this.request;
    if (!request) return html`<p class="muted" role="status">${this.strings.waiting}</p>`;
    const response = this.settledResponse;
    if (!response && !this.respond) return this.renderUnsupported(request);
    const card =
      request.kind === 'approval'
        ? html`<approval-dialog .request=${request} .response=${response} locale=${this.locale} requester=${this.requester ?? nothing}></approval-dialog>`
        : html`<questionnaire-form .request=${request} .response=${response} locale=${this.locale} requester=${this.requester ?? nothing}></questionnaire-form>`;
    return html`<div @interaction-response=${this.onResponse}>${card}</div>
      <p class="alert" role="alert">${this.sendError}</p>`;
  }

  private renderUnsupported(request: InteractionRequest): TemplateResult {
    return html`<section class="notice" part="unsupported" aria-labelledby="notice-title">
      <p class="title" id="notice-title">${this.strings.unsupportedTitle}</p>
      <p>${safeText(request.title)}</p>
      ${request.message ? html`<p class="muted">${safeText(request.message)}</p>` : nothing}
      <p>${this.strings.unsupported}</p>
    </section>`;
  }

  private renderNotice(title: string, sentence: string): TemplateResult {
    return html`<section class="notice" part="refused" role="alert" aria-labelledby="notice-title">
      <p class="title" id="notice-title">${title}</p>
      <p>${safeText(sentence)}</p>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mcp-card-view': McpCardView;
  }
}
