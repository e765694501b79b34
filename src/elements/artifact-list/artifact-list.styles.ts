import { css } from 'lit';

export const artifactListStyles = css`
  .summary,
  .caption {
    margin: 0;
    font-size: var(--_text-sm);
  }
  .summary {
    color: var(--_text-muted);
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: var(--_space-2);
  }
  .item {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr) auto;
    gap: var(--_space-1) var(--_space-3);
    align-items: start;
    padding: var(--_space-3);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-control);
    background: var(--_surface);
  }
  /* 40 px, down to 28 px on a phone under 400 px wide. */
  .icon {
    width: clamp(28px, 10vw, 40px);
    aspect-ratio: 1;
    border-radius: var(--_radius-control);
    display: grid;
    place-items: center;
    background: var(--_accent-soft);
    color: var(--_accent-text);
  }
  .icon svg {
    width: 55%;
    fill: none;
    stroke: currentColor;
    stroke-width: 1.8;
    stroke-linejoin: round;
  }
  .kind-archive .icon,
  .kind-other .icon {
    background: var(--_surface-muted);
    color: var(--_text-muted);
  }
  .kind-media .icon {
    background: var(--_warning-soft);
    color: var(--_warning);
  }
  .kind-image .icon {
    background: var(--_success-soft);
    color: var(--_success);
  }
  .body {
    display: grid;
    gap: var(--_space-1);
    min-width: 0;
  }
  .name {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .details {
    color: var(--_text-muted);
    font-size: var(--_text-sm);
    display: flex;
    flex-wrap: wrap;
    gap: 0 var(--_space-2);
  }
  .details > * + *::before {
    content: '·';
    margin-inline-end: var(--_space-2);
  }
  .path {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space-1) var(--_space-3);
  }
  code {
    font-family: var(--_mono);
    font-size: var(--_text-xs);
    background: var(--_surface-muted);
    padding: 2px var(--_space-2);
    border-radius: 4px;
    overflow-wrap: anywhere;
    user-select: all;
  }
  /* The link's text lines up with the text above it; its padding is for the hover fill. */
  a.open {
    justify-self: start;
    display: inline-flex;
    align-items: center;
    min-height: max(28px, var(--_touch));
    padding: 0 var(--_space-2);
    margin-inline-start: calc(-1 * var(--_space-2));
    border-radius: var(--_radius-control);
    color: var(--_accent-text);
    font-weight: 500;
    text-decoration: none;
  }
  /* Copy path's text, like the Open link's, lines up with the column when it wraps to a line of
     its own; its border and padding are for the hover fill. */
  .path button {
    margin-inline-start: calc(-1 * var(--_space-2) - 1px);
  }
  a.open:hover {
    background: var(--_accent-soft);
    text-decoration: underline;
  }
  button.small {
    min-height: max(28px, var(--_touch));
    padding: 0 var(--_space-2);
    font-size: var(--_text-sm);
  }
  .state {
    display: grid;
    justify-items: end;
    gap: var(--_space-1);
    text-align: end;
    max-width: 180px;
  }
  /* Skipped is the base's plain grey badge. */
  .badge.delivered {
    background: var(--_success-soft);
    color: var(--_success);
  }
  .badge.failed {
    background: var(--_danger-soft);
    color: var(--_danger-text);
  }
  /* Listed only (a channel that delivers nothing): neutral, an outline rather than a grey fill
     that reads as a failure. */
  .badge.listed {
    background: transparent;
    border: 1px solid var(--_border);
    color: var(--_text-muted);
  }
  /* The reason-code is a <code>: the code rule above sets its font and wrapping. */
  .reason,
  .reason-code {
    font-size: var(--_text-xs);
    color: var(--_text-muted);
  }
  /* Focused after its image loads: the base's [tabindex] rule draws the ring. */
  .preview {
    grid-column: 2 / -1;
    border-radius: var(--_radius-control);
    justify-self: start;
  }
  .preview img {
    display: block;
    max-width: 100%;
    max-height: 240px;
    border-radius: var(--_radius-control);
    border: 1px solid var(--_border);
  }
  /* Copy path keeps its width when it reads Copied: the longer label sizes it. */
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
  /* A narrow column (a phone): the state under the text. */
  @media (width < 480px) {
    .item {
      grid-template-columns: auto minmax(0, 1fr);
      gap: var(--_space-1) var(--_space-2);
      padding: var(--_space-2);
    }
    .state {
      grid-column: 2;
      justify-items: start;
      text-align: start;
    }
  }
`;
