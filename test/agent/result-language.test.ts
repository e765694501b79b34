// resultLanguage on both sides of a real exchange (an AgentSession and an InteractionSession on a
// memory transport): the runtime's choice decides every result its callTool resolves with, the
// page's own and its timeout results alike; without one, the page's choice reaches the caller.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AgentSession } from '../../src/agent/agent-session.js';
import { createAgentServer } from '../../src/agent/ws-server.js';
import type { ToolResult } from '../../src/protocol/results.js';
import { answerRequest } from '../../src/rules/answers.js';
import { requestEntry } from '../support/entries.js';
import { flush, harness, type Harness, type HarnessOptions } from '../session/harness.js';

/** Asks `tool`, answers its card as the user would, and resolves with what callTool resolved with and what the page sent. */
async function answered(options: HarnessOptions, tool: 'request_user_approval' | 'request_user_input', args: Record<string, unknown>, answer: Parameters<typeof answerRequest>[1]) {
  const h = await harness(options);
  const call = h.agent.callTool(tool, args, { callId: 'c-1' });
  await flush();
  const entry = requestEntry(h.kit.list()[0]);
  const outcome = answerRequest(entry.request, answer, new Date(h.clock.now()).toISOString());
  assert.ok(outcome.ok);
  h.kit.answer('c-1', outcome.response);
  return { h, result: await call, sent: sentResult(h) };
}

function sentResult(h: Harness): ToolResult {
  const message = h.sent.find((m) => m.type === 'tool_result');
  assert.ok(message, 'the page sent a tool_result');
  return message.result as ToolResult;
}

const content = (result: ToolResult) => ('content' in result ? result.content : result.error);
const without = (result: ToolResult) => ({ ...result, content: undefined });

describe('resultLanguage: the runtime’s choice', () => {
  it("'en' on the runtime: a Chinese page's result reaches callTool in English, nothing else changed", async () => {
    const { result, sent } = await answered({ languages: { agent: 'en' } }, 'request_user_approval', { message: 'Deploy?' }, { approve: true });
    assert.equal(content(sent), '用户已批准操作。', 'the page wrote Chinese (its default)');
    assert.equal(content(result), 'The user approved the action.');
    assert.deepEqual(without(result), without(sent));
  });

  it("'en' on the runtime: its own timeout result at deadline + grace, and a re-ask of it, are English", async () => {
    const h = await harness({ languages: { agent: 'en' } });
    h.kitEnd.drop(); // the page is gone: only the runtime's timer answers
    const call = h.agent.callTool('request_user_input', { message: 'Name?', timeout_seconds: 5 }, { callId: 't-1' });
    h.clock.advance(15_000);
    const result = await call;
    assert.equal(content(result), 'No valid input was received (timeout).');
    const again = await h.agent.callTool('request_user_input', { message: 'Name?', timeout_seconds: 5 }, { callId: 't-1' });
    assert.deepEqual(again, result);
  });

  it("'zh' on the runtime turns an English page's result back into Chinese", async () => {
    const args = { message: 'Region?', input_mode: 'choice', options: ['eu', 'us'] };
    const { result, sent } = await answered({ languages: { agent: 'zh', kit: 'en' } }, 'request_user_input', args, { values: ['us'] });
    assert.equal(content(sent), "Received the user's input: selected=us | options=us");
    assert.equal(content(result), '已收到用户输入：selected=us | options=us');
  });
});

describe('resultLanguage: the page’s choice', () => {
  it("without one on the runtime, the page's 'en' reaches callTool as the page wrote it", async () => {
    const args = { message: 'Pick', questions: [{ id: 'a', question: 'A?', options: ['x', 'y'] }] };
    const { result, sent } = await answered({ languages: { kit: 'en' } }, 'request_user_input', args, { answers: { a: { value: 'y' } } });
    assert.equal(content(result), "Received the user's input: 1 questions answered.");
    assert.deepEqual(result, sent);
  });

  it("the page's 'en' for publish_artifacts, which only the page answers", async () => {
    const h = await harness({ languages: { kit: 'en' }, context: { channel: 'feishu' }, deliver: async () => ({ delivered: true }) });
    const result = await h.agent.callTool('publish_artifacts', { items: [{ path: '/tmp/report.pdf' }, { url: 'https://x.example/a.png' }] });
    assert.equal(content(result), 'Processed 2 file outputs: feishu succeeded 2, failed 0, skipped 0.');
  });

  it('a page that changes its language mid-session (configure) answers the next result in it', async () => {
    const h = await harness();
    h.kit.configure({ resultLanguage: 'en' });
    const call = h.agent.callTool('request_user_approval', { message: 'Go?' }, { callId: 'g-1' });
    await flush();
    const outcome = answerRequest(requestEntry(h.kit.list()[0]).request, { approve: false }, new Date(h.clock.now()).toISOString());
    assert.ok(outcome.ok);
    h.kit.answer('g-1', outcome.response);
    assert.equal(content(await call), 'The user did not approve the action (completed).');
    assert.throws(() => h.kit.configure({ resultLanguage: 'english' as 'en' }), /InteractionSession: resultLanguage must be "zh" or "en" \(got "english"\)/);
  });
});

describe('resultLanguage: bad values are refused at start, naming the option', () => {
  it('createAgentServer and AgentSession', async () => {
    await assert.rejects(createAgentServer({ resultLanguage: 'EN' as 'en', log: () => undefined }), /createAgentServer: resultLanguage must be "zh" or "en" \(got "EN"\)/);
    assert.throws(() => new AgentSession({ sessionId: 's', resultLanguage: 'fr' as 'en' }), /AgentSession: resultLanguage/);
  });
});
