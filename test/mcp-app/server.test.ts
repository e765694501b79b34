// agent-interaction-kit/mcp-app on a real McpServer, through a real MCP client (SDK 2.x, in
// memory): the tool list, the resource, the golden results, and every refusal of the MCP App (docs/mcp-app.md).
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { registerInteractionTools, type InteractionToolsOptions } from '../../src/entries/mcp-app.js';
import { argumentsDigest, canonicalJson } from '../../src/mcp-app/call-id.js';
import { DEFAULT_GRACE_MS } from '../../src/mcp-app/constants.js';
import type { InteractionRequest } from '../../src/protocol/request.js';
import type { InteractionResponse } from '../../src/protocol/response.js';
import { toolDefinitions } from '../../src/agent/tool-definitions.js';
import { answerRequest, timeoutResponse, type UserAnswer } from '../../src/rules/answers.js';
import { resolveContext } from '../../src/rules/context.js';
import { normalizeToolCall } from '../../src/rules/normalize.js';
import { FakeClock } from '../support/fake-clock.js';
import { answeredCases, withPlaceholders } from '../support/golden.js';

const HTML = '<!doctype html><html><head><script type="application/json" id="aik-mcp-context">{}</script></head><body></body></html>';
const UI = { capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } } };

const opened: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

async function connect(options: InteractionToolsOptions = {}, clientOptions: object = UI) {
  const clock = new FakeClock();
  const server = new McpServer({ name: 'kit', version: '0.1.0' });
  const tools = registerInteractionTools(server, { clock, html: HTML, ...options });
  const [serverEnd, clientEnd] = InMemoryTransport.createLinkedPair();
  await server.connect(serverEnd);
  const client = new Client({ name: 'host', version: '1.0.0' }, clientOptions as ConstructorParameters<typeof Client>[1]);
  await client.connect(clientEnd);
  opened.push(async () => {
    tools.close();
    await client.close();
  });
  /** Resolves once the server holds `count` calls waiting (the call crossed the transport). */
  const waiting = async (count = 1) => {
    while (tools.pendingIds.length < count) await new Promise((resolve) => setImmediate(resolve));
    return tools.pendingIds;
  };
  const respond = (callId: string, response: unknown) => client.callTool({ name: 'interaction_respond', arguments: { call_id: callId, response } });
  return { client, clock, tools, waiting, respond };
}

const text = (result: { content?: unknown }) => (result.content as { text: string }[]).map((block) => block.text).join('');

/** The response the card sends for `answer`: the rules' own, named by the call id the View derives. */
async function cardResponse(tool: 'request_user_approval' | 'request_user_input', args: Record<string, unknown>, answer: UserAnswer, at = '2026-11-29T12:00:31.204Z') {
  const callId = await argumentsDigest(args);
  const request = normalizeToolCall(tool, args, { request_id: callId, session_id: '' }, resolveContext());
  const outcome = answerRequest(request, answer, at);
  assert.ok(outcome.ok);
  return { callId, request, response: outcome.response };
}

