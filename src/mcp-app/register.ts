import { getUiCapability, registerAppResource, registerAppTool } from '@modelcontextprotocol/ext-apps/server';
import type { CallToolResult, McpServer, ServerContext } from '@modelcontextprotocol/server';
import { toolDefinitions } from '../agent/tool-definitions.js';
import { systemClock, type Clock } from '../protocol/clock.js';
import { isRecord, type ToolName } from '../protocol/constants.js';
import type { WireContext } from '../protocol/context.js';
import { checkToolArguments } from '../protocol/tool-arguments.js';
import { deliverArtifacts, type DeliverFunction } from '../rules/artifacts/deliver.js';
import { prepareArtifacts } from '../rules/artifacts/prepare.js';
import { resolveContext } from '../rules/context.js';
import { normalizeToolCall } from '../rules/normalize.js';
import { argumentsDigest, formatCallId } from './call-id.js';
import { CARD_RESOURCE_MIME, CARD_RESOURCE_URI, RESPOND_TOOL } from './constants.js';
import { lenientSchema, RESPOND_INPUT_SCHEMA } from './input-schemas.js';
import { PendingCalls } from './pending-calls.js';
import { loadCardHtml, withContext } from './resource.js';
import { callToolResult, errorToolResult } from './tool-results.js';

export interface InteractionToolsOptions {
  /**
   * The conversation's context: `channel` decides whether `publish_artifacts` is
   * offered (Feishu, DingTalk and WeCom only), `run_mode` whether a questionnaire auto-selects at
   * its timeout, `requester` who the cards say asks. Default: desktop, execution.
   */
  context?: WireContext;
  /** Delivers one artifact where the credentials are; without it every item is skipped. */
  deliver?: DeliverFunction;
  /** Injected for tests; `Date.now` and real timers by default. */
  clock?: Clock;
  /** How long past a deadline the View's own timeout response is awaited (default 10,000 ms). */
  graceMs?: number;
  /** The card's HTML; default: the package's built `mcp-app/card.html`. */
  html?: string;
}

/** What `registerInteractionTools` leaves in the caller's hands. */
export interface InteractionTools {
  /** The calls waiting for a person, oldest first (their ids). */
  readonly pendingIds: string[];
  /** Ends every waiting call unanswered and clears its timer (when the server shuts down). */
  close(): void;
}

type ToolServer = Pick<McpServer, 'registerTool' | 'registerResource'> & { server?: Pick<McpServer['server'], 'getClientCapabilities' | 'oninitialized'> };

/** A client that told the server it does not render MCP Apps (unknown counts as rendering them). */
function declinesApps(server: ToolServer): boolean {
  const capabilities = server.server?.getClientCapabilities();
  return capabilities !== undefined && !getUiCapability(capabilities)?.mimeTypes?.includes(CARD_RESOURCE_MIME);
}

function argumentsError(tool: ToolName, args: unknown): CallToolResult | undefined {
  const issues = checkToolArguments(tool, args);
  if (issues.length === 0) return undefined;
  const article = (expected: string) => (expected === 'string' ? 'a' : 'an');
  return errorToolResult(`${issues.map((issue) => `${issue.path} must be ${article(issue.expected)} ${issue.expected}`).join('; ')}.`);
}

/**
 * Registers the kit's tools on an MCP server (`@modelcontextprotocol/server`'s McpServer), each
 * rendered by the host in the kit's card (`ui://agent-interaction-kit/card.html`), and the
 * app-only `interaction_respond` through which the card hands back the person's response:
 *
 * ```ts
 * const server = new McpServer({ name: 'deploy-bot', version: '1.0.0' });
 * registerInteractionTools(server, { context: { requester: 'deploy-bot' } });
 * ```
 *
 * An approval or input call stays pending until the card answers it (once: a second response is
 * refused), or until its deadline plus grace passes (the timeout policy's result); a call the host
 * cancels ends unanswered. Its result is the kit's tool result as `structuredContent`, with its
 * `content` as text for the model.
 */
export function registerInteractionTools(server: ToolServer, options: InteractionToolsOptions = {}): InteractionTools {
  const context = resolveContext(options.context);
  const calls = new PendingCalls({ clock: options.clock ?? systemClock, graceMs: options.graceMs });
  const html = withContext(options.html ?? loadCardHtml(), context);
  const ui = { resourceUri: CARD_RESOURCE_URI };

  registerAppResource(server, 'Interaction card', CARD_RESOURCE_URI, { description: "The kit's approval, question and artifact cards.", _meta: { ui: { prefersBorder: false } } }, () => ({
    contents: [{ uri: CARD_RESOURCE_URI, mimeType: CARD_RESOURCE_MIME, text: html, _meta: { ui: { prefersBorder: false } } }],
  }));

  for (const definition of toolDefinitions({ channel: context.channel, format: 'mcp' })) {
    const tool = definition.name;
    const config = { description: definition.description, inputSchema: lenientSchema(definition.inputSchema), _meta: { ui } };
    registerAppTool(server, tool, config, async (args: Record<string, unknown>, ctx: ServerContext): Promise<CallToolResult> => {
      const refused = argumentsError(tool, args);
      if (refused) return refused;
      if (tool === 'publish_artifacts') {
        const prepared = prepareArtifacts(args, context);
        return prepared.ok ? callToolResult(await deliverArtifacts(prepared, options.deliver)) : errorToolResult(prepared.error);
      }
      const id = formatCallId(await argumentsDigest(args), String(ctx.mcpReq.id));
      const request = normalizeToolCall(tool, args, { request_id: id, session_id: ctx.sessionId ?? '' }, context);
      const end = await calls.wait(request, ctx.sessionId, ctx.mcpReq.signal);
      // A cancelled request gets no response on the wire; this only ends the handler.
      return end.how === 'cancelled' ? errorToolResult('The call was cancelled.') : callToolResult(end.result);
    });
  }

  const respond = registerAppTool(
    server,
    RESPOND_TOOL,
    {
      description: "Hands the person's response from the kit's card back to the call it answers. Called by the card, never by the model.",
      inputSchema: lenientSchema(RESPOND_INPUT_SCHEMA),
      _meta: { ui: { ...ui, visibility: ['app'] } },
    },
    async (args: Record<string, unknown>, ctx: ServerContext): Promise<CallToolResult> => {
      if (declinesApps(server)) return errorToolResult(`${RESPOND_TOOL} answers only the kit's card, in a host that renders MCP Apps.`);
      const callId = args.call_id;
      if (typeof callId !== 'string' || callId === '') return errorToolResult('call_id must be a non-empty string.');
      if (!isRecord(args.response)) return errorToolResult('response must be an object.');
      const outcome = calls.respond(callId, args.response, ctx.sessionId);
      return outcome.ok ? callToolResult(outcome.result) : errorToolResult(outcome.error);
    },
  );

  // A host that renders no MCP Apps would show the app-only tool to its model: it is taken away.
  const inner = server.server;
  if (inner) {
    const previous = inner.oninitialized;
    inner.oninitialized = () => {
      if (declinesApps(server)) respond.disable();
      previous?.();
    };
  }

  return {
    get pendingIds() {
      return calls.pendingIds;
    },
    close: () => calls.close(),
  };
}
