// The page side of the MCP App tests: a lab server (Node or Python), the demo's MCP Apps host
// (AppBridge, sandbox proxy on a second origin, a real MCP client), and the probe that reads the
// View by roles and names. Keys are real (test/support/keyboard.ts, the same in every engine);
// nothing reaches into the View's DOM.
import { waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import { callWithView, connectHost, type McpAppsHost, type ToolCallView } from '../../demo/mcp-apps/host.js';
import type { WireContext } from '../../src/protocol/context.js';
import type { ProbeRequest } from './sandbox-probe.js';
import { press as pressKey, type as typeKeys } from '../support/keyboard.js';

export type Runtime = 'node' | 'python';

// ext-apps' PostMessageTransport logs every message with console.debug, the View's whole HTML
// among them: the runner would carry megabytes of logs per test to its terminal.
console.debug = () => undefined;

/** How long the View may take to show something (its first load parses the whole card.html). */
export const SHOWN = { timeout: 8000, interval: 40 };

export interface Lab {
  lab: number;
  url: string;
  host: McpAppsHost;
  advance(ms: number): Promise<void>;
  pending(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startLab(runtime: Runtime, context?: WireContext): Promise<Lab> {
  const { lab, url } = (await executeServerCommand('mcp-app', { action: 'server', runtime, context })) as { lab: number; url: string };
  const host = await connectHost(url);
  return {
    lab,
    url,
    host,
    advance: async (ms) => void (await executeServerCommand('mcp-app', { action: 'advance', lab, ms })),
    pending: async () => (await executeServerCommand('mcp-app', { action: 'pending', lab })) as string[],
    close: async () => {
      await host.close();
      await executeServerCommand('mcp-app', { action: 'close', lab });
    },
  };
}

/** The sandbox proxy on the page's other origin: `localhost` when the page is on 127.0.0.1. */
export function sandboxUrl(): string {
  return `${location.protocol}//localhost:${location.port}/test/mcp-app/sandbox.html`;
}

export interface OpenOptions {
  hostContext?: McpUiHostContext;
  serverTools?: boolean;
  openLink?: (url: string) => void;
}

/** The model calls `tool`; the View opens in a frame on the page. */
export async function openView(lab: Lab, tool: string, args: Record<string, unknown>, options: OpenOptions = {}): Promise<ToolCallView> {
  const container = document.createElement('div');
  container.style.width = '560px';
  document.body.append(container);
  // A Chinese host unless a test names another language: the suite finds controls by their
  // Chinese names, and without a host locale the View would follow the browser's (en-US here).
  const hostContext = { locale: 'zh-CN', ...options.hostContext };
  return callWithView(lab.host, tool, args, { container, sandboxUrl: sandboxUrl(), ...options, hostContext });
}

let nextProbe = 1;

/** How long a probe waits for its reply before it counts as unanswered. */
const PROBE_WAIT_MS = 500;

/**
 * Asks the probe in the View's sandbox; `undefined` when no reply comes within PROBE_WAIT_MS. A
 * question posted while the sandbox frame is still loading reaches a window that is about to be
 * replaced, and is never answered: without the wait, a `waitUntil` on it would hang on that one
 * question until its timeout instead of asking again (seen in Firefox on a loaded machine).
 */
export function probe<T>(view: ToolCallView, request: ProbeRequest): Promise<T | undefined> {
  const id = nextProbe++;
  return new Promise<T | undefined>((resolve) => {
    const done = (value: T | undefined) => {
      clearTimeout(timer);
      window.removeEventListener('message', listener);
      resolve(value);
    };
    const listener = (event: MessageEvent) => {
      if (event.source !== view.frame.contentWindow || event.data?.type !== 'aik-probe-reply' || event.data.id !== id) return;
      done(event.data.value as T);
    };
    const timer = setTimeout(() => done(undefined), PROBE_WAIT_MS);
    window.addEventListener('message', listener);
    view.frame.contentWindow?.postMessage({ type: 'aik-probe', id, request }, '*');
  });
}

type Control = { role: 'button' | 'radio' | 'checkbox' | 'textbox' | 'link'; name: string };

/** Waits until the View shows the control, focuses it and presses `key` on it (a real key, by Playwright's names: `Enter`, `Space`). */
export async function press(view: ToolCallView, control: Control, key = 'Enter'): Promise<void> {
  await waitUntil(() => probe<boolean>(view, { op: 'has', ...control }), `no ${control.role} named ${control.name} in the View`, SHOWN);
  // Focus enters the frames from this page, as a click or Tab would bring it.
  view.frame.focus();
  // WebKit lets a frame of another origin than the page's take focus from a script only once the
  // user has interacted with it: a real Tab into the View is that interaction.
  if (!(await probe<boolean>(view, { op: 'focus', ...control }))) await pressKey('Tab');
  await waitUntil(() => probe<boolean>(view, { op: 'focus', ...control }), `could not focus the ${control.role} named ${control.name}`, SHOWN);
  await pressKey(key);
}

/** Types into the focused control of the View, with real keys. */
export async function type(text: string): Promise<void> {
  await typeKeys(text);
}

/** Waits until the View's text (as read aloud) contains `text`. */
export async function viewSays(view: ToolCallView, text: string): Promise<void> {
  await waitUntil(async () => (await probe<string>(view, { op: 'text' }))?.includes(text) === true, `the View never said ${text}`, SHOWN);
}
