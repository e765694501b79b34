// The Redis client is an optional dependency: one process never imports it, so that a runtime
// without `redis` installed runs as before. A module hook makes any import of `redis` fail.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';

const hook = `data:text/javascript,${encodeURIComponent(`
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(
  'export async function resolve(specifier, context, next) {' +
  '  if (specifier === "redis" || specifier.startsWith("@redis/")) throw new Error("redis was imported");' +
  '  return next(specifier, context);' +
  '}'));
`)}`;

function startServer(options: string): { status: number | null; output: string } {
  const script = `
    const { createAgentServer } = await import('./src/agent/ws-server.ts');
    try { const server = await createAgentServer(${options}); await server.close(); console.log('started'); }
    catch (error) { console.log('failed: ' + error.message); }`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--import', hook, '--input-type=module', '-e', script], { encoding: 'utf8', cwd: new URL('../..', import.meta.url).pathname });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the redis client is loaded only when redis is given', () => {
  it('one process starts without ever importing redis; given redis, the import happens', () => {
    const single = startServer('{ log: () => undefined }');
    assert.match(single.output, /started/);
    const shared = startServer("{ log: () => undefined, redis: 'redis://127.0.0.1:1' }");
    assert.match(shared.output, /failed: redis was imported/, 'the hook sees the import, so it is real');
  });
});
