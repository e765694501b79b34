// The audit trail in one process (docs/protocol.md §11): one record per decided call, of every
// decision kind and source, with the actor `authorize` named, through a real WebSocket.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { AuditRecord } from '../../src/agent/audit.js';
import { createAgentServer, type AgentServer, type AgentServerOptions } from '../../src/agent/ws-server.js';
import { argumentsSha256 } from '../../src/protocol/canonical-json.js';
import type { ToolName } from '../../src/protocol/constants.js';
import type { ToolResult } from '../../src/protocol/results.js';
import { FakeClock } from '../support/fake-clock.js';
import { golden, withPlaceholders } from '../support/golden.js';
import { rawPage, waitFor } from './fleet.js';

const FIELDS = ['call_id', 'session_id', 'tool', 'arguments_sha256', 'decision', 'source', 'actor', 'where', 'instance', 'asked_at', 'decided_at'];
const byName = (name: string) => golden.tool_cases.find((c) => c.name === name)!;
const open: AgentServer[] = [];
after(() => Promise.all(open.map((s) => s.close())));

async function audited(options: AgentServerOptions = {}) {
  const records: AuditRecord[] = [];
  const clock = new FakeClock(Date.parse('2026-11-29T12:00:00.000Z'));
  const server = await createAgentServer({ clock, log: () => undefined, authorize: () => ({ actor: 'alice@example.com' }), audit: (r) => void records.push(r), ...options });
  open.push(server);
  return { server, clock, records };
}

async function answeredByPage(server: AgentServer, session: string, name: string, id: string) {
  const c = byName(name);
  const page = await rawPage(server, session, { grants: true });
  const done = server.session(session).callTool(c.tool as ToolName, c.arguments as Record<string, unknown>, { callId: id });
  await waitFor(() => page.of('tool_call', id).length > 0, 'the call');
  const result = withPlaceholders(c.result, id, '2026-11-29T12:00:31.204Z') as ToolResult;
  page.send({ type: 'tool_result', call_id: id, tool: c.tool, result });
  await done;
  // The same answer again: acked, recorded no more.
  page.send({ type: 'tool_result', call_id: id, tool: c.tool, result });
  await waitFor(() => page.of('ack', id).length === 2, 'both acks');
  return page;
}

