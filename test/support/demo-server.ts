// The demo as `npm start` serves it, for the tests that visit it: Vite serving demo/ with the mock
// runtime behind /runtime, on ports of their own.
import { createServer, type Plugin } from 'vite';
import { startMockRuntime } from '../../demo/mock-runtime.js';
import type { Page } from './drive/page.js';

export interface DemoServer {
  /** The demo page's URL, ending in `/`. */
  base: string;
  /** Closes Vite, then the mock runtime. */
  close(): Promise<void>;
}

/** Starts the mock runtime and Vite in front of it, with `plugins` beside the demo's own. */
export async function startDemo(plugins: Plugin[] = []): Promise<DemoServer> {
  const runtime = await startMockRuntime();
  const vite = await createServer({
    configFile: new URL('../../vite.config.ts', import.meta.url).pathname,
    plugins,
    server: { port: 0, proxy: { '/runtime': { target: `http://127.0.0.1:${runtime.port}`, ws: true, rewrite: (p: string) => p.replace(/^\/runtime/, '') } } },
    logLevel: 'error',
  });
  try {
    await vite.listen();
  } catch (error) {
    await runtime.close();
    throw error;
  }
  return {
    base: vite.resolvedUrls!.local[0]!,
    async close() {
      await vite.close();
      await runtime.close();
    },
  };
}

/** Opens `url` as a visitor who left these settings on an earlier visit (its language, its theme). */
export async function visitWithSettings(page: Page, url: string, settings: Record<string, string>): Promise<void> {
  await page.goto(url);
  await page.run(`localStorage.setItem('aik-demo-settings', ${JSON.stringify(JSON.stringify(settings))})`);
  await page.goto(url);
}
