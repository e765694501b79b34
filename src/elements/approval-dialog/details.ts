// What is approved is seen: an approval's details as its card shows them. Open
// and labelled on high risk, never behind a toggle; on medium open up to six lines, else
// collapsed with their line count; low behind 详情. Several lines or a command keep their lines
// and spacing in a monospaced wrapping block with Copy. Approve's description is `details-first`.
import { html, type TemplateResult } from 'lit';
import type { ApprovalStrings } from '../../i18n/approval.js';
import { isCommandLike } from '../../rules/command.js';
import { safeText } from '../shared/safe-text.js';

/** A medium-risk approval's details start open up to this many lines. */
const OPEN_LINES = 6;

/** A label as wide as the longer of its two texts, so a button keeps its width when it swaps. */
export const steadyLabel = (words: string, other: string) => html`<span class="swap" data-other=${other}><span>${words}</span></span>`;

export interface DetailsView {
  details: string;
  severity: keyof ApprovalStrings['severity'];
  strings: ApprovalStrings;
  /** The Copy button says Copied. */
  copied: boolean;
  copy(): void;
  /** The card's long-text path: the one safe text path, collapsed when huge. */
  longText(text: string): TemplateResult;
}

export function renderDetails({ details, severity, strings, copied, copy, longText }: DetailsView): TemplateResult {
  const lines = details.split(/\r?\n/).length;
  const block =
    lines > 1 || isCommandLike(details)
      ? html`<div class="details-block">
          <pre dir="auto">${longText(details)}</pre>
          <button tabindex="0" type="button" class="quiet small" part="copy-button" @click=${copy}>
            ${steadyLabel(copied ? strings.copied : strings.copy, copied ? strings.copy : strings.copied)}
          </button>
        </div>`
      : html`<p class="details-text" dir="auto">${longText(details)}</p>`;
  // Approve's description: the first line, as far as a screen reader would read it out.
  const first = html`<span id="details-first" hidden>${strings.details}: ${safeText(details.slice(0, Math.min(details.search(/\r?\n|$/), 200)))}</span>`;
  if (severity === 'high') {
    return html`<section class="details" part="details" aria-labelledby="details-label">
      <p class="details-label" id="details-label">${strings.details}</p>${block}${first}
    </section>`;
  }
  return html`<details part="details" ?open=${severity === 'medium' && lines <= OPEN_LINES}>
    <summary>${lines > 1 ? strings.detailsLines(lines) : strings.details}</summary>${block}${first}
  </details>`;
}
