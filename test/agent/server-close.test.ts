// Closing the runtime's server ends what it still waits for: a pending call's deadline timer is a
// real timer of minutes, and it must neither keep the process alive nor leave its caller hanging.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, it } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { KitError } from '../../src/agent/agent-session.js';
import { createAgentServer } from '../../src/agent/ws-server.js';

const root = new URL('../..', import.meta.url).pathname;

/** A child process that starts a server, makes a call nobody answers, and closes the server. */
const CHILD = `
import { createAgentServer } from './src/agent/ws-server.ts';
const server = await createAgentServer({ log: () => undefined });
server.session('s-1').callTool('request_user_input', { message: 'Name?', timeout_seconds: 600 }).catch(() => undefined);
await server.close();
console.log('closed');
`;

describe('createAgentServer: close', () => {
  it('rejects every pending call with KitError "unavailable", and later calls at once', async () => {
    const server = await createAgentServer({ log: () => undefined });
    const one = server.session('s-1').callTool('request_user_input', { message: 'Name?' }, { callId: 'c-1' });
    const two = server.session('s-2').callTool('request_user_approval', { message: 'Deploy?' }, { callId: 'c-2' });
    await server.close();
    // Settled by the time close resolves, not at the deadline minutes later.
    const outcomes = await Promise.race([Promise.allSettled([one, two]), nextTurn('still pending')]);
    assert.notEqual(outcomes, 'still pending', 'the calls were still pending after close');
    for (const [promise, id] of [[one, 'c-1'], [two, 'c-2']] as const) {
      await assert.rejects(promise, (error: unknown) => error instanceof KitError && error.code === 'unavailable' && error.callId === id);
    }
    assert.deepEqual(server.session('s-1').pendingIds, []);
    for (const session of ['s-1', 's-new']) {
      await assert.rejects(server.session(session).callTool('request_user_input', { message: 'Again?' }), (error: unknown) => error instanceof KitError && error.code === 'unavailable');
    }
  });

  it('leaves nothing that keeps the process alive: it exits on its own after close', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
    const limit = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
    clearTimeout(limit);
    assert.match(output, /closed/);
    assert.equal(signal, null, `the process was still running 15 s after the server closed (killed: ${signal})`);
    assert.equal(code, 0);
  });
});
