import { svg, type SVGTemplateResult } from 'lit';

// The questionnaire's icons (decorative: always next to a text that says the same). Each element
// keeps its own: a module-level svg`` is a call no bundler drops, so a shared table would ship in both.

export const starIcon: SVGTemplateResult = svg`<svg viewBox="0 0 12 12" aria-hidden="true"><path d="m6 .8 1.6 3.3 3.6.5-2.6 2.5.6 3.6L6 9l-3.2 1.7.6-3.6L.8 4.6l3.6-.5z" fill="currentColor"/></svg>`;
export const flagIcon: SVGTemplateResult = svg`<svg viewBox="0 0 12 12" aria-hidden="true"><path d="M2 11V1.5h7.5L8 4l1.5 2.5H3.2V11z" fill="currentColor"/></svg>`;