describe('MCP App server: what it registers', () => {
  it('lists the tools with the card resource, and interaction_respond only for the View', async () => {
    const { client } = await connect();
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name), ['request_user_approval', 'request_user_input', 'interaction_respond']);
    for (const tool of tools) assert.equal((tool._meta?.ui as { resourceUri: string }).resourceUri, 'ui://agent-interaction-kit/card.html');
    assert.deepEqual((tools[2]!._meta?.ui as { visibility: string[] }).visibility, ['app']);
    const definitions = toolDefinitions({ channel: 'desktop', format: 'mcp' });
    assert.deepEqual(tools.slice(0, 2).map((tool) => [tool.description, tool.inputSchema]), definitions.map((d) => [d.description, d.inputSchema]));
  });

  it('offers publish_artifacts where the channel delivers, and delivers through `deliver`', async () => {
    const delivered: string[] = [];
    const { client } = await connect({ context: { channel: 'feishu' }, deliver: async (item) => (delivered.push(item.name), { delivered: true }) });
    assert.ok((await client.listTools()).tools.some((tool) => tool.name === 'publish_artifacts'));
    const result = await client.callTool({ name: 'publish_artifacts', arguments: { items: [{ url: 'https://example.com/a.pdf' }] } });
    assert.deepEqual(delivered, ['a.pdf']);
    assert.equal(text(result), '已处理 1 个文件输出，feishu 成功 1，失败 0，跳过 0。');
    const refused = await client.callTool({ name: 'publish_artifacts', arguments: { items: [] } });
    assert.equal(refused.isError, true);
    assert.deepEqual(refused.structuredContent, { error: 'items must be a non-empty list.' });
  });

  it('serves card.html as text/html;profile=mcp-app with the context in it, no text able to end its script', async () => {
    const { client } = await connect({ context: { run_mode: 'grilling', requester: '</script><b>x' } });
    const { contents } = await client.readResource({ uri: 'ui://agent-interaction-kit/card.html' });
    assert.equal(contents[0]!.mimeType, 'text/html;profile=mcp-app');
    const html = (contents[0] as { text: string }).text;
    assert.ok(html.includes('{"channel":"desktop","run_mode":"grilling","requester":"\\u003c/script>\\u003cb>x"}'));
    assert.ok(!html.includes('</script><b>'));
  });

  it('takes interaction_respond away from a client that renders no MCP Apps', async () => {
    const { client } = await connect({}, {});
    assert.deepEqual((await client.listTools()).tools.map((tool) => tool.name), ['request_user_approval', 'request_user_input']);
  });
});

