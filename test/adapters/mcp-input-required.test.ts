// MCP 2026-07-28's multi round-trip requests on the kit's own connection: a call the page makes
// through the adapter comes back `input_required`; its input requests become cards, and once a
// round is answered the call goes again with `inputResponses` and the server's `requestState`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { McpCallError, type McpElicitationOptions } from '../../src/adapters/mcp-elicitation.js';
import { LinkCancelEvent } from '../../src/extensions/link-consent.js';
import { answerRequest, declineResponse, type QuestionChoice } from '../../src/rules/answers.js';
import type { RequestEntry } from '../../src/session/session.js';
import { entryStatus, requestEntry } from '../support/entries.js';
import { flush } from '../session/harness.js';
import { connectMcpPeer } from './mcp-peer.js';

const FORM = {
  method: 'elicitation/create',
  params: {
    mode: 'form',
    message: 'Who is the account for?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' }, seats: { type: 'integer', default: 3 } }, required: ['name'] },
  },
};
const CONFIRM = {
  method: 'elicitation/create',
  params: { mode: 'form', message: 'Invoice Ada now?', requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] } },
};
const LINK = { method: 'elicitation/create', params: { mode: 'url', message: 'Sign the contract', url: 'https://sign.example.com/c/42' } };

async function peerFor(options: McpElicitationOptions = { revision: '2026-07-28', server: 'Billing' }) {
  const peer = await connectMcpPeer({ adapter: options, protocol: 'jsonrpc' });
  const messages = () => peer.frames.map((frame) => JSON.parse(frame) as Record<string, unknown>);
  const cards = () => peer.shown.filter((entry): entry is RequestEntry => entry.kind === 'request');
  const answer = async (entry: RequestEntry, answers: Record<string, QuestionChoice> | 'approve') => {
    const outcome = answerRequest(entry.request, answers === 'approve' ? { approve: true } : { answers }, new Date(peer.clock.now()).toISOString());
    assert.ok(outcome.ok, JSON.stringify(outcome));
    assert.ok(peer.kit.answer(entry.id, outcome.response));
    await flush();
  };
  const respond = (id: unknown, result: object) => peer.send({ jsonrpc: '2.0', id, result });
  return { ...peer, messages, cards, answer, respond };
}

const text = (value: string): QuestionChoice => ({ input: { values: [], text: value } });

