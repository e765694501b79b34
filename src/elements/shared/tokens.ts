import { css } from 'lit';

/** The schemes `theme` forces; without it `prefers-color-scheme` decides. */
export type Theme = 'light' | 'dark';

// The design tokens. Public tokens are `--aik-*` custom properties a host page sets anywhere
// above the element; each element reads them through private `--_*` properties, so the defaults
// below apply only where the host set nothing. Each default is a `light-dark()` pair: the used
// `color-scheme` picks one, so a scheme never needs a second copy of the tokens.

/**
 * Tokens, layout and controls shared by every element. `theme="light"` / `theme="dark"` force a
 * scheme (for hosts with their own switch); otherwise `--aik-color-scheme` does (a theme preset
 * sets it from its design system's dark switch), else `prefers-color-scheme`.
 */
export const baseStyles = css`
  :host {
    --_surface: var(--aik-color-surface, light-dark(#ffffff, #1c1f24));
    --_surface-muted: var(--aik-color-surface-muted, light-dark(#f4f6f8, #262a31));
    --_surface-raised: var(--aik-color-surface-raised, light-dark(#ffffff, #23272d));
    --_text: var(--aik-color-text, light-dark(#1b1f24, #e8eaed));
    --_text-muted: var(--aik-color-text-muted, light-dark(#57606a, #a8b0ba));
    --_border: var(--aik-color-border, light-dark(#d5dae0, #3a4049));
    --_border-strong: var(--aik-color-border-strong, light-dark(#8c959f, #6e7681));
    --_accent: var(--aik-color-accent, light-dark(#2554d6, #8fb0ff));
    --_accent-hover: var(--aik-color-accent-hover, light-dark(#1d44b3, #adc4ff));
    --_accent-soft: var(--aik-color-accent-soft, light-dark(#eaf0ff, #24314f));
    --_accent-text: var(--aik-color-accent-text, var(--_accent));
    --_on-accent: var(--aik-color-on-accent, light-dark(#ffffff, #0d1526));
    --_danger: var(--aik-color-danger, light-dark(#c2261d, #ff9b93));
    --_danger-hover: var(--aik-color-danger-hover, light-dark(#a11d16, #ffb8b2));
    --_danger-soft: var(--aik-color-danger-soft, light-dark(#fdecea, #45201d));
    --_on-danger: var(--aik-color-on-danger, light-dark(#ffffff, #2a0a08));
    --_danger-text: var(--aik-color-danger-text, var(--_danger));
    --_warning: var(--aik-color-warning, light-dark(#8a5a00, #f2c55c));
    --_warning-soft: var(--aik-color-warning-soft, light-dark(#fff4d6, #3d3016));
    --_success: var(--aik-color-success, light-dark(#1d6b3a, #7fd69b));
    --_success-soft: var(--aik-color-success-soft, light-dark(#e6f4ea, #1c3a27));
    --_shadow: var(--aik-shadow, 0 1px 2px light-dark(rgb(16 24 40 / 6%), rgb(0 0 0 / 40%)), 0 2px 8px light-dark(rgb(16 24 40 / 6%), rgb(0 0 0 / 30%)));
    --_font: var(--aik-font-family, system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif);
    --_mono: var(--aik-font-family-mono, ui-monospace, 'SF Mono', Menlo, Consolas, monospace);
    --_radius: var(--aik-radius, 12px);
    --_radius-control: var(--aik-radius-control, 8px);
    --_space-1: var(--aik-space-1, 4px);
    --_space-2: var(--aik-space-2, 8px);
    --_space-3: var(--aik-space-3, 12px);
    --_space-4: var(--aik-space-4, 16px);
    --_space-5: var(--aik-space-5, 24px);
    --_text-xs: var(--aik-font-size-xs, 12px);
    --_text-sm: var(--aik-font-size-sm, 13px);
    --_text-md: var(--aik-font-size-md, 14px);
    --_text-lg: var(--aik-font-size-lg, 16px);
    --_focus: var(--aik-focus-ring, 0 0 0 2px var(--_surface), 0 0 0 4px var(--_accent));
    --_duration: var(--aik-duration, 160ms);
    /* The least size of a target: none on a mouse, 44 px under a coarse pointer. */
    --_touch: 0px;
    display: block;
    color: var(--_text);
    font-family: var(--_font);
    font-size: var(--_text-md);
    line-height: 1.5;
    color-scheme: var(--aik-color-scheme, light dark);
  }
  :host([theme='light']) {
    color-scheme: light;
  }
  :host([theme='dark']) {
    color-scheme: dark;
  }
  :host([hidden]) {
    display: none;
  }
  @media (prefers-reduced-motion: reduce) {
    :host {
      --_duration: 0ms;
    }
  }
  @media (pointer: coarse) {
    :host {
      --_touch: 44px;
    }
  }
  *,
  ::before,
  ::after {
    box-sizing: border-box;
  }
  /* A model's text reads in its own direction (dir="auto") and stands at the card's start, as the
     card's own words do: an English message or option note in an Arabic card sits on the right,
     under its title and beside its label (match-parent would say it, but Chromium drops it). Code
     and what the user types keep their own start. */
  [dir='auto']:not(pre, textarea, input) {
    text-align: left;
  }
  :host(:dir(rtl)) [dir='auto']:not(pre, textarea, input) {
    text-align: right;
  }

  .card {
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    box-shadow: var(--_shadow);
    padding: var(--_space-4);
    display: grid;
    gap: var(--_space-3);
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .header {
    display: flex;
    align-items: flex-start;
    justify-content: space-between;
    gap: var(--_space-3);
  }
  .heading {
    display: grid;
    gap: var(--_space-1);
    min-width: 0;
  }
  .title {
    margin: 0;
    font-size: var(--_text-lg);
    font-weight: 600;
    line-height: 1.4;
  }
  button {
    font: inherit;
    font-size: var(--_text-md);
    font-weight: 500;
    min-height: max(36px, var(--_touch));
    min-width: var(--_touch);
    padding: 0 var(--_space-4);
    border-radius: var(--_radius-control);
    border: 1px solid var(--_border-strong);
    background: var(--_surface);
    color: var(--_text);
    cursor: pointer;
    transition: background-color var(--_duration), border-color var(--_duration), box-shadow var(--_duration);
  }
  button:hover {
    background: var(--_surface-muted);
  }
  button:active {
    transform: translateY(1px);
  }
  button:focus-visible,
  a:focus-visible,
  [tabindex]:focus-visible {
    outline: none;
    box-shadow: var(--_focus);
  }
  button.quiet {
    border-color: transparent;
    background: transparent;
    color: var(--_accent-text);
    padding: 0 var(--_space-2);
  }
  button.quiet:hover {
    background: var(--_accent-soft);
  }

  .badge {
    display: inline-flex;
    align-items: center;
    gap: var(--_space-1);
    padding: 0 var(--_space-2);
    border-radius: 999px;
    font-size: var(--_text-xs);
    font-weight: 600;
    line-height: 20px;
    background: var(--_surface-muted);
    color: var(--_text-muted);
    white-space: nowrap;
  }

  .invisible-char {
    font-family: var(--_mono);
    font-size: var(--_text-xs);
    color: var(--_danger-text);
    border: 1px dashed currentColor;
    border-radius: 3px;
    padding: 0 2px;
    margin: 0 1px;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;

