// The short chaos run of `npm test`: 3 instances sharing a real redis-server (the last a Python
// one, from the .venv the Python stage built), 100 calls answered from the pages and from the
// person's inbox, a fixed seed (scripts/chaos.ts). One check: lost, duplicated, wrong and places
// disagreeing all 0, one audit record per call. Needs dist/, Chromium and .venv.
import { spawnSync } from 'node:child_process';

/** Runs the short chaos stage: `{passed, failed}`. */
export function runChaos(root, chromium, { calls = 100, seed = 7 } = {}) {
  const started = Date.now();
  console.log(`\n▶ chaos (3 instances through Redis, 1 of them Python, ${calls} calls from the pages and the inbox, seed ${seed})`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/chaos.ts', '--instances', '3', '--python', '1', '--calls', String(calls), '--seed', String(seed)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CHROME_PATH: chromium },
    timeout: 10 * 60_000,
  });
  const ok = run.status === 0;
  console.log(`  ${ok ? '✓' : '✗'} lost, duplicated, wrong and places disagreeing all 0 (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
}
