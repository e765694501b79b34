// Session grants and the audit trail across instances sharing a real redis-server (docs/protocol.md
// §10, §11): a grant given on one instance is honoured on another, revoked from any, and each
// decided call gets exactly one record, written by the instance that stored its outcome.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AuditRecord } from '../../src/agent/audit.js';
import { argumentsSha256 } from '../../src/protocol/canonical-json.js';
import type { ToolResult } from '../../src/protocol/results.js';
import { golden, withPlaceholders } from '../support/golden.js';
import { clockNow, fileRedis, instances, rawPage, waitFor } from './fleet.js';

const redis = fileRedis();
const { open } = redis;
let n = 0;
const fresh = (name: string) => `${name}-${process.pid}-${(n += 1)}`;
const KUBECTL = { key: 'shell:kubectl get', label: 'kubectl get …' };
const LOW = { message: 'Run kubectl get pods?', severity: 'low' };
const approved = (id: string) => withPlaceholders(golden.tool_cases.find((c) => c.name === 'approval-approved-high')!.result, id, new Date().toISOString()) as ToolResult;
const actorFor = (name: string) => () => ({ actor: name });

async function fleet(count: number, options: Parameters<typeof instances>[3] = {}) {
  const servers = await instances(count, redis.url, clockNow(), options);
  open.push(...servers);
  return servers;
}


/** The stream's records for `session`, as Redis holds them. */
async function streamed(session: string): Promise<Record<string, string>[]> {
  const entries = await redis.admin.xRange('aik:audit', '-', '+');
  return (entries ?? []).map((e) => e.message).filter((m) => m.session_id === session);
}

describe('session grants in a fleet (docs/protocol.md §10)', () => {
  it('a grant given on one instance answers a call made on another; the page gets the receipt', async () => {
    const [a, b] = await fleet(2, { authorize: actorFor('alice@example.com') });
    const session = fresh('grant');
    const page = await rawPage(a!, session, { grants: true });
    const first = a!.session(session).callTool('request_user_approval', LOW, { callId: `${session}-1`, grant: KUBECTL });
    await waitFor(() => page.of('tool_call', `${session}-1`).length > 0, 'the call');
    page.send({ type: 'tool_result', call_id: `${session}-1`, tool: 'request_user_approval', result: approved(`${session}-1`), grant: 'session' });
    await first;
    const held = JSON.parse((await redis.admin.hGet(`aik:session:${session}:grants`, KUBECTL.key))!) as Record<string, unknown>;
    assert.equal(held.label, KUBECTL.label);
    assert.equal(held.actor, 'alice@example.com');
    assert.ok((await redis.admin.pTTL(`aik:session:${session}:grants`)) > 0, 'it expires with the session');
    await waitFor(() => page.of('grants').some((g) => (g.grants as unknown[]).length === 1), 'grants listed');

    const second = await b!.session(session).callTool('request_user_approval', LOW, { callId: `${session}-2`, grant: KUBECTL });
    assert.equal(second.interaction_response.approved, true);
    const [receipt] = await waitFor(() => page.of('tool_call', `${session}-2`).length > 0 && page.of('tool_call', `${session}-2`), 'the receipt');
    assert.equal(receipt!.granted, true);
    page.send({ type: 'tool_result', call_id: `${session}-2`, tool: 'request_user_approval', result: approved(`${session}-2`) });
    await waitFor(() => page.of('ack', `${session}-2`).length === 1, 'the receipt acked');
    assert.deepEqual(await redis.admin.zRange(`aik:session:${session}:pending`, 0, -1), [], 'answered: no longer re-sent');
    assert.deepEqual((await b!.session(session).grants()).map((g) => g.key), [KUBECTL.key]);
    page.close();
  });

  it("revoked by the page on one instance, a call on another asks again", async () => {
    const [a, b] = await fleet(2);
    const session = fresh('revoke');
    const page = await rawPage(b!, session, { grants: true });
    const first = a!.session(session).callTool('request_user_approval', LOW, { callId: `${session}-1`, grant: KUBECTL });
    await waitFor(() => page.of('tool_call', `${session}-1`).length > 0, 'the call');
    page.send({ type: 'tool_result', call_id: `${session}-1`, tool: 'request_user_approval', result: approved(`${session}-1`), grant: 'session' });
    await first;
    page.send({ type: 'revoke_grant', key: KUBECTL.key });
    await waitFor(async () => (await redis.admin.hLen(`aik:session:${session}:grants`)) === 0, 'revoked in Redis');
    await waitFor(() => page.of('grants').length >= 2 && (page.of('grants').at(-1)!.grants as unknown[]).length === 0, 'the emptied list');
    const again = a!.session(session).callTool('request_user_approval', LOW, { callId: `${session}-2`, grant: KUBECTL });
    await waitFor(() => page.of('tool_call', `${session}-2`).length > 0, 'a card again');
    assert.equal(page.of('tool_call', `${session}-2`)[0]!.granted, undefined);
    assert.equal(await a!.session(session).revokeGrant(KUBECTL.key), false);
    page.send({ type: 'tool_result', call_id: `${session}-2`, tool: 'request_user_approval', result: approved(`${session}-2`) });
    await again;
    page.close();
  });
});

