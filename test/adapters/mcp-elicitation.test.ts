import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { McpElicitationOptions } from '../../src/adapters/mcp-elicitation.js';
import type { InteractionRequest } from '../../src/protocol/request.js';
import { answerRequest, cancelledResponse, declineResponse, type QuestionChoice } from '../../src/rules/answers.js';
import type { RequestEntry } from '../../src/session/session.js';
import { entryStatus, life, requestEntry } from '../support/entries.js';
import { COMPLETE, STRUCTURED, SIMPLE_TEXT, URL_MODE } from './mcp-examples.js';
import { flush } from '../session/harness.js';
import { connectMcpPeer } from './mcp-peer.js';

/** A kit session with the MCP adapter, and the server's end of the connection. */
async function mcpPeer(options: McpElicitationOptions = {}) {
  const peer = await connectMcpPeer({ adapter: options });
  const { kit, clock } = peer;
  const answer = async (entry: RequestEntry, answers: Record<string, QuestionChoice>) => {
    const outcome = answerRequest(entry.request, { answers }, new Date(clock.now()).toISOString());
    assert.ok(outcome.ok, JSON.stringify(outcome));
    assert.ok(kit.answer(entry.id, outcome.response));
    await flush();
  };
  return {
    ...peer,
    answer,
    /** The JSON-RPC messages the server received, in order. */
    get replies() {
      return peer.frames.map((frame) => JSON.parse(frame) as Record<string, unknown>).filter((message) => message.jsonrpc === '2.0');
    },
    /** The cards to answer: the request entries shown, in order. */
    get cards() {
      return peer.shown.filter((entry): entry is RequestEntry => entry.kind === 'request');
    },
  };
}

const input = (text: string, values: string[] = []): QuestionChoice => ({ input: { values, text } });

describe('MCP elicitation: the specification’s examples', () => {
  it('simple text request → accept with the typed name', async () => {
    const peer = await mcpPeer();
    await peer.send(SIMPLE_TEXT);
    const [card] = peer.cards;
    assert.equal(card?.request?.kind, 'questionnaire');
    assert.equal(card?.request?.message, 'Please provide your GitHub username');
    assert.equal(life(card).deadline, undefined, 'an elicitation has no time limit');
    await peer.answer(card!, { name: input('octocat') });
    assert.deepEqual(peer.replies, [{ jsonrpc: '2.0', id: 1, result: { action: 'accept', content: { name: 'octocat' } } }]);
    assert.equal(entryStatus(peer.kit.list()[0]), 'answered');
  });

  it('structured data request → accept with the age as a number', async () => {
    const peer = await mcpPeer();
    await peer.send(STRUCTURED);
    await peer.answer(peer.cards[0]!, { name: input('Monalisa Octocat'), email: input('octocat@github.com'), age: input('30') });
    assert.deepEqual(peer.replies, [
      { jsonrpc: '2.0', id: 2, result: { action: 'accept', content: { name: 'Monalisa Octocat', email: 'octocat@github.com', age: 30 } } },
    ]);
  });

  it('URL mode → a consent card; accept has no content; complete marks it done, once', async () => {
    const peer = await mcpPeer({ server: 'Example Co files' });
    await peer.send(URL_MODE);
    const [card] = peer.cards;
    assert.equal(card?.request?.kind, 'approval');
    assert.equal(card?.request?.metadata.url, 'https://mcp.example.com/ui/set_api_key');
    assert.equal(card?.context.requester, 'Example Co files');
    const approve = answerRequest(card!.request!, { approve: true }, new Date().toISOString());
    assert.ok(approve.ok);
    peer.kit.answer(card!.id, approve.response);
    await flush();
    assert.deepEqual(peer.replies, [{ jsonrpc: '2.0', id: 3, result: { action: 'accept' } }]);
    assert.equal(requestEntry(peer.kit.list()[0]).external, 'waiting');
    await peer.send(COMPLETE);
    assert.equal(requestEntry(peer.kit.list()[0]).external, 'complete');
    await peer.send(COMPLETE); // already complete: ignored
    await peer.send({ ...COMPLETE, params: { elicitationId: 'unknown' } });
    assert.equal(peer.replies.length, 1, 'notifications get no response');
  });
});

