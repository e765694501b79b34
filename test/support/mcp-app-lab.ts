// The Node side of the MCP App browser tests: the kit's MCP servers (Node, and Python through
// python/tests/mcp_app_server.py) with injected clocks, driven by test pages through
// `executeServerCommand('mcp-app', …)`, and the sandbox proxy's CSP header. Bundled by the runner config.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { sandboxCsp } from '../../demo/mcp-apps/csp.js';
import { startMcpAppServer, type McpAppServer } from '../../demo/mcp-apps/server.js';
import type { WireContext } from '../../src/protocol/context.js';
import { FakeClock } from './fake-clock.js';

interface Lab {
  url: string;
  advance(ms: number): Promise<void>;
  pending(): Promise<string[]>;
  close(): Promise<void>;
}

export type McpAppCommand =
  | { action: 'server'; runtime: 'node' | 'python'; context?: WireContext }
  | { action: 'advance'; lab: number; ms: number }
  | { action: 'pending'; lab: number }
  | { action: 'close'; lab: number };

const labs = new Map<number, Lab>();
let nextLab = 1;

async function nodeLab(context: WireContext | undefined): Promise<Lab> {
  const clock = new FakeClock();
  const server: McpAppServer = await startMcpAppServer({ clock, context, html: readFileSync('dist/mcp-app/card.html', 'utf8') });
  return { url: server.url, advance: async (ms) => clock.advance(ms), pending: async () => server.pendingIds(), close: () => server.close() };
}

/** The Python server prints its URL, then answers one JSON command per line on stdin. */
async function pythonLab(context: WireContext | undefined): Promise<Lab> {
  const child: ChildProcess = spawn('.venv/bin/python', ['python/tests/mcp_app_server.py', JSON.stringify(context ?? {})], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const replies: ((line: string) => void)[] = [];
  lines.on('line', (line) => replies.shift()?.(line));
  const next = () => new Promise<string>((resolve) => replies.push(resolve));
  const ask = async (command: object) => {
    const reply = next();
    child.stdin!.write(`${JSON.stringify(command)}\n`);
    return JSON.parse(await reply) as { pending?: string[] };
  };
  const url = await next();
  return {
    url,
    advance: async (ms) => void (await ask({ advance: ms })),
    pending: async () => (await ask({ pending: true })).pending ?? [],
    close: async () => {
      child.kill();
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

export async function runMcpAppCommand(command: McpAppCommand): Promise<unknown> {
  if (command.action === 'server') {
    const lab = command.runtime === 'python' ? await pythonLab(command.context) : await nodeLab(command.context);
    const id = nextLab++;
    labs.set(id, lab);
    return { lab: id, url: lab.url };
  }
  const lab = labs.get(command.lab);
  if (!lab) throw new Error(`no MCP App lab ${command.lab}`);
  if (command.action === 'advance') return lab.advance(command.ms).then(() => true);
  if (command.action === 'pending') return lab.pending();
  labs.delete(command.lab);
  await lab.close();
  return true;
}

export async function closeAllMcpAppLabs(): Promise<void> {
  await Promise.all([...labs.values()].map((lab) => lab.close()));
  labs.clear();
}

/** The CSP header for the sandbox proxy pages (the spec's default: card.html declares no domains). */
export const SANDBOX_CSP = sandboxCsp();
