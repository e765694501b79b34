// Session grants in one process (docs/protocol.md §2.8), through a real WebSocket: offered only
// where it may be, given by the page, honoured by the runtime itself, revoked from either side.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createAgentServer, type AgentServer } from '../../src/agent/ws-server.js';
import type { ToolResult } from '../../src/protocol/results.js';
import { golden, withPlaceholders } from '../support/golden.js';
import { FakeClock } from '../support/fake-clock.js';
import { rawPage, waitFor } from './fleet.js';

const KUBECTL = { key: 'shell:kubectl get', label: 'kubectl get …' };
const LOW = { message: 'Run kubectl get pods?', severity: 'low' };
const APPROVED = golden.tool_cases.find((c) => c.name === 'approval-approved-high')!;
const approved = (id: string) => withPlaceholders(APPROVED.result, id, '2026-11-29T12:00:31.204Z') as ToolResult;
const open: AgentServer[] = [];
after(() => Promise.all(open.map((s) => s.close())));

async function server(clock = new FakeClock(Date.parse('2026-11-29T12:00:00.000Z'))) {
  const started = await createAgentServer({ clock, log: () => undefined, authorize: () => ({ actor: 'alice@example.com' }) });
  open.push(started);
  return { server: started, clock };
}

/** A low approval offering KUBECTL, answered with "allow for this session". */
async function giveGrant(server: AgentServer, page: Awaited<ReturnType<typeof rawPage>>, session: string, id = 'g-1') {
  const result = server.session(session).callTool('request_user_approval', LOW, { callId: id, grant: KUBECTL });
  const [call] = await waitFor(() => page.of('tool_call', id).length > 0 && page.of('tool_call', id), 'the call');
  assert.deepEqual(call!.grant, KUBECTL);
  page.send({ type: 'tool_result', call_id: id, tool: 'request_user_approval', result: approved(id), grant: 'session' });
  await result;
  await waitFor(() => page.of('grants').some((g) => (g.grants as unknown[]).length > 0), 'grants listed');
}

