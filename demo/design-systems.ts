// The design systems around the kit, with realistic values, as their own pages set them: an MCP
// host's style variables, a Material 3 scheme from a seed colour, Web Awesome's own stylesheet and
// shadcn/ui's neutral theme. The theme gallery (themes.html) and the theme tests share them.
import { argbFromHex, hexFromArgb, Hct, MaterialDynamicColors, SchemeTonalSpot } from '@material/material-color-utilities';

export type Vars = Record<string, string>;
export type Scheme = 'light' | 'dark';

/** Variables as a rule body. */
export const declarations = (vars: Vars) => Object.entries(vars).map(([name, value]) => `${name}: ${value};`).join('\n');

/**
 * What an MCP host's variables do in its app, as the ext-apps SDK applies them:
 * applyHostStyleVariables() sets each on the document root, applyDocumentTheme() writes
 * data-theme and color-scheme there.
 */
export function applyMcpHostContext(variables: Vars, theme: 'light' | 'dark'): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(variables)) root.style.setProperty(name, value);
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme;
}

/** A host's style variables, light-dark() pairs as hosts send them (a Claude-like palette). */
export const MCP_HOST_VARIABLES: Vars = {
  '--color-background-primary': 'light-dark(rgb(255 255 255), rgb(48 48 46))',
  '--color-background-secondary': 'light-dark(rgb(245 244 237), rgb(38 38 36))',
  '--color-background-tertiary': 'light-dark(rgb(250 249 245), rgb(20 20 19))',
  '--color-background-inverse': 'light-dark(rgb(20 20 19), rgb(250 249 245))',
  '--color-background-info': 'light-dark(rgb(214 228 246), rgb(37 62 95))',
  '--color-background-danger': 'light-dark(rgb(247 236 236), rgb(96 42 40))',
  '--color-background-success': 'light-dark(rgb(233 241 220), rgb(27 70 20))',
  '--color-background-warning': 'light-dark(rgb(246 238 223), rgb(72 58 15))',
  '--color-text-primary': 'light-dark(rgb(20 20 19), rgb(250 249 245))',
  '--color-text-secondary': 'light-dark(rgb(61 61 58), rgb(194 192 182))',
  '--color-text-inverse': 'light-dark(rgb(255 255 255), rgb(20 20 19))',
  '--color-text-info': 'light-dark(rgb(50 102 173), rgb(128 170 221))',
  '--color-text-danger': 'light-dark(rgb(127 44 40), rgb(238 136 132))',
  '--color-text-success': 'light-dark(rgb(38 91 25), rgb(122 185 72))',
  '--color-text-warning': 'light-dark(rgb(90 72 21), rgb(209 160 65))',
  '--color-border-primary': 'light-dark(rgb(31 30 29 / 40%), rgb(222 220 209 / 40%))',
  '--color-border-secondary': 'light-dark(rgb(31 30 29 / 30%), rgb(222 220 209 / 30%))',
  '--color-ring-primary': 'light-dark(rgb(20 20 19 / 70%), rgb(250 249 245 / 70%))',
  '--font-sans': 'system-ui, sans-serif',
  '--font-mono': 'ui-monospace, monospace',
  '--font-text-xs-size': '12px',
  '--font-text-sm-size': '14px',
  '--font-heading-md-size': '16px',
  '--border-radius-md': '8px',
  '--border-radius-lg': '10px',
  '--shadow-hairline': '0 1px 2px 0 rgb(0 0 0 / 5%)',
};

/** A Material 3 scheme from a seed colour, as Material Theme Builder makes it (tonal spot). */
export function materialScheme(seed: string, dark: boolean): Vars {
  const scheme = new SchemeTonalSpot(Hct.fromInt(argbFromHex(seed)), dark, 0);
  const vars: Vars = {};
  const colors = new MaterialDynamicColors();
  for (const color of [...colors.allColors, colors.shadow(), colors.scrim()]) {
    vars[`--md-sys-color-${color.name.replaceAll('_', '-')}`] = hexFromArgb(color.getArgb(scheme));
  }
  return vars;
}

/** Material 3's shape and type tokens at their baseline values. */
export const MATERIAL_SHAPE_AND_TYPE: Vars = {
  '--md-sys-shape-corner-small': '8px',
  '--md-sys-shape-corner-medium': '12px',
  '--md-ref-typeface-plain': 'Roboto, system-ui, sans-serif',
  '--md-sys-typescale-label-small-size': '11px',
  '--md-sys-typescale-body-small-size': '12px',
  '--md-sys-typescale-body-medium-size': '14px',
  '--md-sys-typescale-title-medium-size': '16px',
};

