// A real page for the framework round trips: esbuild bundles the page's entry with its framework
// (as an app's bundler would: the SDKs ship CommonJS dependencies the test runner's browser cannot
// load unbundled), a Node HTTP server on loopback serves it beside the app's own routes, and
// Debian's Chromium opens it through playwright-core.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
// @ts-expect-error a plain JS helper shared with the test runner
import { CHROMIUM_ARGS, ensureChromium } from '../../../scripts/chromium.js';

export type Route = (request: IncomingMessage, response: ServerResponse, body: string) => void | Promise<void>;

export interface PageLab {
  page: Page;
  url: string;
  /** Every browser console error and page error, so a test can assert the page stayed clean. */
  errors: string[];
  close(): Promise<void>;
}

const bundles = new Map<string, Promise<string>>();

/** The page's script: `entry` bundled, or, for a `.js` file, the bundle built beforehand. */
function bundle(entry: string): Promise<string> {
  let built = bundles.get(entry);
  if (!built && entry.endsWith('.js')) {
    built = readFile(entry, 'utf8');
    bundles.set(entry, built);
  }
  if (!built) {
    built = build({
      entryPoints: [entry], bundle: true, format: 'esm', platform: 'browser', target: 'es2022', write: false,
      jsx: 'automatic', define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'error',
    }).then((result) => result.outputFiles[0]!.text);
    bundles.set(entry, built);
  }
  return built;
}

let browser: Promise<Browser> | undefined;

/** Serves `entry` at `/` (with `routes` beside it) and opens it in Chromium, with `search` as its query. */
export async function openPage(entry: string, routes: Record<string, Route> = {}, search = ''): Promise<PageLab> {
  const script = await bundle(entry);
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      if (path === '/') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end('<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>lab</title></head><body><main id="app"></main><script type="module" src="/app.js"></script></body></html>');
      } else if (path === '/app.js') {
        response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
        response.end(script);
      } else if (routes[path]) {
        void Promise.resolve(routes[path](request, response, Buffer.concat(chunks).toString('utf8'))).catch((error: Error) => {
          if (!response.headersSent) response.writeHead(500);
          response.end(String(error.stack));
        });
      } else {
        response.writeHead(404);
        response.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser ??= chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  const context = await (await browser).newContext({ viewport: { width: 900, height: 900 }, locale: 'en-US' });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(url + search);
  return {
    page, url, errors,
    async close() {
      await context.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Closes the shared browser (call once, in the file's `after`). */
export async function closeBrowser(): Promise<void> {
  const open = browser;
  browser = undefined;
  await (await open)?.close();
}
