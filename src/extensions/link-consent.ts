// Link consent (MCP URL-mode elicitation), an adapters' part of <approval-dialog>: the whole URL
// with its host set apart, and why it deserves a second look, before the user opens it.
import { css, html, nothing, type TemplateResult } from 'lit';
import { linkStrings } from '../i18n/link.js';
import type { Locale } from '../i18n/locales.js';
import { inspectLink } from '../rules/link.js';
import { safeText } from '../elements/shared/safe-text.js';
import type { LinkCard } from '../elements/shared/card-extension.js';
import type { CardSlots } from '../elements/shared/card-slots.js';
import { triangleIcon } from '../elements/approval-dialog/icons.js';
import { tableOf } from '../i18n/registry.js';

/**
 * Link consent's own styles, in its template: the core card carries none of them (
 * room comes from adapter-only code). Static text, no binding in it.
 */
const linkStyles = css`
  .link-block {
    display: grid;
    gap: var(--_space-1);
  }
  .link-block .hint {
    margin: 0;
  }
  .link {
    margin: 0;
    padding: var(--_space-2) var(--_space-3);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-control);
    background: var(--_surface-muted);
    font-family: var(--_mono);
    font-size: var(--_text-sm);
    color: var(--_text-muted);
    overflow-wrap: anywhere;
  }
  .link-host {
    color: var(--_text);
    font-weight: 700;
    background: var(--_accent-soft);
    border-radius: 3px;
    padding: 0 2px;
  }
  .link-warnings {
    margin: 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: var(--_space-1);
    color: var(--_warning);
    font-size: var(--_text-sm);
    font-weight: 500;
  }
  .link-warnings li {
    display: flex;
    gap: var(--_space-1);
    align-items: flex-start;
  }
  .link-warnings svg {
    flex: none;
    width: 12px;
    height: 12px;
    margin-top: 3px;
  }
  .link-status {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space-2);
    font-size: var(--_text-sm);
    color: var(--_text-muted);
  }
`;
const linkStyleText = linkStyles.cssText;

/** The URL as the card shows it before consent and after. */
function renderLink(raw: string, locale: Locale): TemplateResult {
  const link = inspectLink(raw);
  const strings = tableOf(linkStrings, 'link', locale);
  return html`<style>${linkStyleText}</style>
    <div class="link-block">
    <p class="hint">${strings.opensInNewTab}</p>
    <p class="link" part="link" dir="ltr">
      ${link
        ? html`<span>${safeText(link.before)}</span><strong class="link-host" part="link-host">${safeText(link.host)}</strong><span>${safeText(link.after)}</span>`
        : safeText(raw)}
    </p>
    ${link?.warnings.length
      ? html`<ul class="link-warnings" part="link-warnings">
          ${link.warnings.map((warning) => html`<li>${triangleIcon}${strings.warnings[warning]}</li>`)}
        </ul>`
      : nothing}
  </div>`;
}

/** Opens the link from the user's click only: never before, never by itself. */
const open = (href: string) => window.open(href, '_blank', 'noopener,noreferrer');

/**
 * A consent to open a link: no note; two clear actions, Decline and Open link (only for an
 * http(s) URL), and (when offered) a quiet Cancel apart from them.
 */
function renderLinkForm(card: LinkCard): TemplateResult {
  const strings = tableOf(linkStrings, 'link', card.locale);
  const href = inspectLink(card.url)?.href;
  const consent = () => {
    if (href) open(href);
    card.answer(true);
  };
  return html`<div class="actions" part="actions">
    ${card.dismiss ? renderDismiss(card.locale, card.dismiss, true) : nothing}<span class="spacer"></span>
    <button tabindex="0" part="reject-button" @click=${() => card.answer()}>${strings.decline}</button>
    ${href ? html`<button tabindex="0" class="primary" part="approve-button" ?autofocus=${card.modal} @click=${consent}>${strings.open}</button>` : nothing}
  </div>`;
}

/**
 * Cancel on a link the person consented to, while it waits for the call it was for: asks whoever
 * runs that call (the MCP handler, adapters/mcp-sdk) to cancel it. Bubbles out of the card.
 */
export class LinkCancelEvent extends Event {
  static readonly type = 'aik-link-cancel';
  constructor(readonly url: string) {
    super(LinkCancelEvent.type, { bubbles: true, composed: true, cancelable: true });
  }
}

/**
 * A settled link request says what happened (opened, or declined), and, once opened, what the
 * server said since, with Open again while it has not finished (and Cancel, when it waits for a
 * call the kit can cancel).
 */
function linkOutcome(card: LinkCard): { outcome?: string; footer?: TemplateResult } {
  const strings = tableOf(linkStrings, 'link', card.locale);
  const response = card.response;
  if (response?.status !== 'completed' || card.withdrawn) return {};
  const href = inspectLink(card.url)?.href;
  if (!response.approved) return { outcome: strings.declined };
  if (!href || !card.linkState) return { outcome: strings.opened };
  const state = card.linkState;
  return {
    outcome: strings.opened,
    footer: html`<style>${linkStyleText}</style>
      <div class="link-status" part="link-status">
        <span role="status">${state === 'complete' ? strings.complete : state === 'cancelled' ? strings.dismissed : strings.waiting}</span>
        ${state === 'waiting' || state === 'running'
          ? html`<span>
              <button tabindex="0" type="button" class="quiet" @click=${() => open(href)}>${strings.openAgain}</button>
              ${state === 'running'
                ? html`<button tabindex="0" type="button" class="quiet" part="dismiss-button" @click=${(event: Event) => event.target?.dispatchEvent(new LinkCancelEvent(card.url))}>${strings.dismiss}</button>`
                : nothing}
            </span>`
          : nothing}
      </div>`,
  };
}

/** Cancel, for a request that offers it; quiet beside a link's Decline and Open link. */
export function renderDismiss(locale: Locale, dismiss: () => void, quiet = false): TemplateResult {
  return html`<button tabindex="0" type="button" class=${quiet ? 'quiet' : ''} part="dismiss-button" @click=${dismiss}>${tableOf(linkStrings, 'link', locale).dismiss}</button>`;
}

/** A link request's slots of its card: the URL, its actions, and once settled its outcome. */
export function linkSlots(card: LinkCard): Pick<CardSlots, 'context' | 'form' | 'outcome' | 'footer'> {
  return { context: renderLink(card.url, card.locale), form: () => renderLinkForm(card), ...linkOutcome(card) };
}
