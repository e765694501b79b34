// The session in pure JSON-RPC (`protocol: 'jsonrpc'`), as an MCP peer sees it: every frame the
// kit sends must pass the official SDK's own message schema, which rejects the kit's v1 frames
// and `"id": null`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EmptyResultSchema, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { answerRequest } from '../../src/rules/answers.js';
import type { RequestEntry, SessionProtocol } from '../../src/session/session.js';
import { entryStatus, requestEntry } from '../support/entries.js';
import { COMPLETE, SIMPLE_TEXT, URL_MODE } from './mcp-examples.js';
import { flush } from '../session/harness.js';
import { connectMcpPeer } from './mcp-peer.js';

async function peer(protocol: SessionProtocol) {
  const { kit, kitEnd, frames, shown, send } = await connectMcpPeer({ protocol });
  const sendRaw = async (text: string) => {
    // The memory transport sends JSON; a raw frame goes straight to the kit's listener.
    (kitEnd as unknown as { emitMessage(data: unknown): void }).emitMessage(text);
    await flush();
  };
  return {
    kit,
    frames,
    send,
    sendRaw,
    messages: () => frames.map((f) => JSON.parse(f) as Record<string, unknown>),
    /** Every request shown, each a request entry (a refused one fails here). */
    get cards(): RequestEntry[] {
      return shown.map(requestEntry);
    },
  };
}

describe('protocol "jsonrpc": the session speaks pure JSON-RPC', () => {
  it('sends no connect frame on open, and answers a v1 message with a JSON-RPC error, not a v1 one', async () => {
    const p = await peer('jsonrpc');
    assert.deepEqual(p.frames, [], 'nothing is sent on open');
    await p.send({ v: 1, type: 'hello', session_id: 's1' });
    await p.send({ v: 1, type: 'tool_call', call_id: 'c1', tool: 'request_user_approval', arguments: { message: 'x' } });
    await p.sendRaw('{not json');
    assert.deepEqual(p.cards, [], 'a v1 tool call shows no card');
    assert.deepEqual(p.messages(), [
      { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' } },
      { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' } },
      { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } },
    ]);
    for (const message of p.messages()) assert.ok(JSONRPCMessageSchema.safeParse(message).success, JSON.stringify(message));
  });

  it('error replies omit an id it does not have; every frame passes the SDK’s message schema', async () => {
    const p = await peer('jsonrpc');
    await p.send({ jsonrpc: '2.0', id: { nested: true }, method: 'elicitation/create', params: SIMPLE_TEXT.params });
    await p.send({ jsonrpc: '2.0', id: 31 });
    await p.send({ jsonrpc: '2.0', id: 30, method: 'sampling/createMessage', params: {} });
    const messages = p.messages().filter((m) => m.jsonrpc === '2.0');
    assert.deepEqual(messages.map((m) => ['id' in m ? m.id : 'none', (m.error as { code: number }).code]), [['none', -32600], [31, -32600], [30, -32601]]);
    for (const message of messages) assert.ok(JSONRPCMessageSchema.safeParse(message).success, JSON.stringify(message));
  });

  it('the default protocol keeps v1 beside the adapters, and plain JSON-RPC errors keep id: null', async () => {
    const p = await peer('v1');
    await p.send({ jsonrpc: '2.0', id: { nested: true }, method: 'elicitation/create', params: SIMPLE_TEXT.params });
    const [connect, error] = p.messages();
    assert.equal(connect?.type, 'connect');
    assert.deepEqual(error, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: id must be a number or a string.' } });
  });
});

describe('MCP: ping and an early completion', () => {
  for (const protocol of ['jsonrpc', 'v1'] as const) {
    it(`ping gets an empty result (${protocol})`, async () => {
      const p = await peer(protocol);
      await p.send({ jsonrpc: '2.0', id: 'p-1', method: 'ping' });
      const reply = p.messages().find((m) => m.jsonrpc === '2.0');
      assert.deepEqual(reply, { jsonrpc: '2.0', id: 'p-1', result: {} });
      assert.ok(EmptyResultSchema.safeParse(reply!.result).success);
    });
  }

  it('a completion that arrives before the user opened the link is kept: after the click the card shows done', async () => {
    const p = await peer('v1');
    await p.send(URL_MODE);
    await p.send(COMPLETE);
    const [card] = p.cards;
    assert.equal(entryStatus(p.kit.list()[0]), 'pending', 'the user still decides');
    const approve = answerRequest(card!.request, { approve: true }, new Date().toISOString());
    assert.ok(approve.ok);
    p.kit.answer(card!.id, approve.response);
    await flush();
    assert.deepEqual(p.messages().filter((m) => m.jsonrpc === '2.0'), [{ jsonrpc: '2.0', id: 3, result: { action: 'accept' } }]);
    assert.equal(requestEntry(p.kit.list()[0]).external, 'complete');
  });
});
