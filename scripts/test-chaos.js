// The short chaos run of `npm test`: 3 instances sharing a real redis-server, 100 calls, a fixed
// seed (scripts/chaos.ts), one of the instances Python (the mixed Node + Python fleet) once the
// Python stage has built .venv. One check: lost, duplicated and wrong all 0. Needs dist/ and Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Runs the short chaos stage: `{passed, failed}`. */
export function runChaos(root, chromium, { calls = 100, seed = 7 } = {}) {
  const started = Date.now();
  const python = existsSync(join(root, '.venv', 'bin', 'python')) ? 1 : 0;
  console.log(`\n▶ chaos (3 instances through Redis, ${python} of them Python, ${calls} calls, seed ${seed})`);
  const args = ['--import', 'tsx', 'scripts/chaos.ts', '--instances', '3', '--python', String(python), '--calls', String(calls), '--seed', String(seed)];
  const run = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CHROME_PATH: chromium },
    timeout: 10 * 60_000,
  });
  const ok = run.status === 0;
  console.log(`  ${ok ? '✓' : '✗'} lost, duplicated and wrong all 0 (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
}