describe('MCP App server: a call waits for the card', () => {
  for (const c of answeredCases.filter((c) => !('timeout' in c.answer!) && !('cancel' in c.answer!))) {
    it(`${c.name}: the model gets the golden result`, async () => {
      const { client, waiting, respond } = await connect({ context: c.context });
      const args = c.arguments as Record<string, unknown>;
      const tool = c.tool as 'request_user_approval' | 'request_user_input';
      const call = client.callTool({ name: tool, arguments: args });
      const [fullId] = await waiting();
      const callId = await argumentsDigest(args);
      const request = normalizeToolCall(tool, args, { request_id: callId, session_id: '' }, resolveContext(c.context));
      const outcome = answerRequest(request, c.answer as UserAnswer, '2026-11-29T12:00:31.204Z');
      assert.ok(outcome.ok);
      const reply = await respond(callId, outcome.response);
      const result = await call;
      const expected = withPlaceholders(c.result, fullId!, '2026-11-29T12:00:31.204Z');
      assert.deepEqual(result.structuredContent, expected);
      assert.deepEqual(reply.structuredContent, expected);
      assert.equal(text(result), (c.result as { content: string }).content);
    });
  }

  it('takes one response per call: a second one is refused', async () => {
    const { client, waiting, respond } = await connect();
    const args = { message: 'Deploy v2.3?' };
    const call = client.callTool({ name: 'request_user_approval', arguments: args });
    await waiting();
    const { callId, response } = await cardResponse('request_user_approval', args, { approve: true });
    assert.equal((await respond(callId, response)).isError, undefined);
    await call;
    const second = await respond(callId, { ...response, approved: false, raw_value: false });
    assert.equal(second.isError, true);
    assert.match(text(second), /it was already answered/);
  });

  it('refuses a response the rules would not build, naming what is wrong, and keeps waiting', async () => {
    const { client, waiting, respond, tools } = await connect();
    const args = { message: 'Pick', questions: [{ id: 'q', question: 'Which?', options: ['a', 'b'] }] };
    const call = client.callTool({ name: 'request_user_input', arguments: args });
    await waiting();
    const { callId, response } = await cardResponse('request_user_input', args, { answers: { q: { value: 'a' } } });
    const unknown = { ...response, answers: { q: { selected_options: ['z'], text: '', raw_value: 'z' } }, raw_value: { q: 'z' } };
    assert.match(text(await respond(callId, unknown)), /unknown_option \(q\)/);
    assert.match(text(await respond(callId, { ...response, status: 'finished' })), /response\.status/);
    assert.match(text(await respond(callId, { ...response, request_id: 'other' })), /response\.request_id/);
    assert.match(text(await respond(callId, { ...response, approved: false })), /not what the answer it gives comes to/);
    assert.match(text(await respond('not-a-call', response)), /no such call is waiting/);
    assert.equal(tools.pendingIds.length, 1);
    assert.equal((await respond(callId, response)).isError, undefined);
    assert.equal(text(await call), '已收到用户输入，共回答 1 个问题。');
  });

  it("takes the card's own timeout only once the deadline passed, within the grace", async () => {
    const { client, clock, waiting, respond } = await connect();
    const args = { message: 'Continue?', timeout_seconds: 30 };
    const call = client.callTool({ name: 'request_user_approval', arguments: args });
    await waiting();
    const callId = await argumentsDigest(args);
    const request: InteractionRequest = normalizeToolCall('request_user_approval', args, { request_id: callId, session_id: '' }, resolveContext());
    const early = await respond(callId, timeoutResponse(request, new Date(clock.now()).toISOString()));
    assert.match(text(early), /a timeout before the deadline/);
    clock.advance(30_000);
    const late: InteractionResponse = timeoutResponse(request, new Date(clock.now()).toISOString());
    assert.equal((await respond(callId, late)).isError, undefined);
    assert.equal(text(await call), '用户未批准操作（timeout）。');
  });

  it('resolves by itself at deadline + grace with the timeout policy (an injected clock)', async () => {
    const { client, clock, waiting, tools } = await connect();
    const call = client.callTool({ name: 'request_user_input', arguments: { message: 'm', questions: [{ id: 'a', question: 'A?', options: ['x', 'y'] }], timeout_seconds: 15 } });
    await waiting();
    clock.advance(15_000 + DEFAULT_GRACE_MS - 1);
    assert.equal(tools.pendingIds.length, 1);
    clock.advance(1);
    const result = await call;
    assert.equal(text(result), '已收到用户输入，共回答 1 个问题。');
    assert.equal((result.structuredContent as { interaction_response: { status: string } }).interaction_response.status, 'auto_selected');
  });

  it('ends a call the host cancels, and refuses its response afterwards', async () => {
    const { client, waiting, respond, tools } = await connect();
    const args = { message: 'Drop table?' };
    const abort = new AbortController();
    const call = client.callTool({ name: 'request_user_approval', arguments: args }, { signal: abort.signal });
    await waiting();
    abort.abort('stopped');
    await assert.rejects(call);
    while (tools.pendingIds.length > 0) await new Promise((resolve) => setImmediate(resolve));
    const { callId, response } = await cardResponse('request_user_approval', args, { approve: true });
    assert.match(text(await respond(callId, response)), /it was cancelled/);
  });

  it('answers the very call the id names when two calls have the same arguments', async () => {
    const { client, waiting, respond } = await connect();
    const args = { message: 'Same?' };
    const first = client.callTool({ name: 'request_user_approval', arguments: args });
    const second = client.callTool({ name: 'request_user_approval', arguments: args });
    const [, secondId] = await waiting(2);
    const { response } = await cardResponse('request_user_approval', args, { approve: false, note: '' });
    await respond(secondId!, { ...response, request_id: secondId! });
    assert.equal(text(await second), '用户未批准操作（completed）。');
    const { callId, response: approve } = await cardResponse('request_user_approval', args, { approve: true });
    await respond(callId, approve);
    assert.equal(text(await first), '用户已批准操作。');
  });

  it('refuses a call whose arguments the rules cannot read, naming the field', async () => {
    const { client, tools } = await connect();
    const result = await client.callTool({ name: 'request_user_input', arguments: { message: 3, questions: 'no' } });
    assert.equal(result.isError, true);
    assert.equal(text(result), 'arguments.message must be a string; arguments.questions must be an array.');
    assert.deepEqual(tools.pendingIds, []);
  });
});

describe('MCP App call ids', () => {
  it('hash canonical JSON, as the card and the Python side do', async () => {
    const args = { b: 1.5, a: [true, null, 'é\u2028'], c: { z: 120, y: 'x' } };
    assert.equal(canonicalJson(args), '{"a":[true,null,"é\u2028"],"b":1.5,"c":{"y":"x","z":120}}');
    // The same vector is held in python/tests/test_mcp_app.py.
    assert.equal(await argumentsDigest(args), 'b2284f3f3c77ee89d74d37d77e15765827682fced7f40bb8d69ea555173ecd5f');
  });
});
