import { applyDocumentTheme, applyHostFonts, applyHostStyleVariables, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import { toLocale, type Locale } from '../../i18n/locales.js';

/**
 * Applies what the host says about its look: its theme (`data-theme` and
 * `color-scheme` on the root, which themes/mcp-apps.css follows), its style variables and fonts.
 * Returns the language the cards speak: the host's locale, else `fallback`.
 */
export function applyHostContext(context: McpUiHostContext | undefined, fallback: Locale): Locale {
  if (context?.theme) applyDocumentTheme(context.theme);
  if (context?.styles?.variables) applyHostStyleVariables(context.styles.variables);
  if (context?.styles?.css?.fonts) applyHostFonts(context.styles.css.fonts);
  const locale = toLocale(context?.locale) ?? fallback;
  document.documentElement.lang = locale;
  return locale;
}
