// callTool is typed per tool, and the runtime holds the kit to it: a result is
// valid only when its own tool may give it, so an approval never resolves with `{error}`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AgentSession, type AgentConnection } from '../../src/agent/agent-session.js';
import type { ApprovalResult, ArtifactsResult, ErrorResult } from '../../src/protocol/results.js';
import { FakeClock } from '../support/fake-clock.js';

function agentOnWire() {
  const agent = new AgentSession({ sessionId: 's-t', context: { channel: 'feishu' }, clock: new FakeClock() });
  const frames: Record<string, unknown>[] = [];
  const connection: AgentConnection = { send: (m) => frames.push(m as Record<string, unknown>), close: () => undefined };
  agent.attach(connection);
  agent.receive(connection, { v: 1, type: 'ready', kit_version: '0.1.0', capabilities: { tools: [] }, resume: [] });
  const kitSends = (call_id: string, tool: string, result: unknown) => agent.receive(connection, { v: 1, type: 'tool_result', call_id, tool, result });
  return { agent, frames, kitSends };
}

const approved: ApprovalResult = {
  source_tool: 'request_user_approval',
  content: '用户已批准操作。',
  content_parts: [{ type: 'tool_event', tool_name: 'request_user_approval', status: 'completed', summary: 'approved' }],
  interaction_request: { kind: 'approval', message: 'Go?', title: '请确认', severity: 'medium', details: '', timeout_seconds: 120 },
  interaction_response: {
    request_id: 'ap-1', status: 'completed', approved: true, text: '', selected_options: [], answers: {}, raw_value: true, resolved_at: '2026-12-01T09:00:00.000Z',
  },
};

describe('callTool: each tool resolves with its own result', () => {
  it('an {error} result for an approval is not accepted (nor acked); the approval result that follows is', async () => {
    const w = agentOnWire();
    const promise: Promise<ApprovalResult> = w.agent.callTool('request_user_approval', { message: 'Go?' }, { callId: 'ap-1' });
    w.kitSends('ap-1', 'request_user_approval', { error: 'items must be a non-empty list.' });
    assert.equal(w.frames.filter((f) => f.type === 'ack').length, 0);
    w.kitSends('ap-1', 'request_user_approval', approved);
    const result = await promise;
    assert.equal(result.content, '用户已批准操作。');
    assert.deepEqual(w.frames.filter((f) => f.type === 'ack'), [{ v: 1, type: 'ack', id: 'ap-1' }]);
  });

  it('publish_artifacts resolves with the {error} a rule refused it with', async () => {
    const w = agentOnWire();
    const promise: Promise<ArtifactsResult | ErrorResult> = w.agent.callTool('publish_artifacts', { items: [] }, { callId: 'pa-1' });
    w.kitSends('pa-1', 'publish_artifacts', { error: 'items must be a non-empty list.' });
    assert.deepEqual(await promise, { error: 'items must be a non-empty list.' });
  });
});
