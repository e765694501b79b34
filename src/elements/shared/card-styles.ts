import { css } from 'lit';

// Its own module: a module-level css`` is a call that bundlers keep wherever the module is
// imported, so what only the cards use must live apart from the tokens every element imports.

/**
 * What the two cards add to the base: the focus ring of their fields and disclosures, disabled
 * buttons, icons in badges, the header's meta row, message and hints, the button row with its primary and danger
 * buttons, and the text fields. `<artifact-list>` has none of these; the host uses the button row
 * and the primary button (its answer-all bar).
 */
export const cardStyles = css`
  input:focus-visible,
  textarea:focus-visible,
  summary:focus-visible {
    outline: none;
    box-shadow: var(--_focus);
  }
  button:disabled {
    cursor: not-allowed;
    opacity: 0.55;
    transform: none;
  }
  .badge svg {
    width: 12px;
    height: 12px;
    flex: none;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space-2);
    color: var(--_text-muted);
    font-size: var(--_text-sm);
  }
  .message {
    margin: 0;
    white-space: pre-wrap;
  }
  .hint {
    margin: 0;
    color: var(--_text-muted);
    font-size: var(--_text-sm);
  }
  /* The countdown's tones, also for themes: [data-urgency] on ::part(countdown). */
  .countdown[data-urgency='warning'] {
    background: var(--_warning-soft);
    color: var(--_warning);
  }
  .countdown[data-urgency='danger'] {
    background: var(--_danger-soft);
    color: var(--_danger-text);
    font-weight: 600;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    align-items: center;
    gap: var(--_space-2);
  }
  .actions .spacer {
    flex: 1;
  }

  button.primary {
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--_on-accent);
  }
  button.primary:hover {
    background: var(--_accent-hover);
    border-color: var(--_accent-hover);
  }
  button.danger {
    background: var(--_danger);
    border-color: var(--_danger);
    color: var(--_on-danger);
  }
  button.danger:hover {
    background: var(--_danger-hover);
    border-color: var(--_danger-hover);
  }
  textarea,
  input:not([type='checkbox'], [type='radio']) {
    font: inherit;
    width: 100%;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border-strong);
    border-radius: var(--_radius-control);
    padding: var(--_space-2) var(--_space-3);
    transition: border-color var(--_duration), box-shadow var(--_duration);
  }
  textarea {
    min-height: 64px;
    resize: vertical;
  }
  textarea:hover,
  input:not([type='checkbox'], [type='radio']):hover {
    border-color: var(--_text-muted);
  }
  [aria-invalid='true'] {
    border-color: var(--_danger);
  }
  .field {
    display: grid;
    gap: var(--_space-1);
  }
  .field-label {
    font-size: var(--_text-sm);
    font-weight: 500;
  }

  .show-all {
    justify-self: start;
    min-height: max(28px, var(--_touch));
    font-size: var(--_text-sm);
  }
  input:not([type='checkbox'], [type='radio']) {
    min-height: var(--_touch);
  }
  /* Keyboard hints (Ctrl+Enter, the digit of an option) say nothing to a finger. */
  @media (pointer: coarse) {
    .keys,
    .option-key {
      display: none;
    }
  }
`;
