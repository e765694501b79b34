// The consumer apps of test/consumers/apps/, made as a user makes them: the packed package
// (`npm pack` of the built dist/) installed from its tarball into a copy of each app outside the
// repository, with the app's own lockfile (every dependency pinned, one npm cache shared by all
// apps), then the app's production build; a static server on loopback for what it built, and
// the app's agent runtime, a Node process that imports the installed package's ./agent.
import { spawn, fork, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { packPackage } from '../package/packed.js';
import { withErrorRecorder } from '../support/drive/page-errors.js';

const FIXTURES = new URL('./apps/', import.meta.url).pathname;
const RUNTIME = new URL('./runtime.js', import.meta.url).pathname;
/** One npm cache for every app and every run, outside the repository. */
const NPM_CACHE = join(tmpdir(), 'agent-interaction-kit-npm-cache');
/** `AIK_UPDATE_LOCKS=1` resolves the apps' dependencies anew and writes their lockfiles back. */
const UPDATE_LOCKS = process.env.AIK_UPDATE_LOCKS === '1';

export interface Workspace {
  /** Each app's folder, by the name of its fixture. */
  apps: Record<string, string>;
  /** What the preparation took, for the stage's log. */
  timings: string;
  remove(): void;
}

interface Ran {
  code: number | null;
  output: string;
}

/** The environment of a user's shell: none of the `npm_*` variables `npm test` itself sets. */
function userEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));
}

function run(command: string, args: string[], cwd: string): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: userEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', (error) => resolve({ code: -1, output: String(error) }));
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function step(name: string, what: string, command: string, args: string[], cwd: string): Promise<void> {
  const ran = await run(command, args, cwd);
  if (ran.code !== 0) throw new Error(`${name}: ${what} failed (exit ${ran.code})\n${ran.output.slice(-4000)}`);
}

/** The lock as committed: the kit's tarball changes with every build, so its hash is left out. */
function portableLock(lock: string): string {
  const parsed = JSON.parse(lock) as { packages: Record<string, { integrity?: string }> };
  delete parsed.packages['node_modules/agent-interaction-kit']?.integrity;
  return `${JSON.stringify(parsed, null, 2)}\n`;
}

/** Packs the package, then installs and builds every app, all apps at once. */
export async function prepareApps(names: string[]): Promise<Workspace> {
  const started = Date.now();
  const root = mkdtempSync(join(tmpdir(), 'aik-consumers-'));
  const packed = packPackage();
  try {
    copyFileSync(packed.tarball, join(root, 'agent-interaction-kit.tgz'));
  } finally {
    packed.remove();
  }
  const packedAt = Date.now();
  const apps = Object.fromEntries(names.map((name) => [name, join(root, name)]));
  const npm = ['--cache', NPM_CACHE, '--prefer-offline', '--no-audit', '--no-fund'];
  await Promise.all(names.map(async (name) => {
    const dir = apps[name]!;
    cpSync(join(FIXTURES, name), dir, { recursive: true });
    copyFileSync(RUNTIME, join(dir, 'runtime.js'));
    await step(name, UPDATE_LOCKS ? 'npm install' : 'npm ci', 'npm', [UPDATE_LOCKS ? 'install' : 'ci', ...npm], dir);
    if (UPDATE_LOCKS) writeFileSync(join(FIXTURES, name, 'package-lock.json'), portableLock(readFileSync(join(dir, 'package-lock.json'), 'utf8')));
  }));
  const installedAt = Date.now();
  await Promise.all(names.map((name) => step(name, 'npm run build', 'npm', ['run', 'build'], apps[name]!)));
  const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
  return {
    apps,
    timings: `pack ${seconds(started, packedAt)}, install ${seconds(packedAt, installedAt)}, build ${seconds(installedAt, Date.now())}`,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
};

export interface Served {
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves a built app's folder on 127.0.0.1 (a free port), `/` being its index.html; its HTML
 * pages get the page-error recorder (test/support/drive/page-errors.ts) first in their head.
 */
export async function serveStatic(dir: string): Promise<Served> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname));
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
    try {
      const read = readFileSync(file);
      const body = extname(file) === '.html' ? withErrorRecorder(read.toString('utf8')) : read;
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export interface Runtime {
  port: number;
  /** `session.callTool(tool, args)` in the runtime; resolves with what it resolved with. */
  call(session: string, tool: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

type Reply = { port: number } | { id: number; result?: Record<string, unknown>; error?: string };

/** Starts the app's runtime (its runtime.js, beside its node_modules), admitting `origin` only. */
export async function startRuntime(appDir: string, origin: string): Promise<Runtime> {
  const child: ChildProcess = fork(join(appDir, 'runtime.js'), [], { cwd: appDir, execArgv: [], env: { ...userEnv(), APP_ORIGIN: origin }, stdio: 'inherit' });
  const pending = new Map<number, { resolve: (value: Record<string, unknown>) => void; reject: (error: Error) => void }>();
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the runtime exited (${code}) before listening`)));
    child.on('message', (message: Reply) => {
      if ('port' in message) return resolve(message.port);
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.error !== undefined) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.result!);
    });
  });
  let next = 0;
  return {
    port,
    call: (session, tool, args) => new Promise((resolve, reject) => {
      const id = (next += 1);
      pending.set(id, { resolve, reject });
      child.send({ id, session, tool, args });
    }),
    close: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      // The runtime closes its server and exits on disconnect; a kill is the fallback.
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(killer);
        resolve();
      });
      child.disconnect();
    }),
  };
}
