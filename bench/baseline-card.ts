// The render baseline: the most direct DOM code for the same markup as the kit's cards
// (createElement, textContent, append; no framework), measured the same way in the same run.
import type { InteractionRequest } from '../src/protocol/request.js';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A plain card: header, message, then the approval buttons or one fieldset per question. */
export function renderBaselineCard(request: InteractionRequest): HTMLElement {
  const card = el('article', 'card');
  const header = el('div', 'header');
  header.append(el('p', 'title', request.title), el('span', 'badge', '2:00'));
  card.append(header, el('p', 'message', request.message));
  if (request.kind === 'approval') {
    const label = el('label', 'field-label', 'Reason (optional)');
    const note = el('textarea');
    const actions = el('div', 'actions');
    actions.append(el('button', '', 'Reject'), el('button', 'primary', 'Approve'));
    card.append(label, note, actions);
    return card;
  }
  const form = el('form');
  request.questions.forEach((question, q) => {
    const fieldset = el('fieldset', 'question');
    const legend = el('legend');
    legend.append(el('span', 'question-number', `${q + 1}.`), el('bdi', '', question.question));
    fieldset.append(legend);
    const options = el('div', 'options');
    question.options.forEach((option, i) => {
      const label = el('label', 'option');
      const input = el('input');
      input.type = 'radio';
      input.name = `q-${q}`;
      input.value = option.value;
      const text = el('span', 'option-text');
      const line = el('span', 'option-label');
      line.append(el('span', 'option-key', String(i + 1)), el('bdi', '', option.label));
      if (i === 0) line.append(el('span', 'badge', 'Recommended'));
      text.append(line);
      if (option.description) text.append(el('span', 'option-description', option.description));
      label.append(input, text);
      options.append(label);
    });
    fieldset.append(options);
    form.append(fieldset);
  });
  const actions = el('div', 'actions');
  actions.append(el('button', 'quiet', 'Use all recommended'), el('button', 'primary', 'Submit'));
  form.append(actions);
  card.append(form);
  return card;
}
