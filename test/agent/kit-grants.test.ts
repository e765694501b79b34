// The kit's session with session grants, against the real Node runtime over a real
// WebSocket: a granted call is a receipt acked without a card, and revokeGrant reaches the runtime.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createAgentServer, type AgentServer } from '../../src/agent/ws-server.js';
import type { ToolResult } from '../../src/protocol/results.js';
import type { RequestEntry } from '../../src/session/session.js';
import { golden, withPlaceholders } from '../support/golden.js';
import { kitPage, rawPage, waitFor } from './fleet.js';
import { life } from '../support/entries.js';

const KUBECTL = { key: 'shell:kubectl get', label: 'kubectl get …' };
const LOW = { message: 'Run kubectl get pods?', severity: 'low' };
const approved = (id: string) => withPlaceholders(golden.tool_cases.find((c) => c.name === 'approval-approved-high')!.result, id, new Date().toISOString()) as ToolResult;
const open: AgentServer[] = [];
after(() => Promise.all(open.map((s) => s.close())));

describe("the kit's session and session grants", () => {
  it('acks a granted call as a receipt, never a card; lists the grants; revokes one', async () => {
    const server = await createAgentServer({ log: () => undefined });
    open.push(server);
    // The grant is given first (the card's "allow for this session" is the page's to add).
    const giver = await rawPage(server, 'kg', { grants: true });
    const first = server.session('kg').callTool('request_user_approval', LOW, { callId: 'kg-1', grant: KUBECTL });
    await waitFor(() => giver.of('tool_call', 'kg-1').length > 0, 'the call');
    giver.send({ type: 'tool_result', call_id: 'kg-1', tool: 'request_user_approval', result: approved('kg-1'), grant: 'session' });
    await first;
    giver.close();

    const page = kitPage(server, 'kg');
    await waitFor(() => page.kit.grants.length === 1, 'the grants listed after ready');
    assert.deepEqual(page.kit.grants.map((g) => [g.key, g.label]), [[KUBECTL.key, KUBECTL.label]]);
    const result = await server.session('kg').callTool('request_user_approval', LOW, { callId: 'kg-2', grant: KUBECTL });
    assert.equal(result.interaction_response.approved, true);
    const entry = await waitFor(() => page.kit.list().find((e): e is RequestEntry => e.id === 'kg-2' && e.kind === 'request'), 'the receipt');
    assert.equal(entry.granted, true);
    assert.equal(life(entry).response?.approved, true, 'a settled receipt from the start: no card to answer');
    const arrivals = page.events.filter((e) => e.type === 'request' && e.entry.id === 'kg-2');
    assert.ok(arrivals.every((e) => e.type === 'request' && life(e.entry).response), 'never shown pending');
    await waitFor(() => life(page.entry('kg-2')).unacked === false, 'its answer acked by the runtime');

    page.kit.revokeGrant(KUBECTL.key);
    await waitFor(async () => (await server.session('kg').grants()).length === 0, 'revoked in the runtime');
    await waitFor(() => page.kit.grants.length === 0, 'the emptied list');
    const again = server.session('kg').callTool('request_user_approval', LOW, { callId: 'kg-3', grant: KUBECTL });
    const card = await waitFor(() => page.entry('kg-3'), 'a card again');
    assert.equal(card.granted, undefined);
    assert.deepEqual(card.grant, KUBECTL, 'the offer reaches the entry, for the card');
    assert.equal(life(card).response, undefined);
    page.answer('kg-3', { approve: true });
    await again;
    page.close();
  });
});
