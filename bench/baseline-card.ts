// The render baseline: the most direct DOM code for the same markup as the kit's cards
// (createElement, textContent, append; no framework), measured the same way in the same run.
// "The same markup" is the whole card as the browser must show it: the same elements,
// attributes and text in a shadow root that adopts the same style sheets as the element. The
// render page checks that the two trees are equal before it measures, so the baseline cannot
// drift into doing less than the kit.
import { stringsFor } from '../src/i18n/strings.js';
import type { InteractionRequest } from '../src/protocol/request.js';

const strings = stringsFor('en');
const SVG = 'http://www.w3.org/2000/svg';
const OCTAGON = ['M4 .5h4L11.5 4v4L8 11.5H4L.5 8V4z', 'M6 3v3.6M6 8.4v.2'];
const TRIANGLE = 'M6 1 11.5 11h-11z';
const STAR = 'm6 .8 1.6 3.3 3.6.5-2.6 2.5.6 3.6L6 9l-3.2 1.7.6-3.6L.8 4.6l3.6-.5z';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function icon(paths: { d: string; fill?: string; stroke?: Record<string, string> }[]): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 12 12');
  svg.setAttribute('aria-hidden', 'true');
  for (const { d, fill, stroke } of paths) {
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    if (fill) path.setAttribute('fill', fill);
    for (const [name, value] of Object.entries(stroke ?? {})) path.setAttribute(name, value);
    svg.append(path);
  }
  return svg;
}

function circle(): SVGSVGElement {
  const svg = icon([]);
  const dot = document.createElementNS(SVG, 'circle');
  for (const [name, value] of Object.entries({ cx: '6', cy: '6', r: '4.5', fill: 'currentColor' })) dot.setAttribute(name, value);
  svg.append(dot);
  return svg;
}

/** The severity badges' icons (approval-dialog/icons.ts). */
const SEVERITY_ICONS = {
  low: circle,
  medium: () => icon([{ d: TRIANGLE, fill: 'currentColor' }]),
  high: () => icon([{ d: OCTAGON[0]!, fill: 'currentColor' }, { d: OCTAGON[1]!, stroke: { stroke: 'var(--_surface)', 'stroke-width': '1.6', 'stroke-linecap': 'round' } }]),
};

/** Model text as the kit shows it: isolated in a `<bdi>` (safeText). */
const safe = (text: string) => el('bdi', {}, text);

function header(request: InteractionRequest, title: string, badges: Node[]): HTMLElement {
  return el(
    'div', { class: 'header', part: 'header' },
    el('div', { class: 'heading' }, el('p', { class: 'title', id: 'title', part: 'title', dir: 'auto' }, safe(title)), el('div', { class: 'meta' }, ...badges)),
    el('div', { class: 'meta' }, el('span', { class: 'badge countdown', part: 'countdown', role: 'timer' }, strings.remaining(`${Math.floor(request.timeout_seconds / 60)}:${String(request.timeout_seconds % 60).padStart(2, '0')}`))),
  );
}

/**
 * One line of details, as the approval shows it (details.ts): labelled and open on high risk,
 * else a disclosure; with approve's description, the first line.
 */
function approvalDetails(details: string, severity: string): HTMLElement {
  const text = el('p', { class: 'details-text', dir: 'auto' }, safe(details));
  const first = el('span', { id: 'details-first', hidden: '' }, `${strings.details}: `, safe(details));
  if (severity === 'high') {
    return el('section', { class: 'details', part: 'details', 'aria-labelledby': 'details-label' },
      el('p', { class: 'details-label', id: 'details-label' }, strings.details), text, first);
  }
  return el('details', { part: 'details', ...(severity === 'medium' ? { open: '' } : {}) }, el('summary', {}, strings.details), text, first);
}

function approvalBody(request: InteractionRequest): Node[] {
  const severity = request.metadata.severity ?? 'medium';
  const details = request.metadata.details;
  const badge = el('span', { part: 'severity', class: `badge severity-${severity}` }, SEVERITY_ICONS[severity](), strings.severity[severity]);
  return [
    header(request, request.title, [badge]),
    el('p', { class: 'message', part: 'message', dir: 'auto' }, safe(request.message)),
    ...(details ? [approvalDetails(details, severity)] : []),
    el('div', { class: 'actions', part: 'actions' },
      el('button', { tabindex: '0', type: 'button', class: 'quiet', part: 'add-reason-button' }, strings.addReason),
      el('span', { class: 'spacer' }),
      el('span', { class: 'actions decision' },
        el('button', { tabindex: '0', part: 'reject-button' }, strings.reject),
        el('button', { tabindex: '0', part: 'approve-button', class: severity === 'high' ? 'danger' : 'primary', ...(details ? { 'aria-describedby': 'details-first' } : {}) },
          ...(severity === 'high' ? [el('span', { class: 'swap', 'data-other': strings.confirmApproval }, el('span', {}, strings.approve))] : [strings.approve])))),
  ];
}

