// Link consent (MCP URL-mode elicitation), an adapters' part of <approval-dialog>: the whole URL
// with its host set apart, and why it deserves a second look, before the user opens it.
import { html, nothing, type TemplateResult } from 'lit';
import { linkStrings } from '../../i18n/link.js';
import type { Locale } from '../../i18n/locales.js';
import { inspectLink } from '../../rules/link.js';
import { safeText } from '../shared/safe-text.js';
import { triangleIcon } from './icons.js';

/** The URL as the card shows it before consent and after. */
export function renderLink(raw: string, locale: Locale): TemplateResult {
  const link = inspectLink(raw);
  const strings = linkStrings[locale];
  return html`<div class="link-block">
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

/** What Open link opens: the parsed http(s) URL, else nothing (the card offers only Decline). */
export const linkHref = (raw: string): string | undefined => inspectLink(raw)?.href;

/** Link consent's action, Open link: the consent itself. */
export const renderOpenLink = (locale: Locale, autofocus: boolean, open: () => void): TemplateResult =>
  html`<button class="primary" part="approve-button" ?autofocus=${autofocus} @click=${open}>${linkStrings[locale].open}</button>`;

/** After the link was opened: what the server said since, and Open again while it has not finished. */
export function renderLinkStatus(state: 'waiting' | 'complete', locale: Locale, reopen: () => void): TemplateResult {
  const strings = linkStrings[locale];
  return html`<div class="link-status" part="link-status">
    <span role="status">${state === 'complete' ? strings.complete : strings.waiting}</span>
    ${state === 'waiting' ? html`<button type="button" class="quiet" @click=${reopen}>${strings.openAgain}</button>` : nothing}
  </div>`;
}
