// `npm run build`: the JSON Schemas of the protocol (schema/).
import { spawnSync } from 'node:child_process';

const steps = [[process.execPath, ['--import', 'tsx', 'scripts/write-schemas.ts']]];
for (const [command, args] of steps) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: new URL('..', import.meta.url).pathname });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
