// The platforms' SDKs are optional peers: `agent-interaction-kit/agent` loads without any of them,
// and each is imported only when its sender sends. A module hook makes any import of them fail.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';

const SDKS = ['@slack/webhook', '@larksuiteoapi/node-sdk', 'nodemailer'];

const hook = `data:text/javascript,${encodeURIComponent(`
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(
  'const sdks = ${JSON.stringify(SDKS)};' +
  'export async function resolve(specifier, context, next) {' +
  '  if (sdks.includes(specifier)) throw new Error(specifier + " was imported");' +
  '  return next(specifier, context);' +
  '}'));
`)}`;

describe('the platforms’ SDKs are imported only by their senders', () => {
  it('the agent entry loads without them; each sender imports its own when it sends', () => {
    const script = `
      const agent = await import('./src/agent/index.ts');
      console.log('loaded');
      const input = { sessionId: 's', call: { id: 'c', tool: 'request_user_approval', arguments: { message: 'x' }, deadline: '' }, link: 'https://example.com/a' };
      const sends = [
        agent.sendSlack(input, { url: 'http://127.0.0.1:1/' }),
        agent.sendFeishu(input, { appId: 'a', appSecret: 'b', chatId: 'c', domain: 'http://127.0.0.1:1' }),
        agent.sendEmail(input, { host: '127.0.0.1', port: 1, from: 'a@example.com', to: 'b@example.com' }),
      ];
      for (const outcome of await Promise.allSettled(sends)) console.log(outcome.status === 'rejected' ? outcome.reason.message : 'sent');`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--import', hook, '--input-type=module', '-e', script], { encoding: 'utf8', cwd: new URL('../../..', import.meta.url).pathname });
    const lines = run.stdout.trim().split('\n');
    assert.deepEqual(lines, ['loaded', ...SDKS.map((sdk) => `${sdk} was imported`)], `${run.stdout}${run.stderr}`);
  });
});
