import { css } from 'lit';

export const questionnaireStyles = css`
  form {
    display: grid;
    gap: var(--_space-4);
  }
  fieldset {
    margin: 0;
    padding: 0;
    border: 0;
    min-width: 0;
    /* Not a grid: WebKit makes the floated legend of a grid fieldset a grid item, unfloated. */
    display: flow-root;
  }
  fieldset > :not(legend) + * {
    margin-top: var(--_space-2);
  }
  fieldset.question {
    padding: var(--_space-3);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-control);
  }
  fieldset.question[aria-invalid='true'] {
    border-color: var(--_danger);
  }
  legend {
    /* Floated, the legend sits inside the box instead of on its border. */
    float: left;
    width: 100%;
    padding: 0;
    margin-bottom: var(--_space-2);
    font-weight: 600;
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: var(--_space-2);
  }
  .question-number {
    color: var(--_text-muted);
    font-variant-numeric: tabular-nums;
  }
  .question-header {
    font-size: var(--_text-xs);
    font-weight: 600;
    color: var(--_accent-text);
    background: var(--_accent-soft);
    border-radius: 4px;
    padding: 0 var(--_space-1);
  }
  legend + * {
    clear: both;
  }
  .options {
    display: grid;
    gap: var(--_space-2);
  }
  .option {
    position: relative;
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    align-items: start;
    gap: var(--_space-1) var(--_space-3);
    padding: var(--_space-2) var(--_space-3);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-control);
    background: var(--_surface);
    cursor: pointer;
    min-height: var(--_touch);
    transition: border-color var(--_duration), background-color var(--_duration);
  }
  .option:hover {
    border-color: var(--_border-strong);
    background: var(--_surface-muted);
  }
  .option:has(input:checked) {
    border-color: var(--_accent);
    background: var(--_accent-soft);
  }
  /* Focus shown whenever an option has it, as GOV.UK's radios do: WebKit matches no
     :focus-visible on a radio the arrow keys moved to. */
  .option:has(input:focus) {
    box-shadow: var(--_focus);
  }
  .option input {
    margin: 3px 0 0;
    width: 16px;
    height: 16px;
    accent-color: var(--_accent);
    cursor: pointer;
  }
  .option input:focus-visible {
    box-shadow: none;
  }
  .option-text {
    display: grid;
    gap: 2px;
    min-width: 0;
  }
  .option-label {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space-2);
    font-weight: 500;
  }
  .option-key {
    font-size: var(--_text-xs);
    color: var(--_text-muted);
    font-variant-numeric: tabular-nums;
    min-width: 1ch;
  }
  .option-description {
    color: var(--_text-muted);
    font-size: var(--_text-sm);
  }
  .badge.recommended {
    background: var(--_success-soft);
    color: var(--_success);
  }
  .custom-field {
    margin-inline-start: calc(16px + var(--_space-3) + var(--_space-3));
  }
  .error {
    margin: 0;
    color: var(--_danger-text);
    font-size: var(--_text-sm);
    font-weight: 500;
    display: flex;
    align-items: center;
    gap: var(--_space-1);
  }
  .checkpoint {
    display: grid;
    gap: var(--_space-1);
    padding: var(--_space-2) var(--_space-3);
    border-radius: var(--_radius-control);
    background: var(--_warning-soft);
    color: var(--_text);
  }
  .checkpoint strong {
    display: inline-flex;
    align-items: center;
    gap: var(--_space-1);
    color: var(--_warning);
  }
  .checkpoint svg {
    width: 12px;
    height: 12px;
  }
  /* A text answer is one line that grows with what is typed (Shift+Enter adds a line). */
  textarea.line {
    min-height: var(--_touch);
    resize: none;
    max-height: 12lh;
  }
  /* Steps: the place of the question shown, and the review of every answer before Submit. */
  .progress {
    margin: 0;
    font-size: var(--_text-sm);
    color: var(--_text-muted);
    /* Room for the focus ring, the text kept in line. */
    padding-inline: var(--_space-1);
    margin-inline: calc(-1 * var(--_space-1));
    border-radius: var(--_radius-control);
  }
  /* On the review it is the review's heading, where focus lands. */
  .progress[tabindex] {
    color: var(--_text);
    font-weight: 600;
  }
  .review-head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space-2);
  }
  .review {
    margin: 0;
    font-size: var(--_text-sm);
  }
  .review dt {
    color: var(--_text-muted);
  }
  .review dd {
    margin: 0;
  }
  /* Each row: the question, then its answer with Change, sharing the width; where the two do not
     fit side by side (a phone under 400 px, a narrow column) the answer goes under the question. */
  .review-row {
    display: flex;
    flex-wrap: wrap;
    gap: 0 var(--_space-3);
    padding-block: var(--_space-1);
    border-block-end: 1px solid var(--_border);
  }
  .review-row:last-child {
    border-block-end: 0;
  }
  .review-row > * {
    flex: 1 1 14em;
    min-width: 0;
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space-2);
  }
  /* In steps, Skip questionnaire on a row of its own, at the start: apart from Back and Next. */
  .decline {
    justify-content: flex-start;
  }
  .discard-question {
    font-size: var(--_text-sm);
    font-weight: 500;
  }
  .receipt-choices {
    margin: 0;
    padding-inline-start: var(--_space-5);
  }
  .receipt-text {
    margin: 0;
    padding-inline-start: var(--_space-3);
    border-inline-start: 3px solid var(--_border-strong);
    white-space: pre-wrap;
  }
`;