describe('audit trail, one process (docs/protocol.md §11)', () => {
  for (const [name, decision, source] of [
    ['approval-approved-high', 'approved', 'user'],
    ['approval-rejected-with-note', 'rejected', 'user'],
    ['text-answer', 'answered', 'user'],
    ['questionnaire-cancelled', 'cancelled', 'user'],
    ['approval-timeout', 'timeout', 'timeout'],
    ['questionnaire-timeout-auto-select', 'auto_selected', 'timeout'],
  ] as const) {
    it(`what the page sent (${decision}, ${source}) is recorded once, with its user`, async () => {
      const { server, clock, records } = await audited();
      const asked = new Date(clock.now()).toISOString();
      const page = await answeredByPage(server, 'a', name, 'a-1');
      await waitFor(() => records.length === 1, 'the record');
      const [record] = records;
      assert.deepEqual(Object.keys(record!), FIELDS, 'the fields of §11.1, in order, no arguments');
      assert.equal(record!.decision, decision);
      assert.equal(record!.source, source);
      assert.equal(record!.actor, 'alice@example.com');
      assert.equal(record!.where, 'chat', 'answered on the chat page');
      assert.equal(record!.arguments_sha256, await argumentsSha256(byName(name).arguments));
      assert.deepEqual([record!.call_id, record!.session_id, record!.tool], ['a-1', 'a', byName(name).tool]);
      assert.equal(record!.asked_at, asked);
      assert.ok(record!.instance);
      page.close();
    });
  }

  for (const [name, decision] of [['approval-timeout', 'timeout'], ['questionnaire-timeout-auto-select', 'auto_selected']] as const) {
    it(`the runtime's own ${decision} result has no actor`, async () => {
      const { server, clock, records } = await audited();
      const page = await rawPage(server, 't');
      const c = byName(name);
      const done = server.session('t').callTool(c.tool as ToolName, c.arguments as Record<string, unknown>, { callId: 't-1' });
      await waitFor(() => page.of('tool_call', 't-1').length > 0, 'the call');
      clock.advance(86_400_000 * 2);
      await done;
      await waitFor(() => records.length === 1, 'the record');
      assert.deepEqual([records[0]!.decision, records[0]!.source, records[0]!.actor, records[0]!.where], [decision, 'timeout', null, 'runtime']);
      page.close();
    });
  }

  it("an abort is the runtime's cancel", async () => {
    const { server, records } = await audited();
    const page = await rawPage(server, 'x');
    const controller = new AbortController();
    const done = server.session('x').callTool('request_user_approval', { message: 'Go?' }, { callId: 'x-1', signal: controller.signal });
    await waitFor(() => page.of('tool_call', 'x-1').length > 0, 'the call');
    controller.abort();
    await assert.rejects(done, { name: 'AbortError' });
    await waitFor(() => records.length === 1, 'the record');
    assert.deepEqual([records[0]!.decision, records[0]!.source, records[0]!.actor, records[0]!.where], ['cancelled', 'runtime', null, 'runtime']);
    page.close();
  });

  it('a grant records who gave it', async () => {
    const { server, records } = await audited();
    const page = await rawPage(server, 'g', { grants: true });
    const grant = { key: 'shell:ls', label: 'ls …' };
    const args = { message: 'ls?', severity: 'low' };
    const first = server.session('g').callTool('request_user_approval', args, { callId: 'g-1', grant });
    await waitFor(() => page.of('tool_call', 'g-1').length > 0, 'the call');
    page.send({ type: 'tool_result', call_id: 'g-1', tool: 'request_user_approval', result: withPlaceholders(byName('approval-approved-high').result, 'g-1', '2026-11-29T12:00:31.204Z'), grant: 'session' });
    await first;
    await server.session('g').callTool('request_user_approval', args, { callId: 'g-2', grant });
    await waitFor(() => records.length === 2, 'both records');
    assert.deepEqual(
      records.map((r) => [r.call_id, r.decision, r.source, r.actor, r.where]),
      [['g-1', 'approved', 'user', 'alice@example.com', 'chat'], ['g-2', 'granted', 'grant', 'alice@example.com', 'grant']],
    );
    page.close();
  });

  it('the arguments only with auditArguments, and nothing for artifacts', async () => {
    const { server, records } = await audited({ auditArguments: true, authorize: undefined });
    const page = await answeredByPage(server, 'w', 'approval-approved-high', 'w-1');
    const artifacts = golden.tool_cases.find((c) => c.tool === 'publish_artifacts' && c.result && !('error' in (c.result as object)))!;
    const done = server.session('w').callTool('publish_artifacts', artifacts.arguments as Record<string, unknown>, { callId: 'f-1' });
    await waitFor(() => page.of('tool_call', 'f-1').length > 0, 'the artifacts call');
    page.send({ type: 'tool_result', call_id: 'f-1', tool: 'publish_artifacts', result: artifacts.result });
    await done;
    await waitFor(() => records.length >= 1, 'the record');
    assert.equal(records.length, 1);
    assert.deepEqual(Object.keys(records[0]!), [...FIELDS, 'arguments']);
    assert.deepEqual(records[0]!.arguments, byName('approval-approved-high').arguments);
    assert.equal(records[0]!.actor, null, 'authorize named nobody');
    page.close();
  });

  it('a failing audit function never fails the call', async () => {
    const logged: string[] = [];
    const clock = new FakeClock(Date.parse('2026-11-29T12:00:00.000Z'));
    const server = await createAgentServer({ clock, log: () => undefined, audit: () => { throw new Error('the sink is down'); } });
    open.push(server);
    const original = console.error;
    console.error = (message: string) => void logged.push(message);
    try {
      const page = await answeredByPage(server, 'f', 'approval-approved-high', 'f-1');
      await waitFor(() => logged.length === 1, 'the failure logged');
      assert.match(logged[0]!, /audit function failed for call f-1/);
      page.close();
    } finally {
      console.error = original;
    }
  });

  it('audit is checked', async () => {
    await assert.rejects(createAgentServer({ audit: 'stream' as never }), /audit must be a function or 'redis'/);
    await assert.rejects(createAgentServer({ audit: 'redis' }), /give redis too/);
  });
});
