import { css } from 'lit';

export const hostStyles = css`
  /* One column as wide as the host, never wider: a receipt's one line (nowrap, cut short) or an
     open list would otherwise widen it past a narrow chat column. */
  .stack,
  .cards {
    grid-template-columns: minmax(0, 1fr);
  }
  .stack {
    display: grid;
    gap: var(--_space-3);
  }
  .connection {
    display: flex;
    align-items: center;
    gap: var(--_space-2);
    justify-self: end;
    font-size: var(--_text-xs);
    color: var(--_text-muted);
  }
  .dot {
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: var(--_border-strong);
  }
  .connection.state-open .dot {
    background: var(--_success);
  }
  .connection.state-reconnecting .dot,
  .connection.state-connecting .dot {
    background: var(--_warning);
  }
  .connection.state-closed .dot,
  .connection.state-unreachable .dot {
    background: var(--_danger);
  }
  .superseded {
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
  .cards {
    display: grid;
    gap: var(--_space-3);
  }
  /* Stays at the bottom of the view while the host's list runs past it, as a chat's "new
     messages" pill does. */
  .new-request {
    position: sticky;
    bottom: var(--_space-3);
    z-index: 1;
    justify-self: center;
    border-color: transparent;
    border-radius: 999px;
    background: var(--_accent);
    color: var(--_on-accent);
    box-shadow: var(--_shadow);
  }
  .new-request:hover {
    background: var(--_accent-hover);
  }
  /* A settled card is a flat receipt: off screen, the browser skips its layout and paint, which a
     long session's receipts would otherwise cost with every new card. Pending cards are left
     alone: paint containment would clip their shadow. */
  .settled {
    content-visibility: auto;
    contain-intrinsic-size: auto 48px;
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
