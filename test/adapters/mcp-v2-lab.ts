// A v2 MCP server (`@modelcontextprotocol/server`) and a v2 client (`@modelcontextprotocol/client`)
// in one page, in either revision: 2025-11-25 over the SDK's in-memory pair, where the server's
// legacy shim turns the tool's `input_required` result into `elicitation/create` requests; and
// 2026-07-28 through the server's own web-standard HTTP handler (`createMcpHandler`), which the
// client's Streamable HTTP transport reaches through an in-page `fetch`, where the client itself
// fulfils `input_required` and retries the call with `inputResponses` and the `requestState`.
// `account` asks twice: a form, then a second form that names the first answer. `sign` asks for a
// link (URL mode); once the person consents, the call waits for the out-of-band step, which the
// test finishes (`lab.finishSigning()`), or for the client to cancel it.
import { Client, InMemoryTransport as ClientMemory, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { acceptedContent, createMcpHandler, inputRequired, McpServer, type ElicitRequestFormParams } from '@modelcontextprotocol/server';

type FormSchema = ElicitRequestFormParams['requestedSchema'];

export type Revision = '2025-11-25' | '2026-07-28';
/** What the client's elicitation handler is: the kit's, or a test's stand-in. */
export type Handler = (request: { method: 'elicitation/create'; params: object }, ctx: { mcpReq: { signal: AbortSignal } }) => Promise<object>;

/** The first round's form: every enum shape MCP has, and a default to keep. */
export const FIRST_SCHEMA: FormSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2 },
    plan: { type: 'string', title: 'Plan', oneOf: [{ const: 'team', title: 'Team' }, { const: 'solo', title: 'Solo' }] },
    seats: { type: 'integer', title: 'Seats', minimum: 1, default: 3 },
  },
  required: ['name', 'plan'],
};

export const SECOND_SCHEMA: FormSchema = {
  type: 'object',
  properties: { confirm: { type: 'boolean', title: 'Send the invoice now' } },
  required: ['confirm'],
};

export const SIGN_URL = 'https://sign.example.com/contract/42';

/** What the lab's `sign` tool saw: consent, and how its wait ended. */
export interface Signing {
  consented: boolean;
  /** The server's view of the call's abort signal (the client cancelled it). */
  cancelled: boolean;
  finish?: () => void;
}

function labServer(revision: Revision, signing: Signing): McpServer {
  const server = new McpServer({ name: 'lab-v2-server', version: '2.0.0' }, revision === '2026-07-28' ? { supportedProtocolVersions: ['2026-07-28'] } : {});
  server.registerTool('account', { description: 'Opens an account in two rounds of questions' }, async (ctx) => {
    const responses = ctx.mcpReq.inputResponses;
    const state = ctx.mcpReq.requestState<string>();
    const first = acceptedContent(responses, 'account');
    const second = responses?.confirm;
    const said = (value: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(value) }] });
    if (second) return said({ first: JSON.parse(state ?? 'null') as unknown, second });
    if (first) {
      return inputRequired({
        inputRequests: { confirm: inputRequired.elicit({ message: `Invoice ${String(first.name)} now?`, requestedSchema: SECOND_SCHEMA }) },
        requestState: JSON.stringify(first),
      });
    }
    const refused = responses?.account;
    if (refused) return said({ first: refused });
    return inputRequired({ inputRequests: { account: inputRequired.elicit({ message: 'Who is the account for?', requestedSchema: FIRST_SCHEMA }) } });
  });
  server.registerTool('sign', { description: 'Has a contract signed out of band' }, async (ctx) => {
    const consent = ctx.mcpReq.inputResponses?.contract as { action?: string } | undefined;
    if (!consent) return inputRequired({ inputRequests: { contract: inputRequired.elicitUrl({ message: 'Sign the contract', url: SIGN_URL }) } });
    if (consent.action !== 'accept') return { content: [{ type: 'text' as const, text: JSON.stringify({ signed: false, action: consent.action }) }] };
    signing.consented = true;
    await new Promise<void>((resolve) => {
      signing.finish = resolve;
      ctx.mcpReq.signal.addEventListener('abort', () => {
        signing.cancelled = true;
        resolve();
      });
    });
    return { content: [{ type: 'text' as const, text: JSON.stringify({ signed: !signing.cancelled }) }] };
  });
  return server;
}

export interface V2Lab {
  revision: Revision;
  /** The protocol version the client and server agreed on. */
  version: string | undefined;
  /** In 2026-07-28, the `tools/call` requests' params as the client posted them (the first call and its retries). */
  calls: Record<string, unknown>[];
  /** What the `sign` tool saw. */
  signing: Signing;
  /** Calls a tool (`account` by default); resolves with what it reported, or the error's message. */
  call(name?: 'account' | 'sign', signal?: AbortSignal): Promise<unknown>;
  close(): Promise<void>;
}

/** Connects a v2 client, whose elicitations `handler` answers, to the lab's server in `revision`. */
export async function startV2Lab(revision: Revision, handler: Handler): Promise<V2Lab> {
  const capabilities = { elicitation: { form: {}, url: {} } };
  let client: Client;
  let closeServer: () => Promise<void>;
  const calls: Record<string, unknown>[] = [];
  // In 2026-07-28, each HTTP exchange in a line, for the message of a connection that failed.
  const exchanges: string[] = [];
  const signing: Signing = { consented: false, cancelled: false };
  if (revision === '2026-07-28') {
    const http = createMcpHandler(() => labServer(revision, signing), { legacy: 'reject' });
    client = new Client({ name: 'kit-v2-client', version: '1.0.0' }, { capabilities, versionNegotiation: { mode: { pin: '2026-07-28' } } });
    const transport = new StreamableHTTPClientTransport(new URL('http://lab.invalid/mcp'), {
      fetch: async (url, init) => {
        const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string; params?: Record<string, unknown> }) : undefined;
        if (body?.method === 'tools/call' && body.params) calls.push(body.params);
        // The body goes in parsed as well: Firefox's Request has no readable `body` stream for the handler to read.
        const response = await http.fetch(new Request(url, init), body ? { parsedBody: body } : {});
        exchanges.push(`${String(init?.method)} ${String(init?.body).slice(0, 300)} ${JSON.stringify([...new Headers(init?.headers).entries()])} → ${response.status} ${(await response.clone().text()).slice(0, 300)}`);
        return response;
      },
    });
    client.setRequestHandler('elicitation/create', handler as never);
    await client.connect(transport).catch((error: Error) => {
      throw new Error(`${error.message}\n${exchanges.join('\n')}`);
    });
    closeServer = () => http.close();
  } else {
    const server = labServer(revision, signing);
    client = new Client({ name: 'kit-v2-client', version: '1.0.0' }, { capabilities });
    client.setRequestHandler('elicitation/create', handler as never);
    const [clientEnd, serverEnd] = ClientMemory.createLinkedPair();
    await server.connect(serverEnd);
    await client.connect(clientEnd);
    closeServer = () => server.close();
  }
  return {
    revision,
    version: client.getNegotiatedProtocolVersion?.(),
    calls,
    signing,
    async call(name = 'account', signal) {
      try {
        const result = await client.callTool({ name, arguments: {} }, signal ? { signal } : {});
        return JSON.parse((result.content as { text: string }[])[0]!.text) as unknown;
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    },
    async close() {
      await client.close();
      await closeServer();
    },
  };
}
