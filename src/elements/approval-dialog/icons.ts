import { html, svg, type SVGTemplateResult, type TemplateResult } from 'lit';
import type { Severity } from '../../protocol/constants.js';

// The approval's icons (decorative: always next to a text that says the same). Each element keeps
// its own: a module-level svg`` is a call no bundler drops, so a shared table would ship in both.

export const circleIcon: SVGTemplateResult = svg`<svg viewBox="0 0 12 12" aria-hidden="true"><circle cx="6" cy="6" r="4.5" fill="currentColor"/></svg>`;
export const triangleIcon: SVGTemplateResult = svg`<svg viewBox="0 0 12 12" aria-hidden="true"><path d="M6 1 11.5 11h-11z" fill="currentColor"/></svg>`;
export const octagonIcon: SVGTemplateResult = svg`<svg viewBox="0 0 12 12" aria-hidden="true"><path d="M4 .5h4L11.5 4v4L8 11.5H4L.5 8V4z" fill="currentColor"/><path d="M6 3v3.6M6 8.4v.2" stroke="var(--_surface)" stroke-width="1.6" stroke-linecap="round"/></svg>`;

const SEVERITY_ICONS = { low: circleIcon, medium: triangleIcon, high: octagonIcon } as const;

/** The severity badge: its icon beside the word that says it. */
export const severityBadge = (severity: Severity, words: string): TemplateResult =>
  html`<span class="badge severity-${severity}" part="severity">${SEVERITY_ICONS[severity]}${words}</span>`;