/** shadcn/ui's neutral theme, light (:root) and dark (.dark), as its CLI writes it today. */
export const SHADCN_LIGHT: Vars = {
  '--radius': '0.625rem',
  '--background': 'oklch(1 0 0)',
  '--foreground': 'oklch(0.145 0 0)',
  '--card': 'oklch(1 0 0)',
  '--card-foreground': 'oklch(0.145 0 0)',
  '--primary': 'oklch(0.205 0 0)',
  '--primary-foreground': 'oklch(0.985 0 0)',
  '--secondary': 'oklch(0.97 0 0)',
  '--secondary-foreground': 'oklch(0.205 0 0)',
  '--muted': 'oklch(0.97 0 0)',
  '--muted-foreground': 'oklch(0.556 0 0)',
  '--accent': 'oklch(0.97 0 0)',
  '--accent-foreground': 'oklch(0.205 0 0)',
  '--destructive': 'oklch(0.577 0.245 27.325)',
  '--border': 'oklch(0.922 0 0)',
  '--input': 'oklch(0.922 0 0)',
  '--ring': 'oklch(0.708 0 0)',
};
export const SHADCN_DARK: Vars = {
  '--background': 'oklch(0.145 0 0)',
  '--foreground': 'oklch(0.985 0 0)',
  '--card': 'oklch(0.205 0 0)',
  '--card-foreground': 'oklch(0.985 0 0)',
  '--primary': 'oklch(0.922 0 0)',
  '--primary-foreground': 'oklch(0.205 0 0)',
  '--secondary': 'oklch(0.269 0 0)',
  '--secondary-foreground': 'oklch(0.985 0 0)',
  '--muted': 'oklch(0.269 0 0)',
  '--muted-foreground': 'oklch(0.708 0 0)',
  '--accent': 'oklch(0.269 0 0)',
  '--accent-foreground': 'oklch(0.985 0 0)',
  '--destructive': 'oklch(0.704 0.191 22.216)',
  '--border': 'oklch(1 0 0 / 10%)',
  '--input': 'oklch(1 0 0 / 15%)',
  '--ring': 'oklch(0.556 0 0)',
};


export const PRESETS = ['mcp-apps', 'material', 'web-awesome', 'shadcn'] as const;
export type Preset = (typeof PRESETS)[number];

/** The design systems' names, as the gallery labels them. */
export const PRESET_NAMES: Record<Preset, string> = {
  'mcp-apps': 'MCP Apps host styles',
  material: 'Material 3',
  'web-awesome': 'Web Awesome',
  shadcn: 'shadcn/ui',
};

/** Web Awesome's own stylesheet, as its installation guide loads it. */
export const WEB_AWESOME_CSS = '/node_modules/@awesome.me/webawesome/dist/styles/webawesome.css';

/** How a page of the design system sets itself up, in one scheme. */
export interface DesignSystemPage {
  /** Stylesheets the page links. */
  stylesheets: string[];
  /** The page's own global CSS (its variables). */
  css: string;
  /** Classes on <html> (the design system's dark switch). */
  rootClasses: string[];
  /** What the page puts on <html> through script (an MCP host's context). */
  setUpRoot?: (root: HTMLElement) => void;
  /** The page's background, behind the cards. */
  background: string;
}

/** A Material 3 page, in one scheme: a purple seed's tonal-spot scheme with baseline shape and type. */
const materialCss = (scheme: Scheme) => `:root { ${declarations({ ...materialScheme('#6750a4', scheme === 'dark'), ...MATERIAL_SHAPE_AND_TYPE })} }`;

export function designSystemPage(preset: Preset, scheme: Scheme): DesignSystemPage {
  switch (preset) {
    case 'mcp-apps':
      return { stylesheets: [], css: '', rootClasses: [], setUpRoot: () => applyMcpHostContext(MCP_HOST_VARIABLES, scheme), background: 'var(--color-background-tertiary)' };
    case 'material':
      return { stylesheets: [], css: materialCss(scheme), rootClasses: [], background: 'var(--md-sys-color-surface-container)' };
    case 'web-awesome':
      return { stylesheets: [WEB_AWESOME_CSS], css: '', rootClasses: [`wa-${scheme}`], background: 'var(--wa-color-surface-lowered)' };
    case 'shadcn':
      return {
        stylesheets: [],
        css: `:root { ${declarations(SHADCN_LIGHT)} --font-sans: system-ui, sans-serif; } .dark { ${declarations(SHADCN_DARK)} }`,
        rootClasses: scheme === 'dark' ? ['dark'] : [],
        background: 'var(--background)',
      };
  }
}
