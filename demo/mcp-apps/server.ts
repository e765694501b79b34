// The kit's MCP server for the demo's MCP Apps host and its tests: an McpServer with
// registerInteractionTools, over Streamable HTTP (one session per client) on 127.0.0.1.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { registerInteractionTools, type InteractionToolsOptions } from '../../src/entries/mcp-app.js';

export interface McpAppServer {
  /** The Streamable HTTP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  /** Ids of the calls waiting for a person, across sessions. */
  pendingIds(): string[];
  close(): Promise<void>;
}

/** A browser page on any loopback origin may call it (the demo and the test pages). */
function corsHeaders(origin: string | undefined): Record<string, string> {
  if (!origin || !/^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(origin)) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers': 'content-type, accept, mcp-session-id, mcp-protocol-version, last-event-id',
    'access-control-expose-headers': 'mcp-session-id, mcp-protocol-version',
  };
}

async function webRequest(req: IncomingMessage, url: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
  return new Request(url, { method: req.method, headers, ...(body && req.method !== 'GET' ? { body } : {}) });
}

async function send(res: ServerResponse, response: Response, extra: Record<string, string>): Promise<void> {
  res.writeHead(response.status, { ...Object.fromEntries(response.headers), ...extra });
  if (!response.body) return void res.end();
  const reader = response.body.getReader();
  res.on('close', () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (done) break;
    res.write(value);
  }
  res.end();
}

export async function startMcpAppServer(options: InteractionToolsOptions & { port?: number } = {}): Promise<McpAppServer> {
  const sessions = new Map<string, { transport: WebStandardStreamableHTTPServerTransport; tools: ReturnType<typeof registerInteractionTools> }>();
  const http = createServer((req, res) => {
    const cors = corsHeaders(req.headers.origin);
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    if (!req.url?.startsWith('/mcp')) return void res.writeHead(404, cors).end();
    void (async () => {
      const id = req.headers['mcp-session-id'];
      let session = typeof id === 'string' ? sessions.get(id) : undefined;
      if (!session) {
        const server = new McpServer({ name: 'agent-interaction-kit', version: '0.1.0' });
        const tools = registerInteractionTools(server, options);
        const transport = new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: () => globalThis.crypto.randomUUID(),
          onsessioninitialized: (sessionId) => void sessions.set(sessionId, { transport, tools }),
          onsessionclosed: (sessionId) => {
            sessions.get(sessionId)?.tools.close();
            sessions.delete(sessionId);
          },
        });
        await server.connect(transport);
        session = { transport, tools };
      }
      const request = await webRequest(req, `http://127.0.0.1${req.url}`);
      await send(res, await session.transport.handleRequest(request), cors);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, cors);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    pendingIds: () => [...sessions.values()].flatMap((session) => session.tools.pendingIds),
    close: async () => {
      for (const session of sessions.values()) {
        session.tools.close();
        await session.transport.close();
      }
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
