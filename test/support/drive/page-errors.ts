// A page's errors, recorded by the page itself (no driver's console events are the same in all
// engines): the first script of its <head> keeps every console.error, uncaught error and
// unhandled rejection in `window.__pageErrors`, which `pageErrors()` reads.
import type { Page } from './page.js';

const RECORDER = `<script>(() => {
  const errors = (window.__pageErrors = []);
  const error = console.error.bind(console);
  console.error = (...args) => { errors.push('console: ' + args.map(String).join(' ')); error(...args); };
  addEventListener('error', (event) => errors.push('page error: ' + event.message));
  addEventListener('unhandledrejection', (event) => errors.push('page error: ' + String(event.reason)));
})();</script>`;

/** The HTML with the recorder as the first thing in its <head>. */
export function withErrorRecorder(html: string): string {
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${RECORDER}`) : `${RECORDER}${html}`;
}

export const pageErrors = (page: Page) => page.run<string[]>('window.__pageErrors ?? ["the error recorder is missing"]');
