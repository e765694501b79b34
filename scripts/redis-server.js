// A real redis-server for the tests, the chaos run and the bench: found on the PATH (or
// REDIS_SERVER), installed from Debian's packages when missing and this is root with apt-get,
// started on a free loopback port with nothing persisted, and stopped by its pid.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

const CANDIDATES = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'];

export function findRedisServer() {
  if (process.env.REDIS_SERVER && existsSync(process.env.REDIS_SERVER)) return process.env.REDIS_SERVER;
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  return CANDIDATES.find((path) => existsSync(path));
}

/** The redis-server binary, installing Debian's package when this is a root shell with apt-get. */
export function ensureRedisServer() {
  let path = findRedisServer();
  const aptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (!path && process.getuid?.() === 0 && aptGet) {
    console.log("Installing redis-server from Debian's packages…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'redis-server'], { stdio: 'inherit', env });
    path = findRedisServer();
  }
  if (!path) {
    throw new Error(
      'No redis-server found. Install one (Debian/Ubuntu: `sudo apt-get install redis-server`, macOS: ' +
        '`brew install redis`) or set REDIS_SERVER to its binary, then run the command again.',
    );
  }
  return path;
}

/** A free TCP port on 127.0.0.1 (redis-server's `--port 0` would mean no TCP at all). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function launch(binary, port) {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) {
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}) before it was ready:\n${output}`)));
  });
}

/**
 * Starts a redis-server on a free loopback port. `stop()` ends it (SIGKILL with `{kill: true}`),
 * `start()` starts it again on the same port (a Redis restart, empty, as nothing is persisted).
 */
export async function startRedis() {
  const binary = ensureRedisServer();
  const port = await freePort();
  let child = await launch(binary, port);
  const stop = ({ kill = false } = {}) =>
    new Promise((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(kill ? 'SIGKILL' : 'SIGTERM');
    });
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    get pid() {
      return child?.pid;
    },
    stop,
    async start() {
      await stop();
      child = await launch(binary, port);
    },
  };
}
