// One `node --test` stage of `npm test`: TypeScript test files through tsx, bounded by
// scripts/within.js (a process that never exits fails the stage, it does not hang), reported as
// spec on stdout and as TAP. Returns `{passed, failed}` from the TAP report (a non-zero exit
// counts as one more failure), or undefined when there was no report.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function runNodeTests({ root, scratch, name, minutes, files, nodeArgs = [], env = {} }) {
  const tapFile = join(scratch, `${name}.tap`);
  const result = spawnSync(process.execPath, [
    join(root, 'scripts', 'within.js'), String(minutes), process.execPath,
    '--import', 'tsx', '--test', ...nodeArgs,
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=tap', `--test-reporter-destination=${tapFile}`,
    ...files,
  ], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const tap = existsSync(tapFile) ? readFileSync(tapFile, 'utf8') : '';
  const count = (key) => Number(tap.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? NaN);
  if (Number.isNaN(count('pass'))) return undefined;
  return { passed: count('pass'), failed: count('fail') + count('cancelled') + (result.status === 0 ? 0 : 1) };
}