describe('the audit trail in a fleet (docs/protocol.md §11)', () => {
  it("audit: 'redis': one stream entry per call, whichever instance decided it", async () => {
    const [a, b] = await fleet(2, { audit: 'redis', authorize: actorFor('bob@example.com') });
    const session = fresh('stream');
    const page = await rawPage(b!, session, { grants: true });
    const ask = (id: string, grant?: typeof KUBECTL, signal?: AbortSignal) => a!.session(session).callTool('request_user_approval', LOW, { callId: `${session}-${id}`, grant, signal });
    const one = ask('1', KUBECTL);
    await waitFor(() => page.of('tool_call', `${session}-1`).length > 0, 'the call');
    page.send({ type: 'tool_result', call_id: `${session}-1`, tool: 'request_user_approval', result: approved(`${session}-1`), grant: 'session' });
    page.send({ type: 'tool_result', call_id: `${session}-1`, tool: 'request_user_approval', result: approved(`${session}-1`) });
    await one;
    await ask('2', KUBECTL);
    const controller = new AbortController();
    const three = ask('3', undefined, controller.signal);
    await waitFor(() => page.of('tool_call', `${session}-3`).length > 0, 'the third call');
    controller.abort();
    await assert.rejects(three, { name: 'AbortError' });
    const records = await waitFor(async () => {
      const got = await streamed(session);
      return got.length >= 3 && got;
    }, 'three records');
    assert.deepEqual(
      records.map((r) => [r.call_id, r.decision, r.source, r.actor, r.where, r.instance]),
      [
        [`${session}-1`, 'approved', 'user', 'bob@example.com', 'chat', b!.instance],
        [`${session}-2`, 'granted', 'grant', 'bob@example.com', 'grant', a!.instance],
        [`${session}-3`, 'cancelled', 'runtime', undefined, 'runtime', a!.instance],
      ],
    );
    assert.equal(records[0]!.arguments_sha256, await argumentsSha256(LOW));
    assert.deepEqual(Object.keys(records[0]!), ['call_id', 'session_id', 'tool', 'arguments_sha256', 'decision', 'source', 'actor', 'where', 'instance', 'asked_at', 'decided_at']);
    page.close();
  });

  it('a function: only the instance whose SET NX won calls it', async () => {
    const seen = new Map<string, AuditRecord[]>([['a', []], ['b', []]]);
    const [a] = await fleet(1, { audit: (r) => void seen.get('a')!.push(r) });
    const [b] = await fleet(1, { audit: (r) => void seen.get('b')!.push(r) });
    const session = fresh('sink');
    const page = await rawPage(b!, session);
    const done = a!.session(session).callTool('request_user_approval', { message: 'Go?' }, { callId: `${session}-1` });
    await waitFor(() => page.of('tool_call', `${session}-1`).length > 0, 'the call');
    page.send({ type: 'tool_result', call_id: `${session}-1`, tool: 'request_user_approval', result: approved(`${session}-1`) });
    await done;
    await waitFor(() => seen.get('b')!.length === 1, 'the record');
    assert.deepEqual(seen.get('a'), []);
    const [record] = seen.get('b')!;
    assert.equal(record!.instance, b!.instance);
    assert.equal(record!.arguments_sha256, await argumentsSha256({ message: 'Go?' }));
    page.close();
  });
});
