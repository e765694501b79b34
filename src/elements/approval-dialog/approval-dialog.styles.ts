import { css } from 'lit';

/** The severity stripe: a pending card's border, a receipt's painted edge (its one line needs it). */
export const stripeStyles = css`
  .card {
    border-inline-start-width: 4px;
  }
  .severity-low {
    --_stripe: var(--_success);
  }
  .severity-medium {
    --_stripe: var(--_warning);
  }
  .severity-high {
    --_stripe: var(--_danger);
    border-inline-start-width: 6px;
  }
  :host([state='pending']) .card {
    border-inline-start-color: var(--_stripe);
  }
  /* A receipt is one short line: its stripe is painted inside the border (clipped to the padding
     box), as a thick rounded border would show its corners' red along the thin borders' edge. */
  :host(:not([state='pending'])) .card {
    /* Its line starts past the stripe: the focus ring's inner band, in the surface's colour, is as
       wide as the stripe, and its accent covers the border, so no sliver of the stripe shows. */
    --_focus: var(--aik-focus-ring, 0 0 0 5px var(--_surface), 0 0 0 7px var(--_accent));
    border-inline-start-width: 1px;
    padding-inline-start: 5px;
    background: linear-gradient(to right, var(--_stripe) 5px, var(--_surface) 0) padding-box;
  }
  /* A gradient has no logical direction: right to left, it starts from the right. */
  :host(:not([state='pending']):dir(rtl)) .card {
    background-image: linear-gradient(to left, var(--_stripe) 5px, var(--_surface) 0);
  }
`;

export const approvalStyles = css`
  .badge.severity-low {
    background: var(--_success-soft);
    color: var(--_success);
  }
  .badge.severity-medium {
    background: var(--_warning-soft);
    color: var(--_warning);
  }
  .badge.severity-high {
    background: var(--_danger-soft);
    color: var(--_danger-text);
  }
  details,
  .details {
    border: 1px solid var(--_border);
    border-radius: var(--_radius-control);
    background: var(--_surface-muted);
  }
  summary {
    cursor: pointer;
    min-height: var(--_touch);
    padding: var(--_space-1) var(--_space-3);
    border-radius: var(--_radius-control);
    font-size: var(--_text-sm);
    font-weight: 500;
    color: var(--_text-muted);
  }
  /* Details open on a high-risk card: a labelled block, never a toggle. */
  section.details {
    padding: var(--_space-2) var(--_space-3) var(--_space-3);
    display: grid;
    gap: var(--_space-1);
  }
  .details-label {
    margin: 0;
    font-size: var(--_text-sm);
    font-weight: 500;
    color: var(--_text-muted);
  }
  details > :not(summary) {
    margin: 0 var(--_space-3) var(--_space-3);
  }
  /* Inset as the summary is: the section's padding does it on high risk, this margin in a disclosure. */
  section > .details-text {
    margin: 0;
  }
  .details-text {
    white-space: pre-wrap;
  }
  /* A command or several lines: monospaced, wrapping, with Copy at its corner. */
  .details-block {
    position: relative;
    border-radius: var(--_radius-control);
    background: var(--_surface);
    border: 1px solid var(--_border);
  }
  /* Copy sits at the card's inline end; the command reads in its own direction (dir="auto"), so
     the room kept for Copy is on the card's end side, whichever way the command runs. */
  pre {
    margin: 0;
    padding: var(--_space-2) 72px var(--_space-2) var(--_space-3);
    font-family: var(--_mono);
    font-size: var(--_text-xs);
    line-height: 1.6;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  :host(:dir(rtl)) pre {
    padding: var(--_space-2) var(--_space-3) var(--_space-2) 72px;
  }
  .details-block [part~='copy-button'] {
    position: absolute;
    top: 2px;
    inset-inline-end: 2px;
  }
  button.small {
    min-height: max(28px, var(--_touch));
    padding: 0 var(--_space-2);
    font-size: var(--_text-sm);
  }
  /* 本会话内允许: an approve, outlined in approve's colour; what it covers under the buttons. */
  [part~='grant-button'] {
    border-color: var(--_accent);
    color: var(--_accent-text);
  }
  .grant-scope {
    text-align: end;
  }
  /* Reject and approve are one item of the row, at its end: on a phone the row wraps before them. */
  .decision {
    margin-inline-start: auto;
  }
  .confirm-hint {
    margin: 0;
    text-align: end;
    color: var(--_danger-text);
    font-weight: 500;
  }
  /* Approve and confirm share one width: the longer label sizes both. */
  .swap {
    display: inline-grid;
  }
  .swap > span,
  .swap::after {
    grid-area: 1 / 1;
  }
  .swap::after {
    content: attr(data-other);
    visibility: hidden;
  }
  /* Arming: the button fills from the start over CONFIRM_DELAY_MS, then acts. */
  button.confirm {
    position: relative;
    isolation: isolate;
    overflow: hidden;
  }
  button.confirm.arming {
    cursor: progress;
  }
  button.confirm.arming::before {
    content: '';
    position: absolute;
    inset: 0;
    z-index: -1;
    /* The text colour darkens a light-on-dark button and lightens a dark-on-light one, so the
       label keeps its contrast while the fill is still to come. */
    background: var(--_text);
    opacity: 0.3;
    transform-origin: right;
    animation: aik-arm 1000ms linear forwards;
  }
  :host(:dir(rtl)) button.confirm.arming::before {
    transform-origin: left;
  }
  @keyframes aik-arm {
    to {
      transform: scaleX(0);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    button.confirm.arming::before {
      animation: none;
    }
  }
  dialog {
    padding: 0;
    border: none;
    background: transparent;
    width: min(560px, calc(100vw - 32px));
    max-height: calc(100vh - 32px);
    overflow: visible;
  }
  dialog::backdrop {
    background: rgb(15 18 24 / 45%);
  }
`;