describe('MCP 2026-07-28 on the kit’s own connection: input_required', () => {
  it('two rounds (a form, then a form and a link): each retry carries the round’s inputResponses and the requestState; completion ends the call and the link card', async () => {
    const peer = await peerFor();
    const call = peer.adapter.request('tools/call', { name: 'account', arguments: { plan: 'team' } });
    await flush();
    const [first] = peer.messages();
    assert.deepEqual(first, {
      jsonrpc: '2.0',
      id: 'aik-1',
      method: 'tools/call',
      params: {
        name: 'account',
        arguments: { plan: 'team' },
        _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {}, url: {} } } },
      },
    });
    await peer.respond('aik-1', { resultType: 'input_required', inputRequests: { account: FORM }, requestState: 'state-1' });
    const [form] = peer.cards();
    assert.equal(form?.request.kind, 'questionnaire');
    assert.equal(form?.context.requester, 'Billing');
    await peer.answer(form!, { name: text('Ada') });
    const retry = peer.messages()[1]!;
    assert.equal(retry.id, 'aik-2');
    assert.equal(retry.method, 'tools/call');
    const params = retry.params as Record<string, unknown>;
    assert.deepEqual([params.name, params.arguments, params.requestState], ['account', { plan: 'team' }, 'state-1']);
    assert.deepEqual(params.inputResponses, { account: { action: 'accept', content: { name: 'Ada' } } });

    await peer.respond('aik-2', { resultType: 'input_required', inputRequests: { confirm: CONFIRM, contract: LINK }, requestState: 'state-2' });
    const [, confirm, link] = peer.cards();
    assert.equal(link?.request.metadata.url, 'https://sign.example.com/c/42');
    await peer.answer(link!, 'approve');
    assert.equal(peer.messages().length, 2, 'no retry while the round still has a card open');
    assert.equal(requestEntry(peer.kit.list().find((entry) => entry.id === link!.id)).external, 'running', 'consent alone: the link card waits for the call, which the person may cancel');
    await peer.answer(confirm!, { confirm: { input: { values: ['true'], text: '' } } });
    const second = peer.messages()[2]!;
    assert.equal(second.id, 'aik-3');
    assert.deepEqual((second.params as Record<string, unknown>).requestState, 'state-2');
    assert.deepEqual(Object.keys((second.params as { inputResponses: object }).inputResponses).sort(), ['confirm', 'contract']);
    assert.deepEqual((second.params as { inputResponses: Record<string, unknown> }).inputResponses, {
      contract: { action: 'accept' },
      confirm: { action: 'accept', content: { confirm: true } },
    });

    await peer.respond('aik-3', { content: [{ type: 'text', text: 'opened' }] });
    assert.deepEqual(await call, { content: [{ type: 'text', text: 'opened' }] });
    assert.equal(requestEntry(peer.kit.list().find((entry) => entry.id === link!.id)).external, 'complete');
  });

  it('a declined form goes back as decline in inputResponses; the server may end the call with it', async () => {
    const peer = await peerFor();
    const call = peer.adapter.request('prompts/get', { name: 'greeting' });
    await flush();
    await peer.respond('aik-1', { resultType: 'input_required', inputRequests: { who: FORM } });
    const [card] = peer.cards();
    peer.kit.answer(card!.id, declineResponse(card!.request, new Date().toISOString()));
    await flush();
    const retry = peer.messages()[1]!;
    assert.equal(retry.method, 'prompts/get');
    assert.deepEqual((retry.params as Record<string, unknown>).inputResponses, { who: { action: 'decline' } });
    assert.equal('requestState' in (retry.params as object), false, 'no requestState was given, none is echoed');
    await peer.respond(retry.id, { messages: [] });
    assert.deepEqual(await call, { messages: [] });
  });

  it('an input request the kit cannot fulfil fails the call with -32602 naming it, and leaves a refused receipt', async () => {
    const peer = await peerFor();
    const call = peer.adapter.request('tools/call', { name: 'summarise' });
    await flush();
    await peer.respond('aik-1', { resultType: 'input_required', inputRequests: { draft: { method: 'sampling/createMessage', params: {} } } });
    await assert.rejects(call, (error: unknown) => error instanceof McpCallError && error.code === -32602 && /inputRequests\.draft\.method/.test(error.message));
    assert.deepEqual(peer.kit.list().map((entry) => entry.kind), ['refused']);
    assert.equal(peer.messages().length, 1, 'nothing is retried');
  });

  it('a schema outside the subset in a round names its field; a JSON-RPC error rejects the call with its code', async () => {
    const peer = await peerFor();
    const bad = peer.adapter.request('tools/call', { name: 'a' });
    const failing = peer.adapter.request('tools/call', { name: 'b' });
    await flush();
    await peer.respond('aik-1', {
      resultType: 'input_required',
      inputRequests: { x: { method: 'elicitation/create', params: { message: 'Nested?', requestedSchema: { type: 'object', properties: { deep: { type: 'object' } } } } } },
    });
    await assert.rejects(bad, (error: unknown) => error instanceof McpCallError && /inputRequests\.x\.params\.requestedSchema/.test(error.message));
    await peer.send({ jsonrpc: '2.0', id: 'aik-2', error: { code: -32601, message: 'Unknown tool: b' } });
    await assert.rejects(failing, (error: unknown) => error instanceof McpCallError && error.code === -32601 && error.message === 'Unknown tool: b');
    await peer.send({ jsonrpc: '2.0', id: 'aik-2', result: {} }); // a second response to the same id: nothing
    assert.equal(peer.messages().length, 2);
  });

  it('in 2025-11-25 the call carries no per-request _meta, and a complete result resolves at once', async () => {
    const peer = await peerFor({ revision: '2025-11-25' });
    const call = peer.adapter.request('resources/read', { uri: 'file:///a' });
    await flush();
    assert.deepEqual(peer.messages()[0], { jsonrpc: '2.0', id: 'aik-1', method: 'resources/read', params: { uri: 'file:///a' } });
    await peer.respond('aik-1', { contents: [] });
    assert.deepEqual(await call, { contents: [] });
    assert.deepEqual(peer.kit.list().map(entryStatus), []);
  });

  it('Cancel on a round’s consented link while the call runs: notifications/cancelled for the call in flight, the call rejected, the link card cancelled', async () => {
    const peer = await peerFor();
    // The host's element, as the adapter's extension listens on it (an EventTarget is all it uses here).
    const root = new EventTarget() as unknown as HTMLElement;
    peer.adapter.extension!.provide(root);
    const call = peer.adapter.request('tools/call', { name: 'sign' });
    await flush();
    await peer.respond('aik-1', { resultType: 'input_required', inputRequests: { contract: LINK } });
    const [link] = peer.cards();
    await peer.answer(link!, 'approve');
    const entry = () => requestEntry(peer.kit.list().find((item) => item.id === link!.id));
    assert.equal(entry().external, 'running', 'it waits for a call the person may cancel');
    const elsewhere = new LinkCancelEvent('https://other.example.com/');
    root.dispatchEvent(elsewhere);
    assert.equal(elsewhere.defaultPrevented, false, 'a link of no call of the page’s is left alone');
    const cancel = new LinkCancelEvent(LINK.params.url);
    root.dispatchEvent(cancel);
    await flush();
    assert.equal(cancel.defaultPrevented, true);
    await assert.rejects(call, (error: unknown) => error instanceof DOMException && error.name === 'AbortError');
    assert.deepEqual(peer.messages()[2], { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'aik-2', reason: 'The person cancelled the call.' } });
    assert.equal(entry().external, 'cancelled');
    await peer.respond('aik-2', { content: [] }); // the server's answer after the cancel: nothing
    assert.equal(entry().external, 'cancelled');
  });
});
