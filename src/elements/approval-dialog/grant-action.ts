// A session grant's action on the approval card: 本会话内允许 / Allow for this
// session beside approve, and under the buttons what it would allow (the runtime's label).
import { html, type TemplateResult } from 'lit';
import type { ApprovalStrings } from '../../i18n/approval.js';
import type { GrantOffer } from '../../protocol/runtime-messages.js';
import { safeText } from '../shared/safe-text.js';

/**
 * 本会话内允许 beside `approve`, the two kept together when the row wraps (both approve):
 * described by what it allows, and by what this call runs, as approve is.
 */
export function renderGrant(approve: TemplateResult, strings: ApprovalStrings, details: string | undefined, allow: () => void): TemplateResult {
  return html`<span class="actions"><button tabindex="0" part="grant-button" aria-describedby=${details ? 'grant-scope details-first' : 'grant-scope'} @click=${allow}>${strings.grant.allow}</button>${approve}</span>`;
}

/** What the grant allows: 本会话内不再询问：<label>. */
export const renderGrantScope = (offer: GrantOffer, strings: ApprovalStrings): TemplateResult =>
  html`<p class="hint grant-scope" id="grant-scope">${strings.grant.scope}${safeText(offer.label)}</p>`;