function questionnaireBody(request: InteractionRequest): Node[] {
  const questions = request.questions.map((question, q) => {
    const n = q + 1;
    const options = question.options.map((option, i) => {
      const id = `radio-${n}-${i}`;
      const custom = option.value === '__custom__';
      const recommended = i === 0 && !custom;
      const described = [recommended ? `${id}-rec` : '', option.description && !custom ? `${id}-desc` : ''].filter(Boolean).join(' ');
      const input = el('input', { tabindex: '0', type: 'radio', name: `q-${n}`, id, value: option.value, ...(described ? { 'aria-describedby': described } : {}) });
      const label = el('span', { class: 'option-label' });
      if (i < 9) label.append(el('span', { class: 'option-key', 'aria-hidden': 'true' }, String(i + 1)));
      label.append(el('bdi', {}, custom ? strings.custom : option.label));
      if (recommended) label.append(el('span', { class: 'badge recommended', part: 'recommended', 'aria-hidden': 'true', id: `${id}-rec` }, icon([{ d: STAR, fill: 'currentColor' }]), strings.recommended));
      const text = el('span', { class: 'option-text' }, label);
      if (option.description && !custom) text.append(el('span', { class: 'option-description', 'aria-hidden': 'true', dir: 'auto', id: `${id}-desc` }, safe(option.description)));
      return el('label', { class: 'option', part: 'option' }, input, text);
    });
    const legend = el('legend', {});
    if (request.questions.length > 1) legend.append(el('span', { class: 'question-number' }, `${n}.`));
    if (question.header) legend.append(el('span', { class: 'question-header' }, el('bdi', {}, question.header)));
    legend.append(el('bdi', {}, question.question));
    return el('fieldset', { class: 'question', part: 'question', 'data-key': question.id, 'aria-invalid': 'false' }, legend, el('div', { class: 'options' }, ...options));
  });
  const form = el('form', { novalidate: '' }, ...questions);
  if (request.metadata.auto_select_first_on_timeout) form.append(el('p', { class: 'hint' }, strings.autoSelectHint));
  form.append(el('div', { class: 'actions', part: 'actions' },
    el('button', { tabindex: '0', type: 'button', class: 'quiet', part: 'recommended-button' }, strings.useAllRecommended),
    el('span', { class: 'filled hint', part: 'filled', role: 'status' }),
    el('span', { class: 'spacer' }),
    el('button', { tabindex: '0', type: 'button', class: 'quiet', part: 'skip-button' }, strings.skip),
    el('button', { tabindex: '0', type: 'submit', class: 'primary', part: 'submit-button' }, strings.submit)));
  return [
    header(request, strings.defaultTitles[request.title] ?? request.title, []),
    ...(request.message ? [el('p', { class: 'message', part: 'message', dir: 'auto' }, safe(request.message))] : []),
    form,
  ];
}

/**
 * A card in a shadow root adopting `sheets` (the element's own): the approval, or one fieldset
 * per question, with the same classes, parts, ids and ARIA as the kit renders.
 */
export function renderBaselineCard(request: InteractionRequest, sheets: CSSStyleSheet[] = []): HTMLElement {
  const hostEl = document.createElement('div');
  const root = hostEl.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = sheets;
  const approval = request.kind === 'approval';
  const article = el('article', { part: 'card', 'aria-labelledby': 'title', class: approval ? `card severity-${request.metadata.severity ?? 'medium'}` : 'card' },
    ...(approval ? approvalBody(request) : questionnaireBody(request)),
    el('div', { class: 'visually-hidden', 'aria-live': 'polite', 'aria-atomic': 'true' }),
    el('div', { class: 'visually-hidden', 'aria-live': 'assertive', 'aria-atomic': 'true' }));
  root.append(article);
  return hostEl;
}

/** A tree as comparable text: elements, sorted attributes (classes as a set) and trimmed text. */
export function describeTree(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return (node.textContent ?? '').trim();
  if (!(node instanceof Element)) return '';
  const attributes = [...node.attributes]
    .map((a) => (a.name === 'class' ? `class=${[...node.classList].sort().join('.')}` : `${a.name}=${a.value}`))
    .sort()
    .join(' ');
  const children = [...node.childNodes].map(describeTree).filter(Boolean).join('');
  return `<${node.localName} ${attributes}>${children}</${node.localName}>`;
}