describe('MCP elicitation: outcomes, ids and notifications', () => {
  it('decline and cancel are their own actions, without content', async () => {
    const peer = await mcpPeer();
    await peer.send({ ...SIMPLE_TEXT, id: 'a' });
    await peer.send({ ...SIMPLE_TEXT, id: 'b' });
    const [a, b] = peer.cards as [RequestEntry, RequestEntry];
    peer.kit.answer(a.id, declineResponse(a.request, new Date().toISOString()));
    peer.kit.answer(b.id, cancelledResponse(b.request, new Date().toISOString()));
    await flush();
    assert.deepEqual(peer.replies, [
      { jsonrpc: '2.0', id: 'a', result: { action: 'decline' } },
      { jsonrpc: '2.0', id: 'b', result: { action: 'cancel' } },
    ]);
    assert.deepEqual(peer.kit.list().map(entryStatus), ['answered', 'cancelled']);
  });

  it('keeps number 7 and string "7" apart, and shows a repeated pending id once', async () => {
    const peer = await mcpPeer();
    await peer.send({ ...SIMPLE_TEXT, id: 7 });
    await peer.send({ ...SIMPLE_TEXT, id: '7' });
    await peer.send({ ...SIMPLE_TEXT, id: 7 });
    assert.equal(peer.cards.length, 2);
    await peer.answer(peer.cards[1]!, { name: input('string') });
    await peer.answer(peer.cards[0]!, { name: input('number') });
    assert.deepEqual(peer.replies.map((reply) => [reply.id, (reply.result as { content: { name: string } }).content.name]), [['7', 'string'], [7, 'number']]);
  });

  it('notifications/cancelled turns the card into a cancelled receipt and sends nothing', async () => {
    const peer = await mcpPeer();
    await peer.send(SIMPLE_TEXT);
    await peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, reason: 'User requested cancellation' } });
    const entry = requestEntry(peer.kit.list()[0]);
    assert.equal(entryStatus(entry), 'cancelled');
    assert.equal(life(entry).response?.status, 'cancelled');
    assert.equal(peer.kit.answer(entry.id, answerRequestOk(entry.request)), false, 'a withdrawn card takes no answer');
    await flush();
    assert.deepEqual(peer.replies, []);
  });

  it('answers an unsupported schema, an undeclared mode and bad params with -32602 naming the field', async () => {
    const peer = await mcpPeer({ modes: ['form'] });
    await peer.send({ ...SIMPLE_TEXT, id: 10, params: { ...SIMPLE_TEXT.params, requestedSchema: { type: 'object', properties: { address: { type: 'object' } } } } });
    await peer.send({ ...URL_MODE, id: 11 });
    await peer.send({ ...SIMPLE_TEXT, id: 12, params: { requestedSchema: SIMPLE_TEXT.params.requestedSchema } });
    await peer.send({ ...SIMPLE_TEXT, id: 13, params: { ...SIMPLE_TEXT.params, mode: 'voice' } });
    // Never a broken form: a receipt naming the field, with no request to answer.
    assert.deepEqual(peer.cards, [], 'no request to answer');
    assert.deepEqual(peer.shown.map((card) => [entryStatus(card), card.kind === 'refused' && card.field]), [
      ['cancelled', 'requestedSchema.properties.address.type'], ['cancelled', 'mode'], ['cancelled', 'message'], ['cancelled', 'mode'],
    ]);
    assert.deepEqual(
      peer.replies.map((reply) => [reply.id, (reply.error as { code: number }).code, (reply.error as { data: { field: string } }).data.field]),
      [[10, -32602, 'requestedSchema.properties.address.type'], [11, -32602, 'mode'], [12, -32602, 'message'], [13, -32602, 'mode']],
    );
    assert.match((peer.replies[0]!.error as { message: string }).message, /requestedSchema\.properties\.address\.type/);
  });

  it('refuses a URL that is not http(s), and in 2025-11-25 a URL request without elicitationId', async () => {
    const peer = await mcpPeer({ revision: '2025-11-25' });
    await peer.send({ ...URL_MODE, id: 20, params: { ...URL_MODE.params, url: 'javascript:alert(1)' } });
    await peer.send({ ...URL_MODE, id: 21, params: { ...URL_MODE.params, elicitationId: undefined } });
    assert.deepEqual(peer.shown.map((card) => card.kind === 'refused' && card.field), ['url', 'elicitationId']);
    assert.deepEqual(peer.replies.map((reply) => (reply.error as { data: { field: string } }).data.field), ['url', 'elicitationId']);
  });

  it('2026-07-28 URL mode: no elicitationId, accept is consent alone; an empty elicitationId is still refused', async () => {
    const peer = await mcpPeer({ revision: '2026-07-28' });
    const { elicitationId: _gone, ...params } = URL_MODE.params;
    await peer.send({ ...URL_MODE, id: 22, params });
    const card = peer.cards[0]!;
    assert.equal(card.request.metadata.url, URL_MODE.params.url);
    const approve = answerRequest(card.request, { approve: true }, new Date().toISOString());
    assert.ok(approve.ok);
    peer.kit.answer(card.id, approve.response);
    await flush();
    assert.deepEqual(peer.replies.at(-1), { jsonrpc: '2.0', id: 22, result: { action: 'accept' } });
    // Consent alone: the card waits (with Open again) and no completion can name it.
    assert.equal(requestEntry(peer.kit.list()[0]).external, 'waiting');
    await peer.send(COMPLETE);
    assert.equal(requestEntry(peer.kit.list()[0]).external, 'waiting');
    await peer.send({ ...URL_MODE, id: 23, params: { ...params, elicitationId: '' } });
    assert.deepEqual(peer.replies.at(-1), {
      jsonrpc: '2.0', id: 23, error: { code: -32602, message: 'Invalid params: elicitationId must be a non-empty string.', data: { field: 'elicitationId' } },
    });
  });

  it('with no revision given, URL mode takes either: with an elicitationId (2025-11-25) or without (2026-07-28)', async () => {
    const peer = await mcpPeer();
    const { elicitationId: _gone, ...params } = URL_MODE.params;
    await peer.send({ ...URL_MODE, id: 24, params });
    await peer.send({ ...URL_MODE, id: 25 });
    assert.deepEqual(peer.cards.map((card) => card.request.metadata.url), [URL_MODE.params.url, URL_MODE.params.url]);
    assert.equal(peer.replies.length, 0, 'neither was refused');
  });

  it('answers other methods with -32601 and malformed envelopes with -32600; ignores other notifications and responses', async () => {
    const peer = await mcpPeer();
    await peer.send({ jsonrpc: '2.0', id: 30, method: 'sampling/createMessage', params: {} });
    await peer.send({ jsonrpc: '2.0', id: { nested: true }, method: 'elicitation/create', params: SIMPLE_TEXT.params });
    await peer.send({ jsonrpc: '2.0', id: 31 });
    await peer.send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } });
    await peer.send({ jsonrpc: '2.0', id: 32, result: {} });
    assert.deepEqual(
      peer.replies.map((reply) => [reply.id, (reply.error as { code: number }).code]),
      [[30, -32601], [null, -32600], [31, -32600]],
    );
  });

  it('with timeoutSeconds, a card left alone answers cancel at its deadline', async () => {
    const peer = await mcpPeer({ timeoutSeconds: 30 });
    await peer.send(SIMPLE_TEXT);
    assert.equal(life(peer.cards[0]).deadline, peer.clock.now() + 30_000);
    peer.clock.advance(29_999);
    await flush();
    assert.deepEqual(peer.replies, []);
    peer.clock.advance(1);
    await flush();
    assert.deepEqual(peer.replies, [{ jsonrpc: '2.0', id: 1, result: { action: 'cancel' } }]);
    assert.equal(entryStatus(peer.kit.list()[0]), 'expired');
  });

  it('a pending card dropped by a new session is answered cancel, not left hanging', async () => {
    const peer = await mcpPeer();
    await peer.send(SIMPLE_TEXT);
    await peer.send({ v: 1, type: 'hello', session_id: 'another' });
    assert.deepEqual(peer.replies, [{ jsonrpc: '2.0', id: 1, result: { action: 'cancel' } }]);
    assert.deepEqual(peer.kit.list(), []);
  });

  it('keeps a reply made while the connection is down and sends it when it returns', async () => {
    const peer = await mcpPeer();
    await peer.send(SIMPLE_TEXT);
    peer.kitEnd.drop();
    await peer.answer(peer.cards[0]!, { name: input('offline') });
    assert.deepEqual(peer.replies, []);
    peer.kitEnd.connect();
    await flush();
    assert.deepEqual(peer.replies, [{ jsonrpc: '2.0', id: 1, result: { action: 'accept', content: { name: 'offline' } } }]);
  });

  it('leaves the kit’s own protocol as it was: v1 messages still parse beside JSON-RPC', async () => {
    const peer = await mcpPeer();
    const kitMessages: Record<string, unknown>[] = [];
    peer.serverEnd.onMessage((data) => kitMessages.push(JSON.parse(String(data)) as Record<string, unknown>));
    await peer.send({ v: 1, type: 'hello', session_id: 's-mcp', context: { requester: 'runtime' } });
    await peer.send({ v: 1, type: 'tool_call', call_id: 'c1', tool: 'request_user_approval', arguments: { title: 'Deploy?', message: 'To production.' } });
    await peer.send(SIMPLE_TEXT);
    assert.deepEqual(kitMessages.map((m) => m.type ?? m.jsonrpc), ['ready'], JSON.stringify(kitMessages));
    assert.deepEqual(peer.cards.map((card) => [card.source, card.context.requester]), [['tool_call', 'runtime'], ['adapter', 'runtime']]);
  });
});

function answerRequestOk(request: InteractionRequest) {
  const outcome = answerRequest(request, { answers: { name: { input: { values: [], text: 'late' } } } }, new Date().toISOString());
  assert.ok(outcome.ok);
  return outcome.response;
}
