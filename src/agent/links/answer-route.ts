// The answer page's HTTP side (docs/protocol.md#13-answer-links): `GET <path>/<token>` answers with
// the page (200) or a refusal that says nothing of the call (404, 410, 403), every one under the same
// strict headers; `<path>/answer-page.js` and `<path>/answer-page.css` are the page's script and style,
// `<path>/answer-page-<tag>.js` a language's module for a page beyond zh-CN and en.
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CallLinks } from './call-links.js';
import { localeScript, pageHtml, pageLocale, PAGE_CSS, PAGE_LOCALES, type PageKind } from './answer-page-html.js';
import type { LinkGate } from './link-gate.js';

/** The headers of every page the route serves; `socketOrigin` is the page's socket's (`wss://host`). */
export function pageHeaders(socketOrigin: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'content-security-policy':
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
      `connect-src 'self' ${socketOrigin}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  };
}

const STATUS_PAGE: Record<number, PageKind> = { 200: 'answer', 403: 'signIn', 404: 'invalid', 410: 'expired' };

/** Where the package's `dist/` is, from this module in `src/` or in `dist/`. */
const DIST_CANDIDATES = ['../', '../../', '../../../dist/'];

const assets = new Map<string, Buffer>();
/** A file of the package's `dist/` (`answer-page.js`, `locales/ja.js`), read once. */
function distFile(name: string): Buffer | undefined {
  for (const candidate of assets.has(name) ? [] : DIST_CANDIDATES) {
    try {
      assets.set(name, readFileSync(new URL(candidate + name, import.meta.url)));
      break;
    } catch {
      // not there: the next place
    }
  }
  return assets.get(name);
}

/** The file in `dist/` that a segment names: the page's script, or a language's module (`answer-page-ja.js`). */
function scriptFile(segment: string): string | undefined {
  if (segment === 'answer-page.js') return segment;
  const locale = PAGE_LOCALES.find((tag) => localeScript(tag) === segment);
  return locale && `locales/${locale}.js`;
}

/** The path's one segment after the answer path, or undefined when the request is not the route's. */
export function linkSegment(request: IncomingMessage, links: CallLinks): string | undefined {
  const pathname = (request.url ?? '').split(/[?#]/, 1)[0] ?? '';
  return pathname.startsWith(`${links.path}/`) ? pathname.slice(links.path.length + 1) : undefined;
}

/**
 * Serves a request under the answer path and returns true; false (nothing written) for any other
 * request, which stays the application's.
 */
export function serveAnswerRoute(request: IncomingMessage, response: ServerResponse, links: CallLinks, gate: LinkGate): boolean {
  const segment = linkSegment(request, links);
  if (segment === undefined) return false;
  const headers = pageHeaders(links.socketOrigin);
  const head = request.method === 'HEAD';
  if (request.method !== 'GET' && !head) {
    response.writeHead(405, { ...headers, allow: 'GET, HEAD' }).end();
    return true;
  }
  const locale = pageLocale(request.headers['accept-language']);
  const file = scriptFile(segment);
  if (file || segment === 'answer-page.css') {
    const body = file ? distFile(file) : Buffer.from(PAGE_CSS);
    if (!body) {
      response.writeHead(404, headers).end(head ? undefined : pageHtml('invalid', locale, links.path));
      return true;
    }
    const type = file ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8';
    response.writeHead(200, { 'content-type': type, 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff', 'content-length': body.length });
    response.end(head ? undefined : body);
    return true;
  }
  void gate(request, segment, false).then((verdict) => {
    const status = 'status' in verdict ? verdict.status : 200;
    const body = pageHtml(STATUS_PAGE[status] ?? 'invalid', locale, links.path);
    response.writeHead(status, { ...headers, vary: 'Accept-Language', 'content-length': Buffer.byteLength(body) }).end(head ? undefined : body);
  });
  return true;
}
