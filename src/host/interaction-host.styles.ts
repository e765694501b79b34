import { css } from 'lit';

export const hostStyles = css`
  /* One column as wide as the host, never wider: a receipt's one line (nowrap, cut short) or an
     open list would otherwise widen it past a narrow chat column. The list's blocks too. */
  .stack,
  .cards,
  .cards > * {
    position: relative;
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: var(--_space-3);
  }
  /* The grants menu (grants-menu.ts), if shown, at its start; the connection at its end. */
  .status-row {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: start;
    gap: var(--_space-2);
  }
  .connection {
    grid-column: 2;
    display: flex;
    align-items: center;
    gap: var(--_space-2);
    font-size: var(--_text-xs);
    color: var(--_text-muted);
  }
  .dot {
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: var(--_border-strong);
  }
  .state-open .dot {
    background: var(--_success);
  }
  .state-reconnecting .dot,
  .state-connecting .dot {
    background: var(--_warning);
  }
  .state-closed .dot,
  .state-unreachable .dot {
    background: var(--_danger);
  }
  .superseded {
    grid-column: 1 / -1;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space-2);
    padding: var(--_space-2) var(--_space-3);
    border-radius: var(--_radius-control);
    background: var(--_warning-soft);
    color: var(--_text);
    font-size: var(--_text-sm);
  }
  /* A request that could not be shown: a flat receipt, like a settled card's. */
  .refused {
    margin: 0;
    padding: var(--_space-3);
    border-radius: var(--_radius-control);
    background: var(--_surface-muted);
    overflow-wrap: anywhere;
  }
  /* The list's last 32 px, watched: in view, new cards are followed (see arrival.ts). No width:
     it takes no click. */
  .end {
    position: absolute;
    bottom: 0;
    height: 32px;
  }
  /* Stays at the bottom of the view while the host's list runs past it, as a chat's "new
     messages" pill does. */
  .new-request {
    position: sticky;
    bottom: var(--_space-3);
    z-index: 1;
    justify-self: center;
    border-radius: 999px;
    box-shadow: var(--_shadow);
  }
  /* A receipt (.flat, marked by the host) is laid out and painted on its own, so a new card
     below it, or the list scrolling to follow one, neither lays it out nor paints it
     again. Not contain: style, which at 500 receipts tripled Chromium's style work per
     card. A block above the last with only receipts in it (.settled, arrival-blocks.ts) is
     styled, laid out and painted as one box, and skipped off screen. A raised card (pending, or a
     file list), and a block holding one, is left alone: paint containment would clip its shadow. The clip margin keeps a focused receipt's focus
     ring, drawn outside its box. */
  .cards .flat {
    contain: layout paint;
    overflow-clip-margin: var(--_space-2);
  }
  .cards > .settled {
    content-visibility: auto;
    contain-intrinsic-size: auto 1900px;
    overflow-clip-margin: var(--_space-2);
  }
  /* Retry under a failed file's state (slotted into <artifact-list>): the size of the list's own
     small buttons; while it runs it stays in place and focusable, only inert. */
  .retry {
    min-height: max(28px, var(--_touch));
    padding: 0 var(--_space-2);
    font-size: var(--_text-sm);
  }
  .retry[aria-disabled='true'] {
    cursor: progress;
    color: var(--_text-muted);
  }
  .retried {
    font-size: var(--_text-xs);
    color: var(--_success);
    border-radius: 4px;
  }
`;
