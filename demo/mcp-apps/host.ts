// A web MCP Apps host, as the spec describes one: a real MCP client connected to the server, and
// per tool call an iframe holding the sandbox proxy (on a second origin), which loads the View's
// HTML under the resource's CSP; the ext-apps AppBridge speaks to the View through it. The demo's
// MCP Apps page and the browser tests both use it.
import {
  AppBridge,
  getToolUiResourceUri,
  isToolVisibilityModelOnly,
  PostMessageTransport,
  RESOURCE_MIME_TYPE,
  type McpUiHostContext,
  type McpUiResourceCsp,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import { Client, StreamableHTTPClientTransport, type CallToolResult, type Tool } from '@modelcontextprotocol/client';
import { toTimeoutSeconds } from '../../src/rules/coerce.js';

const HOST_INFO = { name: 'agent-interaction-kit demo host', version: '0.1.0' };

/** What the sandbox proxy reports besides the relayed JSON-RPC (not JSON-RPC itself). */
export interface SandboxReport {
  type: 'aik-sandbox';
  event: 'csp-violation';
  directive: string;
  blocked: string;
}

export interface McpAppsHost {
  client: Client;
  tools: Map<string, Tool>;
  close(): Promise<void>;
}

/** Connects a client that renders MCP Apps (it says so in its capabilities). */
export async function connectHost(serverUrl: string): Promise<McpAppsHost> {
  const client = new Client(HOST_INFO, {
    capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [RESOURCE_MIME_TYPE] } } },
  } as ConstructorParameters<typeof Client>[1]);
  await client.connect(new StreamableHTTPClientTransport(new URL(serverUrl)));
  const { tools } = await client.listTools();
  return { client, tools: new Map(tools.map((tool) => [tool.name, tool])), close: () => client.close() };
}

export interface ToolCallOptions {
  /** Where the frame goes. */
  container: HTMLElement;
  /** The sandbox proxy page, on an origin other than this page's. */
  sandboxUrl: string;
  hostContext?: McpUiHostContext;
  /** Whether the View may call the server's tools (default true). */
  serverTools?: boolean;
  /** How a link the View asks to open is opened (default: a new tab, no opener). */
  openLink?: (url: string) => void;
}

/** One tool call and the View that shows it. */
export interface ToolCallView {
  frame: HTMLIFrameElement;
  bridge: AppBridge;
  /** The model's call: its result, or a rejection when it was cancelled. */
  result: Promise<CallToolResult>;
  /** CSP violations the sandbox saw in the View. */
  violations: SandboxReport[];
  /** Cancels the model's call (the host's stop button): the server and the View are told. */
  cancel(reason?: string): void;
}

/** Waits for the sandbox proxy in `frame` to say it is ready. */
function sandboxReady(frame: HTMLIFrameElement): Promise<void> {
  return new Promise((resolve) => {
    const listener = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow || event.data?.method !== 'ui/notifications/sandbox-proxy-ready') return;
      window.removeEventListener('message', listener);
      resolve();
    };
    window.addEventListener('message', listener);
  });
}

/**
 * Calls `name` as the model would and renders its View. The View may call only tools whose
 * visibility includes "app" (the spec's rule for hosts), and only through this server.
 */
export async function callWithView(host: McpAppsHost, name: string, args: Record<string, unknown>, options: ToolCallOptions): Promise<ToolCallView> {
  const tool = host.tools.get(name);
  const uri = tool && getToolUiResourceUri(tool);
  if (!tool || !uri) throw new Error(`${name} has no MCP Apps view on this server`);
  const abort = new AbortController();
  // A call waits for a person: the client's request timeout must outlast its deadline (read as the
  // kit reads it: 120 s by default, at most a day) and its grace.
  const seconds = toTimeoutSeconds(args.timeout_seconds);
  const result = host.client.callTool({ name, arguments: args }, { signal: abort.signal, timeout: (seconds + 30) * 1000 });
  const resource = await host.client.readResource({ uri });
  const content = resource.contents[0];
  if (!content || content.mimeType !== RESOURCE_MIME_TYPE || !('text' in content)) throw new Error(`${uri} is not an MCP Apps HTML resource`);
  const csp = (content._meta?.ui as { csp?: McpUiResourceCsp } | undefined)?.csp;

  const frame = document.createElement('iframe');
  frame.title = tool.title ?? tool.name;
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
  frame.style.cssText = 'display:block;width:100%;height:0;border:0;color-scheme:normal';
  const violations: SandboxReport[] = [];
  const onReport = (event: MessageEvent) => {
    if (event.source === frame.contentWindow && event.data?.type === 'aik-sandbox') violations.push(event.data as SandboxReport);
  };
  window.addEventListener('message', onReport);
  const ready = sandboxReady(frame);
  frame.src = options.sandboxUrl;
  options.container.append(frame);
  await ready;

  const bridge = new AppBridge(
    null,
    HOST_INFO,
    { openLinks: {}, logging: {}, ...(options.serverTools === false ? {} : { serverTools: {}, serverResources: {} }) },
    { hostContext: { toolInfo: { tool }, displayMode: 'inline', platform: 'web', ...options.hostContext } },
  );
  if (options.serverTools !== false) {
    bridge.oncalltool = async (params, extra) => {
      const target = host.tools.get(params.name);
      if (!target || isToolVisibilityModelOnly(target)) throw new Error(`${params.name} may not be called from a View`);
      return host.client.callTool(params, { signal: extra.mcpReq.signal }) as Promise<CallToolResult>;
    };
    bridge.onreadresource = async (params) => host.client.readResource(params);
  }
  bridge.onopenlink = async ({ url }) => {
    (options.openLink ?? ((href: string) => window.open(href, '_blank', 'noopener,noreferrer')))(url);
    return {};
  };
  bridge.onsizechange = ({ height }) => {
    if (height !== undefined) frame.style.height = `${height}px`;
  };
  const initialized = new Promise<void>((resolve) => bridge.addEventListener('initialized', () => resolve()));
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  await bridge.sendSandboxResourceReady({ html: content.text, ...(csp ? { csp } : {}) });
  await initialized;
  await bridge.sendToolInput({ arguments: args });
  result.then(
    (value) => void bridge.sendToolResult(value as CallToolResult),
    (error: unknown) => void bridge.sendToolCancelled({ reason: error instanceof Error ? error.message : String(error) }),
  );
  return { frame, bridge, result: result as Promise<CallToolResult>, violations, cancel: (reason = 'cancelled') => abort.abort(reason) };
}
