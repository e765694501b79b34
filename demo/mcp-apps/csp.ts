import type { McpUiResourceCsp } from '@modelcontextprotocol/ext-apps/app-bridge';

/**
 * The Content-Security-Policy the sandbox proxy is served with: the spec's restrictive default
 * for a resource that declares no `_meta.ui.csp`, widened only by the domains it declares.
 */
export function sandboxCsp(csp: McpUiResourceCsp = {}): string {
  const list = (domains: string[] | undefined) => (domains ?? []).join(' ');
  const resources = list(csp.resourceDomains);
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${resources}`,
    `style-src 'self' 'unsafe-inline' ${resources}`,
    `img-src 'self' data: ${resources}`,
    `media-src 'self' data: ${resources}`,
    `font-src ${resources || "'none'"}`,
    `connect-src ${list(csp.connectDomains) || "'none'"}`,
    `frame-src ${list(csp.frameDomains) || "'none'"}`,
    "object-src 'none'",
    `base-uri ${list(csp.baseUriDomains) || "'self'"}`,
  ]
    .map((directive) => directive.trim())
    .join('; ');
}
