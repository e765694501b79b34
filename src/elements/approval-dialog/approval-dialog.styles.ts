import { css } from 'lit';

export const approvalStyles = css`
  .card {
    border-inline-start-width: 4px;
  }
  .severity-low {
    border-inline-start-color: var(--_success);
  }
  .severity-medium {
    border-inline-start-color: var(--_warning);
  }
  .severity-high {
    border-inline-start-color: var(--_danger);
    border-inline-start-width: 6px;
  }
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
  details {
    border: 1px solid var(--_border);
    border-radius: var(--_radius-control);
    background: var(--_surface-muted);
  }
  summary {
    cursor: pointer;
    padding: var(--_space-1) var(--_space-3);
    border-radius: var(--_radius-control);
    font-size: var(--_text-sm);
    font-weight: 500;
    color: var(--_text-muted);
  }
  pre {
    margin: 0;
    padding: var(--_space-2) var(--_space-3) var(--_space-3);
    font-family: var(--_mono);
    font-size: var(--_text-xs);
    white-space: pre-wrap;
    max-height: 240px;
    overflow: auto;
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
    transform-origin: 100% 50%;
    animation: aik-arm 1000ms linear forwards;
  }
  :host(:dir(rtl)) button.confirm.arming::before {
    transform-origin: 0 50%;
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
