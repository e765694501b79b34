/** What makes a link worth a second look before the user opens it. */
export type LinkWarning = 'punycode' | 'mixed_script' | 'insecure' | 'credentials';

/** A URL cut into what the card shows: the host stands out from what comes before and after. */
export interface InspectedLink {
  href: string;
  before: string;
  host: string;
  after: string;
  warnings: LinkWarning[];
}

const SCRIPTS = ['Latin', 'Cyrillic', 'Greek', 'Armenian', 'Hebrew', 'Arabic', 'Han', 'Hiragana', 'Katakana', 'Hangul', 'Thai', 'Devanagari', 'Georgian', 'Cherokee'] as const;
const SCRIPT_TESTS = SCRIPTS.map((script) => new RegExp(`\\p{Script=${script}}`, 'u'));

/** The host as the server wrote it, before the URL parser turned it into punycode. */
function writtenHost(url: string): string {
  const authority = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').split(/[/?#\\]/, 1)[0] ?? '';
  return authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '');
}

/** Letters from more than one script in one label, e.g. a Cyrillic "а" among Latin letters. */
function mixesScripts(host: string): boolean {
  return host.split('.').some((label) => SCRIPT_TESTS.filter((test) => test.test(label)).length > 1);
}

/**
 * Reads a URL a server asks the user to open (MCP URL-mode elicitation): only http(s), shown in
 * full with its host set apart, and flagged when the host is punycode or mixes scripts, the
 * scheme is plain http, or user info precedes the host (`https://bank.com@evil.example`).
 * Undefined when it is no http(s) URL at all.
 */
export function inspectLink(raw: string): InspectedLink | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const href = url.href;
  const host = url.host;
  const start = href.indexOf(host, url.protocol.length);
  const warnings: LinkWarning[] = [];
  const written = writtenHost(raw);
  if (url.hostname.split('.').some((label) => label.startsWith('xn--'))) warnings.push('punycode');
  if (mixesScripts(written)) warnings.push('mixed_script');
  if (url.protocol === 'http:') warnings.push('insecure');
  if (url.username || url.password) warnings.push('credentials');
  return { href, before: href.slice(0, start), host, after: href.slice(start + host.length), warnings };
}
