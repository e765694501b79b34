// `node scripts/within.js <minutes> <command> [args…]`: runs a test stage's command in a process
// group of its own and ends the whole group if it is still running after <minutes>, so that a test
// process that never exits (a server, a timer or a browser left open) fails the stage instead of
// hanging `npm test`, which runs unattended. Exits with the command's status, or 124 when stopped.
import { spawn } from 'node:child_process';

const [minutes, command, ...args] = process.argv.slice(2);
const limitMs = Number(minutes) * 60_000;
if (!command || !(limitMs > 0)) {
  console.error('usage: node scripts/within.js <minutes> <command> [args…]');
  process.exit(2);
}
const child = spawn(command, args, { stdio: 'inherit', detached: true });
const group = (signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
};
let stopped = false;
const limit = setTimeout(() => {
  stopped = true;
  console.error(`\n✗ still running after ${minutes} min: stopped (a test process did not exit after its tests; the last file reported above is the one to look at)`);
  // SIGTERM first, so that Playwright closes the browsers it launched; then nothing survives.
  group('SIGTERM');
  setTimeout(() => group('SIGKILL'), 10_000).unref();
}, limitMs);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => group(signal));
child.on('exit', (code, signal) => {
  clearTimeout(limit);
  // Whatever the stage left running in its group goes with it.
  group('SIGKILL');
  process.exit(stopped ? 124 : (code ?? (signal ? 1 : 0)));
});
