// Prints, as one JSON object, the Node runtime's answer pages (every kind in every locale), the
// locale it picks for a list of Accept-Language headers, its stylesheet and its page headers:
// python/tests/test_answer_page_html.py checks that the Python runtime serves the same bytes.
import { PAGE_CSS, PAGE_LOCALES, pageHtml, pageLocale, type PageKind } from '../../src/agent/links/answer-page-html.js';
import { pageHeaders } from '../../src/agent/links/answer-route.js';
import { createCallLinks } from '../../src/agent/links/call-links.js';

const KINDS: PageKind[] = ['answer', 'invalid', 'expired', 'signIn'];
const BASES = ['/agent/answer', '/a"<b>&\'c'];
const ACCEPT = ['', 'en', 'en-GB,en;q=0.9,zh;q=0.8', 'zh-HK', 'zh-Hant-TW', 'zh-Hans-HK', 'zh-SG', 'pt-PT', 'xx, he;q=0.5', 'fr;q=0, de;q=0.1', '*', 'ja;q=abc, ko', 'AR-eg', 'es-419;q=0.3,ru;q=0.3'];
const BASE_URLS = ['https://agents.example.com', 'http://127.0.0.1:5173/', 'https://Agents.Example.com:443/app', 'http://[::1]:8080'];

const pages = Object.fromEntries(PAGE_LOCALES.flatMap((locale) => KINDS.flatMap((kind) => BASES.map((base) => [`${kind} ${locale} ${base}`, pageHtml(kind, locale, base)]))));
const locales = Object.fromEntries(ACCEPT.map((header) => [header, pageLocale(header || undefined)]));
const headers = Object.fromEntries(BASE_URLS.map((baseUrl) => [baseUrl, pageHeaders(createCallLinks({ secret: 'x'.repeat(32), baseUrl }).socketOrigin)]));
process.stdout.write(JSON.stringify({ pages, locales, css: PAGE_CSS, headers }));
