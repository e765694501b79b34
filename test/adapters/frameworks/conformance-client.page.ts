// The browser side of the conformance client: an MCP host page whose client (the 1.x SDK's, or the
// v2 client, by `?sdk=`) reaches the suite's server through the page's own origin, and whose
// elicitations the kit's handler shows in an <interaction-host>. `window.run()` connects, waits for
// the client's background stream (where the suite's server sends its elicitation), and calls each
// of the server's tools in turn.
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitationCompleteNotificationSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import '../../../src/entries/interaction-host.js';
import { elicitationHandler } from '../../../src/entries/adapters-mcp-sdk.js';
import type { InteractionHost } from '../../../src/host/interaction-host.js';

const host = document.createElement('interaction-host') as InteractionHost;
host.locale = 'en';
document.querySelector('#app')!.append(host);

const sdk = new URLSearchParams(location.search).get('sdk') === 'v2' ? 'v2' : 'v1';
const info = { name: `agent-interaction-kit-conformance-${sdk}`, version: '1.0.0' };
const capabilities = { elicitation: { form: {}, url: {} } };
const endpoint = new URL('/mcp', location.href);
const handler = elicitationHandler({ host, server: 'Conformance server' });

interface Connected {
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

async function connect(): Promise<Connected> {
  if (sdk === 'v2') {
    const client = new ClientV2(info, { capabilities });
    client.setRequestHandler('elicitation/create', handler);
    await client.connect(new TransportV2(endpoint));
    return client;
  }
  const client = new ClientV1(info, { capabilities });
  client.setRequestHandler(ElicitRequestSchema, handler);
  client.setNotificationHandler(ElicitationCompleteNotificationSchema, handler.complete);
  await client.connect(new TransportV1(endpoint));
  return client;
}

async function run(): Promise<unknown[]> {
  const client = await connect();
  await fetch('/stream-open'); // answers once the server's stream to the client is open
  const results: unknown[] = [];
  for (const tool of (await client.listTools()).tools) results.push(await client.callTool({ name: tool.name, arguments: {} }));
  await client.close();
  return results;
}

Object.assign(window, { run });
