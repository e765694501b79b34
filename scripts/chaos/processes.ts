// The chaos run's instance processes, Node or Python, behind one handle: a Node instance is
// forked and told its orders over IPC (chaos/instance.ts); a Python one (chaos/instance.py, on
// the agent_interaction_kit package `npm test` installs into .venv) takes them as JSON lines on
// stdin and answers on stdout. Both join the same fleet through the same Redis.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';

export type InstanceKind = 'node' | 'python';

export interface InstanceMessage {
  op: string;
  id: string;
  result?: unknown;
  code?: string;
  message?: string;
  /** `link`: the call's answer link, as the asking instance minted it. */
  link?: string;
}

export interface InstanceProcess {
  readonly kind: InstanceKind;
  readonly process: ChildProcess;
  /** Whether orders can still be sent to it. */
  readonly connected: boolean;
  send(message: object, callback: (error: Error | null) => void): boolean;
  onMessage(handler: (message: InstanceMessage) => void): void;
}

const root = new URL('../../', import.meta.url).pathname;

/** The Python that has agent_interaction_kit installed: CHAOS_PYTHON, else the repository's .venv. */
export function pythonForChaos(): string {
  const python = process.env.CHAOS_PYTHON ?? `${root}.venv/bin/python`;
  if (!existsSync(python)) {
    throw new Error(`--python needs agent_interaction_kit installed: run npm test once (it builds .venv), or set CHAOS_PYTHON (looked for ${python}).`);
  }
  return python;
}

export function startInstanceProcess(kind: InstanceKind, env: Record<string, string>): InstanceProcess {
  const fullEnv = { ...process.env, ...env };
  if (kind === 'node') {
    const child = fork(new URL('./instance.ts', import.meta.url).pathname, [], { execArgv: ['--import', 'tsx'], env: fullEnv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    return {
      kind,
      process: child,
      get connected() {
        return child.connected;
      },
      send: (message, callback) => child.send(message, callback),
      onMessage: (handler) => child.on('message', handler),
    };
  }
  const child = spawn(pythonForChaos(), [new URL('./instance.py', import.meta.url).pathname], { env: fullEnv, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  child.stdin!.on('error', () => undefined); // a killed instance's pipe: the exit handler takes over
  return {
    kind,
    process: child,
    get connected() {
      return child.exitCode === null && child.signalCode === null && child.stdin!.writable;
    },
    // A full pipe buffer still takes the line (write returns false only to ask for a pause).
    send: (message, callback) => {
      child.stdin!.write(`${JSON.stringify(message)}\n`, (error) => callback(error ?? null));
      return true;
    },
    onMessage: (handler) => lines.on('line', (line) => handler(JSON.parse(line) as InstanceMessage)),
  };
}
