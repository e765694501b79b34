import { css } from 'lit';

/**
 * The inbox's own layout, phone width first: filters that wrap, rows of one line each (session,
 * title, severity, time left; the titles cut short, never the time), and the open row's head.
 * Logical properties throughout, so right to left mirrors it.
 */
export const inboxStyles = css`
  /* A panel of its own, on the page or beside a chat: its filters, count and empty state sit on
     its surface, so they keep their contrast in light and dark whatever the page's background. */
  :host {
    background: var(--_surface);
  }
  .inbox {
    padding: var(--_space-2);
  }
  .filters {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space-2) var(--_space-3);
    font-size: var(--_text-sm);
    color: var(--_text-muted);
  }
  .filters label {
    display: inline-flex;
    align-items: center;
    gap: var(--_space-1);
    min-width: 0;
  }
  select {
    font: inherit;
    max-width: 100%;
    min-height: max(32px, var(--_touch));
    padding: 0 var(--_space-2);
    border: 1px solid var(--_border-strong);
    border-radius: var(--_radius-control);
    background: var(--_surface);
    color: var(--_text);
  }
  select:focus-visible {
    outline: none;
    box-shadow: var(--_focus);
  }
  .count {
    margin-inline-start: auto;
  }
  .rows {
    container-type: inline-size;
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: var(--_space-1);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .row {
    min-width: 0;
  }
  .line {
    display: flex;
    align-items: center;
    gap: var(--_space-2);
    width: 100%;
    min-width: 0;
    min-height: max(44px, var(--_touch));
    margin: 0;
    padding: var(--_space-2) var(--_space-3);
    border: 1px solid var(--_border);
    border-inline-start-width: 4px;
    border-radius: var(--_radius-control);
    background: var(--_surface);
    color: var(--_text);
    font-size: var(--_text-md);
    font-weight: 400;
    text-align: start;
  }
  /* The stripe from the row's own attribute, not :has(): with a thousand rows, every change
     would have the engine look inside each of them again. */
  .line[data-severity='high'] {
    border-inline-start-color: var(--_danger);
  }
  .line[data-severity='medium'] {
    border-inline-start-color: var(--_warning);
  }
  .session,
  .title,
  .outcome {
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  .session {
    flex: 0 1 auto;
    max-width: 35%;
    color: var(--_text-muted);
    font-size: var(--_text-sm);
  }
  .title {
    flex: 1 1 0;
    min-width: 0;
    font-weight: 600;
  }
  .kind,
  .left {
    flex: none;
    font-size: var(--_text-xs);
    white-space: nowrap;
  }
  .kind {
    padding: 0 var(--_space-2);
    border-radius: 999px;
    line-height: 20px;
    font-weight: 600;
    background: var(--_surface-muted);
    color: var(--_text-muted);
  }
  .kind.severity-high {
    background: var(--_danger-soft);
    color: var(--_danger-text);
  }
  .kind.severity-medium {
    background: var(--_warning-soft);
    color: var(--_warning);
  }
  .left {
    min-width: 4.5em;
    text-align: end;
    color: var(--_text-muted);
    font-variant-numeric: tabular-nums;
  }
  .line[data-expired] .left {
    color: var(--_danger-text);
  }
  /* A receipt: flat and quiet, its title and what happened on one line. */
  .receipt .line {
    background: var(--_surface-muted);
    border-inline-start-color: var(--_border);
    color: var(--_text-muted);
  }
  .receipt .title {
    flex: 0 1 auto;
    max-width: 45%;
    font-weight: 500;
  }
  .outcome {
    flex: 1 1 0;
    min-width: 0;
    font-size: var(--_text-sm);
  }
  .empty,
  .notice {
    margin: 0;
    padding: var(--_space-4) var(--_space-3);
    border-radius: var(--_radius-control);
    background: var(--_surface-muted);
    color: var(--_text-muted);
    text-align: center;
  }
  .notice {
    text-align: start;
  }
  .opened {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: var(--_space-3);
  }
  .opened-head {
    display: flex;
    align-items: center;
    gap: var(--_space-2);
    min-width: 0;
  }
  .opened-head .session {
    max-width: none;
    flex: 1 1 0;
    min-width: 0;
  }
  [part~='back-button'] {
    flex: none;
    padding: 0 var(--_space-3);
  }
  /* A phone's column: a waiting row on two lines, the session and the time left over the card's
     title and its severity, so that the title is read whole rather than cut to a letter. */
  @container (max-width: 420px) {
    button.line {
      display: grid;
      grid-template-columns: minmax(0, 1fr) auto;
      grid-template-areas: 'session left' 'title kind';
      gap: 2px var(--_space-2);
    }
    button.line .session {
      grid-area: session;
      max-width: none;
    }
    button.line .left {
      grid-area: left;
      justify-self: end;
    }
    button.line .title {
      grid-area: title;
    }
    button.line .kind {
      grid-area: kind;
      justify-self: end;
    }
  }
  /* After the list, at its start, as wide as its words. */
  [part~='show-more'] {
    align-self: start;
    justify-self: start;
    padding: 0 var(--_space-3);
  }
  /* The arrow points the reading way back. */
  :host([dir='rtl']) .back-arrow {
    display: inline-block;
    transform: scaleX(-1);
  }
`;
