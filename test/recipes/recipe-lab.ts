// The README's server recipes (*Inside your server*), run as written: each block is written into
// a scratch folder beside the packed package (so `agent-interaction-kit/agent` is the tarball's)
// and started as its own Node process on a free port; the test drives it from Chromium and `ws`.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { root, type Packed } from '../package/packed.js';

export const RECIPES = ['Express', 'Fastify', 'Hono'] as const;
export type RecipeName = (typeof RECIPES)[number];

/** The first TypeScript block under `### <name>` in the README's *Inside your server* section. */
export function recipeSource(name: RecipeName): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.split(/^## Inside your server\b.*$/m)[1]?.split(/^## /m)[0] ?? '';
  const part = section.split(/^### /m).find((each) => each.startsWith(`${name}\n`)) ?? '';
  const code = /^```ts\n([\s\S]*?)^```$/m.exec(part)?.[1];
  if (!code) throw new Error(`the README has no TypeScript block under "### ${name}" in "Inside your server"`);
  return code;
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface RunningRecipe {
  /** `http://localhost:<port>`, as the recipe prints it. */
  origin: string;
  /** What the process wrote, for a failure's message. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts the recipe; resolves once it says it listens (or rejects with what it printed). */
export async function runRecipe(name: RecipeName, packed: Packed): Promise<RunningRecipe> {
  const file = join(packed.dir, `recipe-${name.toLowerCase()}.ts`);
  // An app's own package.json: ES modules, so its top-level await runs as written.
  writeFileSync(join(packed.dir, 'package.json'), JSON.stringify({ name: 'recipe-app', private: true, type: 'module' }));
  writeFileSync(file, recipeSource(name));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: packed.dir,
    env: { ...process.env, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const said = /listening on (http:\/\/\S+)/.exec(output);
      if (said?.[1]) resolve(said[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.once('exit', (code) => reject(new Error(`the ${name} recipe exited (${code}) before listening:\n${output}`)));
  });
  return {
    origin,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Opens the app's `/chat` from Node with `headers`, sends `text`, and resolves with the reply, or
 * with how it was refused (`HTTP 401`, `closed 1008`).
 */
export function chatFromNode(origin: string, headers: Record<string, string>, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${origin.replace('http', 'ws')}/chat`, { headers: { origin, ...headers } });
    socket.once('open', () => socket.send(text));
    socket.once('message', (data) => {
      resolve(String(data));
      socket.close();
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(`HTTP ${response.statusCode}`);
      socket.terminate();
    });
    socket.once('close', (code) => resolve(`closed ${code}`));
    socket.once('error', (error) => resolve(`error ${error.message}`));
  });
}