describe('session grants, one process (docs/protocol.md §2.8)', () => {
  it('a granted call never reaches a card: the page gets a granted receipt, the model a plain approval', async () => {
    const { server: s, clock } = await server();
    const page = await rawPage(s, 'g1', { grants: true });
    await waitFor(() => page.of('grants').length === 1, 'the list after ready');
    assert.deepEqual(page.of('grants')[0]!.grants, []);
    await giveGrant(s, page, 'g1');
    assert.deepEqual(await s.session('g1').grants(), [{ ...KUBECTL, at: new Date(clock.now()).toISOString() }]);
    const second = await s.session('g1').callTool('request_user_approval', LOW, { callId: 'g-2', grant: KUBECTL });
    assert.equal(second.interaction_response.approved, true);
    const [receipt] = await waitFor(() => page.of('tool_call', 'g-2').length > 0 && page.of('tool_call', 'g-2'), 'the receipt');
    assert.equal(receipt!.granted, true);
    assert.deepEqual(receipt!.grant, KUBECTL);
    page.send({ type: 'tool_result', call_id: 'g-2', tool: 'request_user_approval', result: approved('g-2') });
    await waitFor(() => page.of('ack', 'g-2').length === 1, 'the receipt acked');
    page.close();
  });

  for (const c of golden.tool_cases.filter((c) => c.tool === 'request_user_approval' && JSON.stringify(c.answer) === '{"approve":true}')) {
    const severity = (c.result as { interaction_request: { severity: string } }).interaction_request.severity;
    if (severity === 'high') continue;
    it(`what the model reads is the golden plain approval, byte for byte: ${c.name}`, async () => {
      const { server: s, clock } = await server();
      const page = await rawPage(s, 'gold', { grants: true });
      await giveGrant(s, page, 'gold');
      const result = await s.session('gold').callTool('request_user_approval', c.arguments as Record<string, unknown>, { callId: 'gold-1', grant: KUBECTL });
      assert.equal(JSON.stringify(result), JSON.stringify(withPlaceholders(c.result, 'gold-1', new Date(clock.now()).toISOString())));
      page.close();
    });
  }

  for (const [name, args, context] of [
    ['high severity', { message: 'Drop the table?', severity: ' HIGH ' }, undefined],
    ['grilling mode', LOW, { run_mode: 'grilling' as const }],
  ] as const) {
    it(`no grant is offered for ${name}, and a page claiming one anyway records nothing`, async () => {
      const { server: s } = await server();
      const page = await rawPage(s, 'h', { grants: true });
      const result = s.session('h').callTool('request_user_approval', args, { callId: 'h-1', grant: KUBECTL, context });
      const [call] = await waitFor(() => page.of('tool_call', 'h-1').length > 0 && page.of('tool_call', 'h-1'), 'the call');
      assert.equal('grant' in call!, false);
      page.send({ type: 'tool_result', call_id: 'h-1', tool: 'request_user_approval', result: approved('h-1'), grant: 'session' });
      await result;
      assert.deepEqual(await s.session('h').grants(), []);
      page.close();
    });
  }

  it('a held grant never answers a high call with its key', async () => {
    const { server: s } = await server();
    const page = await rawPage(s, 'hh', { grants: true });
    await giveGrant(s, page, 'hh');
    const controller = new AbortController();
    const high = s.session('hh').callTool('request_user_approval', { message: 'Delete pods?', severity: 'high' }, { callId: 'hh-2', grant: KUBECTL, signal: controller.signal });
    const [call] = await waitFor(() => page.of('tool_call', 'hh-2').length > 0 && page.of('tool_call', 'hh-2'), 'a card');
    assert.equal(call!.granted, undefined);
    controller.abort();
    await assert.rejects(high, { name: 'AbortError' });
    page.close();
  });

  it('revoked by the runtime, the next call asks again', async () => {
    const { server: s } = await server();
    const page = await rawPage(s, 'r1', { grants: true });
    await giveGrant(s, page, 'r1');
    assert.equal(await s.session('r1').revokeGrant(KUBECTL.key), true);
    assert.equal(await s.session('r1').revokeGrant(KUBECTL.key), false);
    await waitFor(() => (page.of('grants').at(-1)!.grants as unknown[]).length === 0, 'the emptied list');
    const again = s.session('r1').callTool('request_user_approval', LOW, { callId: 'r-2', grant: KUBECTL });
    const [call] = await waitFor(() => page.of('tool_call', 'r-2').length > 0 && page.of('tool_call', 'r-2'), 'a card again');
    assert.equal(call!.granted, undefined);
    page.send({ type: 'tool_result', call_id: 'r-2', tool: 'request_user_approval', result: approved('r-2') });
    await again;
    page.close();
  });

  it("revoked by the page's revoke_grant, the next call asks again", async () => {
    const { server: s } = await server();
    const page = await rawPage(s, 'r2', { grants: true });
    await giveGrant(s, page, 'r2');
    page.send({ type: 'revoke_grant', key: KUBECTL.key });
    await waitFor(() => (page.of('grants').at(-1)!.grants as unknown[]).length === 0, 'the emptied list');
    assert.deepEqual(await s.session('r2').grants(), []);
    const again = s.session('r2').callTool('request_user_approval', LOW, { callId: 'r-3', grant: KUBECTL });
    await waitFor(() => page.of('tool_call', 'r-3').length > 0, 'a card again');
    assert.equal(page.of('tool_call', 'r-3')[0]!.granted, undefined);
    page.send({ type: 'tool_result', call_id: 'r-3', tool: 'request_user_approval', result: approved('r-3') });
    await again;
    page.close();
  });

  it('a kit that shows no grants gets neither grants nor granted receipts', async () => {
    const { server: s } = await server();
    const page = await rawPage(s, 'old');
    const result = s.session('old').callTool('request_user_approval', LOW, { callId: 'o-1', grant: KUBECTL });
    await waitFor(() => page.of('tool_call', 'o-1').length > 0, 'the call');
    page.send({ type: 'tool_result', call_id: 'o-1', tool: 'request_user_approval', result: approved('o-1'), grant: 'session' });
    await result;
    await s.session('old').callTool('request_user_approval', LOW, { callId: 'o-2', grant: KUBECTL });
    assert.deepEqual(page.of('grants'), []);
    assert.deepEqual(page.of('tool_call', 'o-2'), []);
    page.close();
  });

  it('a grant for another tool, or a malformed one, is refused at once, naming the field', async () => {
    const { server: s } = await server();
    const session = s.session('bad');
    await assert.rejects(session.callTool('request_user_input', { message: 'Name?' }, { grant: KUBECTL }), /request_user_approval only/);
    await assert.rejects(session.callTool('request_user_approval', LOW, { grant: { key: '', label: 'x' } }), /grant\.key/);
    await assert.rejects(session.callTool('request_user_approval', LOW, { grant: { key: 'k', label: ' ' } }), /grant\.label/);
    assert.deepEqual(session.pendingIds, []);
  });
});
