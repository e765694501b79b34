// The AI SDK mapping on parts as useChat holds them (the SDK's own UI part types): what is the
// kit's to show, the defaults an app does not set, and what goes back for every outcome.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ToolUIPart } from 'ai';
import { aiSdkCard, approvalResponse, toolOutput } from '../../src/adapters/ai-sdk.js';
import { timeoutResponse } from '../../src/rules/answers.js';

const approvalPart = (state: 'approval-requested' | 'approval-responded', approved?: boolean, reason?: string) =>
  ({
    type: 'tool-deploy', toolCallId: 'c1', state, input: { env: 'prod' },
    approval: state === 'approval-requested' ? { id: 'a1' } : { id: 'a1', approved: approved!, reason },
  }) as unknown as ToolUIPart;

describe('AI SDK mapping', () => {
  it('an approval part: tool name as title, input as details, medium by default, no time limit', () => {
    const card = aiSdkCard(approvalPart('approval-requested'));
    assert.equal(card?.type, 'approval');
    assert.equal(card!.type === 'approval' && card.request.title, 'deploy');
    assert.equal(card!.type === 'approval' && card.request.metadata.severity, 'medium');
    assert.equal(card!.type === 'approval' && card.request.metadata.details, '{\n  "env": "prod"\n}');
    assert.equal(card!.type === 'approval' && card.request.timeout_seconds, 0);
    assert.equal(card!.type === 'approval' && card.response, undefined);
  });

  it('a responded part is its receipt: denied with its reason, from the part itself', () => {
    const card = aiSdkCard(approvalPart('approval-responded', false, 'not today'));
    assert.ok(card?.type === 'approval');
    assert.equal(card.response?.approved, false);
    assert.equal(card.response?.text, 'not today');
  });

  it('an unanswered approval never approves: a timeout goes back as a denial that says so', () => {
    const part = approvalPart('approval-requested');
    const card = aiSdkCard(part)!;
    assert.ok(card.type === 'approval');
    assert.deepEqual(approvalResponse(part, timeoutResponse(card.request, new Date(0).toISOString())), { id: 'a1', approved: false, reason: 'timed out (timeout)' });
  });

  it('other tools, streaming input and parts without approval are not the kit’s', () => {
    assert.equal(aiSdkCard({ type: 'tool-weather', toolCallId: 'w', state: 'input-available', input: {} } as unknown as ToolUIPart), undefined);
    assert.equal(aiSdkCard({ type: 'tool-request_user_input', toolCallId: 'q', state: 'input-streaming', input: {} } as unknown as ToolUIPart), undefined);
    const approval = aiSdkCard(approvalPart('approval-requested'));
    assert.ok(approval?.type === 'approval');
    const noApproval = { type: 'tool-x', toolCallId: 'x', state: 'input-available', input: {} } as unknown as ToolUIPart;
    assert.throws(() => approvalResponse(noApproval, timeoutResponse(approval.request, new Date(0).toISOString())), /part\.approval\.id/);
  });

  it('a kit tool follows the kit’s rules with the app’s context; its output is the typed result', () => {
    const part = { type: 'tool-request_user_approval', toolCallId: 'k1', state: 'input-available', input: { message: 'Ship?', severity: 'HIGH' } } as unknown as ToolUIPart;
    const card = aiSdkCard(part, { context: { locale: 'en' } })!;
    assert.ok(card.type === 'tool');
    assert.equal(card.request.metadata.severity, 'high', 'severity lower-cased by the rules');
    const { output } = toolOutput(card, timeoutResponse(card.request, new Date(0).toISOString()));
    assert.equal((output as { content: string }).content, '用户未批准操作（timeout）。');
  });
});
