import { svg } from 'lit';

// Small inline icons (decorative: always next to a text that says the same).

export const icons = {
  circle: svg`<svg viewBox="0 0 12 12" aria-hidden="true"><circle cx="6" cy="6" r="4.5" fill="currentColor"/></svg>`,
  triangle: svg`<svg viewBox="0 0 12 12" aria-hidden="true"><path d="M6 1 11.5 11h-11z" fill="currentColor"/></svg>`,
  octagon: svg`<svg viewBox="0 0 12 12" aria-hidden="true"><path d="M4 .5h4L11.5 4v4L8 11.5H4L.5 8V4z" fill="currentColor"/><path d="M6 3v3.6M6 8.4v.2" stroke="var(--_surface)" stroke-width="1.6" stroke-linecap="round"/></svg>`,
  star: svg`<svg viewBox="0 0 12 12" aria-hidden="true"><path d="m6 .8 1.6 3.3 3.6.5-2.6 2.5.6 3.6L6 9l-3.2 1.7.6-3.6L.8 4.6l3.6-.5z" fill="currentColor"/></svg>`,
  flag: svg`<svg viewBox="0 0 12 12" aria-hidden="true"><path d="M2 11V1.5h7.5L8 4l1.5 2.5H3.2V11z" fill="currentColor"/></svg>`,
};
