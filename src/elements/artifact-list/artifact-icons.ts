import { svg } from 'lit';
import type { ArtifactKind } from './artifact-kind.js';

// One glyph per kind, drawn on a 24-unit grid; the stroke is set once, in the styles. Fragments:
// the list draws the one decorative <svg> frame around them (an <svg> element is HTML, so it
// belongs in the html`` template; svg`` is for what goes inside it).
export const kindIcons: Record<ArtifactKind, ReturnType<typeof svg>> = {
  image: svg`<rect x="3.5" y="4.5" width="17" height="15" rx="2"/><circle cx="9" cy="10" r="1.8"/><path d="m4.5 18 5.5-5.5 3.5 3.5 2.5-2.5 3.5 3.5"/>`,
  document: svg`<path d="M6 2.5h8l4.5 4.5v14.5H6z"/><path d="M14 2.5V7h4.5M9 12h6.5M9 15.5h6.5M9 19h4"/>`,
  archive: svg`<rect x="4" y="3" width="16" height="18" rx="2"/><path d="M11 3v2h2v2h-2v2h2v2h-2v2"/><rect x="10" y="14" width="4" height="4" rx="1"/>`,
  media: svg`<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m10 9 5 3-5 3z" fill="currentColor"/>`,
  other: svg`<path d="M6 2.5h8l4.5 4.5v14.5H6z"/><path d="M14 2.5V7h4.5"/>`,
};
