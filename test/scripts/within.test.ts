// `npm test` runs its Node stages through scripts/within.js: a stage whose process never exits is
// stopped at its limit and fails, with everything it started, instead of hanging the run.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';

const within = new URL('../../scripts/within.js', import.meta.url).pathname;
/** Running, not a zombie waiting for a parent that does not reap it (PID 1 in a container may not). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

describe('scripts/within.js', () => {
  it('stops a stage that never exits, its children too, and fails it with 124', async () => {
    // The stage starts a child that would run for ever, prints its pid, and never exits itself.
    const stage = `const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      console.log(c.pid); setInterval(() => {}, 1000);`;
    const started = Date.now();
    const run = spawnSync(process.execPath, [within, '0.02', process.execPath, '-e', stage], { encoding: 'utf8' });
    assert.equal(run.status, 124);
    assert.match(run.stderr, /still running after 0\.02 min: stopped/);
    assert.ok(Date.now() - started < 10_000, 'stopped at its limit');
    const grandchild = Number(run.stdout.trim());
    assert.ok(grandchild > 0);
    // The signal is sent; the child's end is the kernel's to finish a moment later.
    for (let i = 0; i < 100 && alive(grandchild); i += 1) await sleep(20);
    assert.equal(alive(grandchild), false, 'the stage\'s own child was stopped with it');
  });

  it('passes a stage\'s exit status through', () => {
    assert.equal(spawnSync(process.execPath, [within, '1', process.execPath, '-e', 'process.exit(3)']).status, 3);
    assert.equal(spawnSync(process.execPath, [within, '1', process.execPath, '-e', '']).status, 0);
  });
});
