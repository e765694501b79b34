// notify on many instances sharing a real redis-server: once per call across the fleet. Each
// instance that asks a call schedules its notice; the one whose `SET aik:notify:<call_id> NX`
// wins sends it, and the key lives until a day past the call's deadline.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { NotifyInput } from '../../src/agent/links/notify.js';
import { fileRedis, instances, rawPage, waitFor } from './fleet.js';
import { approved } from './places-clients.js';

const redis = fileRedis();
const { open } = redis;
const LINKS = { secret: 'r'.repeat(32), baseUrl: 'https://agents.example.com' };
const DAY_MS = 86_400_000;


describe('notify on a Redis fleet', () => {
  it('three instances racing on one call: exactly one notification, from the instance that won the key', async () => {
    const notices: { by: number; input: NotifyInput }[] = [];
    const servers = await Promise.all(
      [0, 1, 2].map((by) => instances(1, redis.url, undefined, { links: LINKS, notify: (input) => void notices.push({ by, input }) }).then(([s]) => s!)),
    );
    open.push(...servers);
    const asked = servers.map((server) => server.session('race', { owner: 'alice' }).callTool('request_user_approval', { message: 'Deploy?' }, { callId: 'race-1' }));
    await waitFor(() => notices.length > 0, 'a notification');
    // Every instance has asked the call (it is pending on each) and had its turn at the key.
    await waitFor(() => servers.every((s) => s.session('race').waiting.has('race-1')), 'the call on every instance');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(notices.length, 1, JSON.stringify(notices.map((n) => n.by)));
    const [{ input }] = notices as [{ by: number; input: NotifyInput }];
    assert.equal(input.call.id, 'race-1');
    assert.equal(input.actor, 'alice');
    assert.match(input.link, /^https:\/\/agents\.example\.com\/agent\/answer\//);
    const ttl = await redis.admin.pTTL('aik:notify:race-1');
    const untilDeadline = Date.parse(input.call.deadline) - Date.now();
    assert.ok(ttl > DAY_MS && ttl <= DAY_MS + untilDeadline + 1000, `the key lives until a day past the deadline (${ttl} ms)`);
    // The call is answered once, on the page (on any instance), for every caller.
    const page = await rawPage(servers[1]!, 'race');
    await waitFor(() => page.of('tool_call', 'race-1').length > 0, 'the call on the page');
    page.send({ type: 'tool_result', call_id: 'race-1', tool: 'request_user_approval', result: approved('race-1') });
    const results = await Promise.all(asked);
    assert.ok(results.every((r) => r.interaction_response.approved === true));
    page.close();
    assert.equal(notices.length, 1);
  });

  it('a call answered before its notice was due notifies nobody on any instance; the next call notifies once', async () => {
    const notices: NotifyInput[] = [];
    const servers = await instances(2, redis.url, undefined, { links: LINKS, notify: (input) => void notices.push(input), notifyAfter: 0.4 });
    open.push(...servers);
    const page = await rawPage(servers[0]!, 'quick');
    const first = servers[1]!.session('quick').callTool('request_user_approval', { message: 'Deploy?' }, { callId: 'quick-1' });
    await waitFor(() => page.of('tool_call', 'quick-1').length > 0, 'the call on the page');
    page.send({ type: 'tool_result', call_id: 'quick-1', tool: 'request_user_approval', result: approved('quick-1') });
    await first;
    const second = servers[0]!.session('quick').callTool('request_user_input', { question: 'Which branch?' }, { callId: 'quick-2' });
    await waitFor(() => notices.length > 0, 'the second call\'s notice');
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.deepEqual(notices.map((n) => n.call.id), ['quick-2']);
    assert.equal(await redis.admin.exists('aik:notify:quick-1'), 0, 'nobody claimed the answered call');
    page.close();
    void second.catch(() => undefined);
  });
});
