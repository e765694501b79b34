// A real MCP SDK McpServer and a real SDK Client, linked in the page by the SDK's InMemoryTransport;
// the Client's elicitations are rendered by the kit through elicitationHandler. The server's tools
// report what elicitInput returned (after the SDK's own validation of the result against the
// requested schema). The demo runs it, and so does the MCP SDK round-trip test.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ElicitationCompleteNotificationSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import '../../src/entries/interaction-host.js';
import { elicitationHandler } from '../../src/entries/adapters-mcp-sdk.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';

export interface McpLab {
  /** Calls one of the server's tools (`contact`, `cancellable`, `link`, `link-early`); resolves with what elicitInput returned. */
  call(name: string): Promise<unknown>;
  /** The server withdraws the elicitation of a tool (`notifications/cancelled`). */
  abort(name: string, reason: string): void;
  /** URLs the page was asked to open. */
  opened: string[];
  /** Elicitations the server reported complete before the user answered. */
  notified: string[];
}

/** Starts the server and the client, the client's elicitations rendered in `host`. */
export function startMcpLab(host: InteractionHost): McpLab {
  const server = new McpServer({ name: 'lab-server', version: '1.0.0' });
  const aborts = new Map<string, AbortController>();
  const report = (value: unknown) => ({ content: [{ type: 'text' as const, text: JSON.stringify(value) }] });
  const failure = (error: unknown) => report({ error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });

  server.registerTool('contact', { description: 'Asks for a contact in form mode' }, async () => {
    try {
      return report(await server.server.elicitInput({
        mode: 'form',
        message: 'Who should we notify?',
        requestedSchema: {
          type: 'object',
          properties: {
            name: { type: 'string', title: 'Name', minLength: 2 },
            age: { type: 'integer', title: 'Age', minimum: 18 },
            plan: { type: 'string', title: 'Plan', oneOf: [{ const: 'team', title: 'Team' }, { const: 'solo', title: 'Solo' }] },
          },
          required: ['name', 'plan'],
        },
      }));
    } catch (error) {
      return failure(error);
    }
  });

  server.registerTool('cancellable', { description: 'A form the server withdraws' }, async () => {
    const abort = new AbortController();
    aborts.set('cancellable', abort);
    try {
      return report(await server.server.elicitInput({ mode: 'form', message: 'Pick a branch', requestedSchema: { type: 'object', properties: { branch: { type: 'string' } } } }, { signal: abort.signal }));
    } catch (error) {
      return failure(error);
    }
  });

  const notified: string[] = [];
  for (const early of [false, true]) {
    server.registerTool(early ? 'link-early' : 'link', { description: 'Asks to open a link in URL mode' }, async () => {
      const id = `link-${early ? 'early' : 'late'}`;
      const notify = server.server.createElicitationCompletionNotifier(id);
      try {
        const pending = server.server.elicitInput({ mode: 'url', message: 'Connect your calendar', url: 'https://calendar.example.com/connect?state=abc', elicitationId: id });
        if (early) {
          // The out-of-band step finished before the user chose to open the link.
          await new Promise((resolve) => setTimeout(resolve, 50));
          await notify();
          notified.push(id);
        }
        const result = await pending;
        if (!early && result.action === 'accept') await notify();
        return report(result);
      } catch (error) {
        return failure(error);
      }
    });
  }

  const client = new Client({ name: 'kit-lab-client', version: '1.0.0' }, { capabilities: { elicitation: { form: {}, url: {} } } });
  const handler = elicitationHandler({ host, server: 'Lab MCP server' });
  client.setRequestHandler(ElicitRequestSchema, handler);
  client.setNotificationHandler(ElicitationCompleteNotificationSchema, handler.complete);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const ready = Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);

  const opened: string[] = [];
  return {
    async call(name: string) {
      await ready;
      const result = await client.callTool({ name, arguments: {} });
      return JSON.parse((result.content as { text: string }[])[0]!.text) as unknown;
    },
    abort(name: string, reason: string) {
      aborts.get(name)?.abort(reason);
    },
    opened,
    notified,
  };
}
