// The answer link's page served by the real Node runtime, for the tests that open it in a browser:
// an HTTP server on 127.0.0.1 with the runtime's links behind it, the audit it records, and
// pending approvals whose links a phone opens.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuditRecord } from '../../src/agent/audit.js';
import { createAgentServer, type AgentServer, type AgentServerOptions } from '../../src/agent/ws-server.js';

/** The phones the page is checked on: a common one and the narrowest the kit supports. */
export const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
] as const;

export interface PendingLink {
  link: string;
  id: string;
  /** The call's result, once answered (its rejection is handled: an unanswered call is not a failure). */
  result: Promise<unknown>;
}

export interface AnswerPageServer {
  /** `http://127.0.0.1:<port>`, the links' base URL. */
  base: string;
  kit: AgentServer;
  /** Every audit record the runtime wrote, in order. */
  audit: AuditRecord[];
  /** A new pending medium approval, its call id `<prefix>-<n>` in session `s-<id>`, and its link. */
  pendingLink(prefix: string, message?: string): PendingLink;
  close(): Promise<void>;
}

/**
 * Starts the runtime with links signed by `secret` (and any other of its options: a grace, the
 * sessions' context); the answer page's script must be built (`npm run build`).
 */
export async function answerPageServer(secret: string, options: Omit<AgentServerOptions, 'server' | 'links' | 'audit'> = {}): Promise<AnswerPageServer> {
  assert.ok(existsSync(new URL('../../dist/answer-page.js', import.meta.url)), 'dist/answer-page.js is built (npm run build)');
  const http = createServer();
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const audit: AuditRecord[] = [];
  const kit = await createAgentServer({ log: () => undefined, ...options, server: http, links: { secret, baseUrl: base }, audit: (record) => void audit.push(record) });
  http.on('request', (request, response) => kit.handleRequest(request, response) || response.writeHead(404).end());
  let calls = 0;
  return {
    base,
    kit,
    audit,
    pendingLink(prefix, message = 'Deploy checkout 2.3 to production?') {
      calls += 1;
      const id = `${prefix}-${calls}`;
      const agent = kit.session(`s-${id}`);
      const result = agent.callTool('request_user_approval', { message, severity: 'medium', timeout_seconds: 600 }, { callId: id });
      result.catch(() => undefined);
      return { link: agent.linkFor(id)!, id, result };
    },
    async close() {
      await kit.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
