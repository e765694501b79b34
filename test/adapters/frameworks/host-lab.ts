// The shared set-up of the round trips that answer a framework through the kit's runtime side
// (OpenAI Agents SDK, LangGraph): a real agent server on loopback, and host.page.ts in Chromium
// connected to one of its sessions, shown connected before any test begins.
import type { Page } from 'playwright-core';
import { createAgentServer, type AgentServer } from '../../../src/agent/ws-server.js';
import { closeBrowser, openPage } from './page-lab.js';

const ENTRY = new URL('./host.page.ts', import.meta.url).pathname;

export interface HostLab {
  server: AgentServer;
  page: Page;
  /** Every browser console error and page error, so a test can assert the page stayed clean. */
  errors: string[];
  /** Closes the page, the browser and the server. */
  close(): Promise<void>;
}

export async function openHostLab(session: string): Promise<HostLab> {
  const server = await createAgentServer({ port: 0, host: '127.0.0.1', contextFor: () => ({ channel: 'desktop', locale: 'en' }) });
  const lab = await openPage(ENTRY, {}, `?ws=${encodeURIComponent(`ws://127.0.0.1:${server.port}/agent/sessions/${session}`)}`);
  await lab.page.getByRole('status').filter({ hasText: 'Connected' }).waitFor();
  return {
    server,
    page: lab.page,
    errors: lab.errors,
    close: async () => {
      await lab.close();
      await closeBrowser();
      await server.close();
    },
  };
}
