// The demo's mock agent runtime, built on src/agent: an HTTP + WebSocket server on 127.0.0.1.
// WebSocket `/agent/sessions/<id>` is the kit's connection; `POST /scenario` makes the runtime
// call a tool (see scenarios.ts; a batch calls several at once), `POST /drop` cuts the session's connection, `GET /results` lists
// what came back. The `mcp-*` scenarios speak MCP elicitation (JSON-RPC 2.0) on the same socket.
// WebSocket `/agent/inbox` is the inbox page's, and `POST /agents` starts its agents (inbox-agents.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { WebSocket } from 'ws';
import { createAgentServer } from '../src/agent/ws-server.js';
import type { WireContext } from '../src/protocol/context.js';
import { BATCHES, FILES, MCP_SCENARIOS, SCENARIOS, wordsFor } from './scenarios.js';
import { frameworkRoutes } from './frameworks/routes.js';
import { startInboxAgents, visitorOf } from './inbox-agents.js';

/** A small chart the runtime serves, so the artifacts scenario has a real image to preview. */
const CHART_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 160" width="640" height="320">
<rect width="320" height="160" fill="#f4f6f8"/><g fill="#2554d6">
<rect x="30" y="90" width="28" height="50" rx="3"/><rect x="80" y="70" width="28" height="70" rx="3"/>
<rect x="130" y="80" width="28" height="60" rx="3"/><rect x="180" y="45" width="28" height="95" rx="3"/>
<rect x="230" y="30" width="28" height="110" rx="3"/></g><path d="M20 140h280" stroke="#8c959f"/></svg>`;

export interface ScenarioRun {
  callId: string;
  scenario: string;
  session: string;
  status: 'pending' | 'resolved' | 'rejected';
  result?: unknown;
  error?: { name: string; message: string; code?: string };
}

export interface MockRuntime {
  port: number;
  wsUrl(session: string): string;
  run(scenario: string, session: string, context?: WireContext): Promise<ScenarioRun>;
  drop(session: string): number;
  /** The runtime withdraws a call now (the `cancel` scenario does it after a few seconds). */
  cancel(callId: string): void;
  runs: ScenarioRun[];
  close(): Promise<void>;
}

async function body(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  try {
    return JSON.parse(text || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
}

function reply(response: ServerResponse, status: number, data: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(data));
}

export async function startMockRuntime(options: { port?: number; log?: (line: string) => void } = {}): Promise<MockRuntime> {
  const log = options.log ?? (() => undefined);
  const http = createServer();
  const agent = await createAgentServer({
    server: http,
    contextFor: () => ({ channel: 'feishu', run_mode: 'execution', locale: 'zh-CN', requester: 'demo-agent' }),
    // Every connection is a person: the inbox page's visitor (its `as`), else the demo's one person.
    authorize: visitorOf,
    inbox: {},
  });
  const runs: ScenarioRun[] = [];
  const aborts = new Map<string, AbortController>();
  let counter = 0;
  let port = 0;

  const socketsOf = (session: string) =>
    [...agent.wss.clients].filter((client) => (client as unknown as { aikSession?: string }).aikSession === session);
  /** JSON-RPC requests in flight, by id: answered when the kit's reply comes back on the socket. */
  const elicitations = new Map<number, { entry: ScenarioRun; session: string; completeAfterSeconds?: number; elicitationId?: unknown }>();
  let rpcId = 0;

  function elicit(name: string, session: string, locale: string | undefined): ScenarioRun {
    const scenario = MCP_SCENARIOS[name]!;
    const id = (rpcId += 1);
    const entry: ScenarioRun = { callId: `${name}-rpc-${id}`, scenario: name, session, status: 'pending' };
    runs.push(entry);
    const params = scenario.params(wordsFor(locale));
    elicitations.set(id, { entry, session, completeAfterSeconds: scenario.completeAfterSeconds, elicitationId: params.elicitationId });
    const message = JSON.stringify({ jsonrpc: '2.0', id, method: 'elicitation/create', params });
    for (const socket of socketsOf(session)) socket.send(message);
    log(`runtime → ${name} (JSON-RPC ${id})`);
    return entry;
  }

  /** The kit's JSON-RPC reply: the elicitation's result (or error); a URL accept completes later. */
  function onReply(data: unknown): void {
    let message: { jsonrpc?: unknown; id?: unknown; result?: { action?: string }; error?: unknown };
    try {
      message = JSON.parse(String(data)) as typeof message;
    } catch {
      return;
    }
    const pending = message.jsonrpc === '2.0' && typeof message.id === 'number' ? elicitations.get(message.id) : undefined;
    if (!pending) return;
    elicitations.delete(message.id as number);
    Object.assign(pending.entry, message.error ? { status: 'rejected', error: message.error } : { status: 'resolved', result: message.result });
    log(`runtime ← JSON-RPC ${String(message.id)}: ${JSON.stringify(message.result ?? message.error)}`);
    if (pending.completeAfterSeconds && message.result?.action === 'accept') {
      const complete = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/elicitation/complete', params: { elicitationId: pending.elicitationId } });
      setTimeout(() => socketsOf(pending.session).forEach((socket) => socket.send(complete)), pending.completeAfterSeconds * 1000).unref();
    }
  }

  async function run(name: string, session: string, context: WireContext = {}): Promise<ScenarioRun> {
    // The page's language (its `context.locale`) picks the words of the call.
    if (Object.hasOwn(MCP_SCENARIOS, name)) return elicit(name, session, context.locale ?? undefined);
    const scenario = SCENARIOS[name];
    if (!scenario) throw new Error(`unknown scenario ${name}`);
    const callId = `${name}-${(counter += 1)}`;
    const entry: ScenarioRun = { callId, scenario: name, session, status: 'pending' };
    runs.push(entry);
    if (runs.length > 500) runs.shift();
    const abort = new AbortController();
    aborts.set(callId, abort);
    if (scenario.cancelAfterSeconds) setTimeout(() => abort.abort(), scenario.cancelAfterSeconds * 1000).unref();
    log(`runtime → ${name} (${callId})`);
    const args = JSON.parse(JSON.stringify(scenario.args(wordsFor(context.locale ?? undefined))).replaceAll(FILES, `http://127.0.0.1:${port}/files/`)) as Record<string, unknown>;
    agent
      .session(session)
      .callTool(scenario.tool, args, { callId, signal: abort.signal, context: { ...context, ...scenario.context }, grant: scenario.grant })
      .then(
        (result) => {
          Object.assign(entry, { status: 'resolved', result });
          log(`runtime ← ${callId}: ${'content' in result ? result.content : JSON.stringify(result)}`);
        },
        (error: Error & { code?: string }) => {
          Object.assign(entry, { status: 'rejected', error: { name: error.name, message: error.message, code: error.code } });
          log(`runtime ✕ ${callId}: ${error.name}`);
        },
      );
    return entry;
  }

  function drop(session: string): number {
    let dropped = 0;
    for (const client of agent.wss.clients) {
      const url = (client as unknown as { aikSession?: string }).aikSession;
      if (url === session) {
        client.terminate();
        dropped += 1;
      }
    }
    log(`runtime ✂ dropped ${dropped} connection(s) of ${session}`);
    return dropped;
  }
  const frameworks = frameworkRoutes(agent, log);
  agent.wss.on('connection', (socket: WebSocket, request) => {
    (socket as unknown as { aikSession?: string }).aikSession = /\/sessions\/([^/?#]+)/.exec(request.url ?? '')?.[1];
    socket.on('message', onReply);
  });

  http.on('request', async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://runtime');
    try {
      if (request.method === 'POST' && url.pathname === '/scenario') {
        const data = await body(request);
        const [name, session, context] = [String(data.name), String(data.session ?? 'demo'), (data.context ?? {}) as WireContext];
        // A batch's calls go out together, each with its own call id.
        const batch = Object.hasOwn(BATCHES, name) ? BATCHES[name] : undefined;
        reply(response, 202, batch ? await Promise.all(batch.map((each) => run(each, session, context))) : await run(name, session, context));
      } else if (request.method === 'POST' && url.pathname === '/agents') {
        const data = await body(request);
        const visitor = visitorOf({ url: `/?as=${encodeURIComponent(String(data.visitor ?? ''))}` } as IncomingMessage).actor;
        reply(response, 202, await startInboxAgents(agent, run, visitor, String(data.locale ?? 'zh-CN')));
      } else if (request.method === 'POST' && url.pathname === '/drop') {
        const data = await body(request);
        reply(response, 200, { dropped: drop(String(data.session ?? 'demo')) });
      } else if (request.method === 'GET' && url.pathname === '/files/chart.svg') {
        response.writeHead(200, { 'content-type': 'image/svg+xml', 'access-control-allow-origin': '*' });
        response.end(CHART_SVG);
      } else if (request.method === 'GET' && url.pathname === '/results') {
        reply(response, 200, runs.filter((r) => r.session === (url.searchParams.get('session') ?? 'demo')));
      } else if (!(await frameworks.handle(request, response, url, () => body(request)))) {
        reply(response, 404, { error: 'not found' });
      }
    } catch (error) {
      reply(response, 400, { error: (error as Error).message });
    }
  });

  await new Promise<void>((resolve) => http.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = http.address();
  port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    wsUrl: (session) => `ws://127.0.0.1:${port}/agent/sessions/${session}`,
    run,
    drop,
    runs,
    cancel: (callId) => aborts.get(callId)?.abort(),
    close: async () => {
      await agent.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
