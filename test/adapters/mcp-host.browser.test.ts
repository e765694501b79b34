// MCP elicitation through <interaction-host> over a real WebSocket: a Node server sends the
// specification's JSON-RPC requests and notifications, the user answers with the keyboard, and
// the server reads the JSON-RPC responses.
import { expect, waitUntil } from '@open-wc/testing';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import { mcpElicitation } from '../../src/adapters/mcp-elicitation.js';
import type { ApprovalDialog } from '../../src/elements/approval-dialog/approval-dialog.js';
import { mountHost, uniqueSession, waitForCard } from '../host/support.js';
import { AgentLab } from '../support/agent.js';
import { press, startBefore, tabTo, type } from '../support/keyboard.js';
import { COMPLETE, SIMPLE_TEXT, STRUCTURED, URL_MODE } from './mcp-examples.js';
import { tabToField } from './support.js';
import { partIn } from '../support/card-harness.js';
import { hostHarness } from '../support/harness/host.js';
import { CardHarness } from '../support/harness/card.js';

describe('MCP elicitation through <interaction-host> over a real WebSocket', () => {
  let lab: AgentLab;
  before(async () => {
    lab = await AgentLab.start();
  });
  after(() => lab.close());

  async function connect(name: string, protocol: 'v1' | 'jsonrpc' = 'v1') {
    const session = uniqueSession(name);
    const { host } = await mountHost(lab.url(session), { adapters: [mcpElicitation({ server: 'GitHub MCP' })], protocol });
    host.locale = 'en';
    const send = (message: unknown) => lab.run({ action: 'send', session, message: message as Record<string, unknown> });
    const replies = async () => (await lab.received(session)).filter((m) => m.jsonrpc === '2.0');
    const replyTo = async (id: unknown) => {
      await waitUntil(async () => (await replies()).some((m) => m.id === id), `no reply to ${String(id)}`);
      return (await replies()).find((m) => m.id === id);
    };
    return { host, session, send, replies, replyTo };
  }

  it(`the specification’s text and structured requests, answered with the keyboard`, async () => {
    const { host, send, replyTo } = await connect('mcp-forms');
    await send(SIMPLE_TEXT);
    const first = await waitForCard(host, 'mcp-1');
    expect(partIn(first.shadowRoot!, 'requester')!.textContent).to.contain('GitHub MCP');
    await startBefore(first);
    await tabToField('name');
    await type('octocat');
    await press('Enter'); // Enter in a text field submits the form
    expect(await replyTo(1)).to.deep.equal({ jsonrpc: '2.0', id: 1, result: { action: 'accept', content: { name: 'octocat' } } });

    await send(STRUCTURED);
    const second = await waitForCard(host, 'mcp-2');
    await startBefore(second);
    await tabToField('name');
    await type('Monalisa Octocat');
    await tabToField('email');
    await type('octocat@github.com');
    await tabToField('age');
    await type('30');
    await tabTo((e) => e.getAttribute('part') === 'submit-button');
    await press('Enter');
    expect(await replyTo(2)).to.deep.equal({
      jsonrpc: '2.0', id: 2, result: { action: 'accept', content: { name: 'Monalisa Octocat', email: 'octocat@github.com', age: 30 } },
    });
    await waitUntil(() => second.state === 'answered', 'the card never became a receipt');
  });

  it('notifications/cancelled turns the card into a cancelled receipt; nothing is sent back', async () => {
    const { host, send, replies } = await connect('mcp-cancelled');
    await send({ ...SIMPLE_TEXT, id: 'req-9' });
    const el = await waitForCard(host, 'mcp-1');
    await send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'req-9', reason: 'Timed out on the server' } });
    await waitUntil(() => el.state === 'cancelled', 'the card was not cancelled');
    expect(new CardHarness(el).find('form')).to.equal(null);
    await send({ ...SIMPLE_TEXT, id: 'req-10' }); // a later request still works: the connection is fine
    await waitForCard(host, 'mcp-2');
    expect(await replies()).to.deep.equal([]);
  });

  it('an unsupported schema is answered with -32602 naming the property; the chat shows a receipt that names it', async () => {
    const { host, send, replyTo } = await connect('mcp-unsupported');
    await send({ ...SIMPLE_TEXT, id: 5, params: { ...SIMPLE_TEXT.params, requestedSchema: { type: 'object', properties: { address: { type: 'object', properties: { city: { type: 'string' } } } } } } });
    const reply = (await replyTo(5)) as { error: { code: number; message: string; data: { field: string } } };
    expect(reply.error.code).to.equal(-32602);
    expect(reply.error.data.field).to.equal('requestedSchema.properties.address.type');
    await waitUntil(() => partIn(host.shadowRoot!, 'refused'), 'no receipt in the chat');
    const receipt = partIn(host.shadowRoot!, 'refused')!;
    expect(receipt.getAttribute('role')).to.equal('status');
    expect(receipt.textContent).to.contain('could not be shown');
    expect(receipt.textContent).to.contain('requestedSchema.properties.address.type');
    expect(hostHarness(host).find('questionnaire-form, approval-dialog'), 'no form for it').to.equal(null);
    host.locale = 'zh-CN';
    await host.updateComplete;
    expect(receipt.textContent).to.contain('无法显示');
    await expect(host).to.be.accessible();
  });

  it('URL mode: consent opens the link, accept goes back, the complete notification marks it done', async () => {
    const opened: unknown[][] = [];
    const original = window.open;
    window.open = (...args: unknown[]) => (opened.push(args), null);
    try {
      const { host, send, replyTo } = await connect('mcp-url');
      await send(URL_MODE);
      const el = await waitForCard<ApprovalDialog>(host, 'mcp-1');
      expect(partIn(el.shadowRoot!, 'link-host')!.textContent).to.equal('mcp.example.com');
      await startBefore(el);
      await tabTo((e) => e.getAttribute('part') === 'approve-button');
      await press('Enter');
      expect(opened).to.deep.equal([[URL_MODE.params.url, '_blank', 'noopener,noreferrer']]);
      expect(await replyTo(3)).to.deep.equal({ jsonrpc: '2.0', id: 3, result: { action: 'accept' } });
      await waitUntil(() => el.linkState === 'waiting', 'not waiting');
      await send(COMPLETE);
      await waitUntil(() => el.linkState === 'complete', 'never complete');
      await el.updateComplete;
      expect(partIn(el.shadowRoot!, 'link-status')!.textContent).to.contain('reports it is done');
    } finally {
      window.open = original;
    }
  });

  it('protocol="jsonrpc": only JSON-RPC crosses the wire, each frame valid for the MCP SDK; ping is answered', async () => {
    const { host, session, send, replyTo } = await connect('mcp-pure', 'jsonrpc');
    await send({ jsonrpc: '2.0', id: 'ping-1', method: 'ping' });
    expect(await replyTo('ping-1')).to.deep.equal({ jsonrpc: '2.0', id: 'ping-1', result: {} });
    await send({ v: 1, type: 'tool_call', call_id: 'c-1', tool: 'request_user_approval', arguments: { message: 'Deploy?' } });
    await send(SIMPLE_TEXT);
    const el = await waitForCard(host, 'mcp-1');
    expect(hostHarness(host).findAll('[data-id]').length, 'the v1 call shows no card').to.equal(1);
    await startBefore(el);
    await tabToField('name');
    await type('octocat');
    await press('Enter');
    await replyTo(1);
    const frames = await lab.received(session);
    expect(frames.filter((m) => 'v' in m), 'no v1 frame (connect, error) was sent').to.deep.equal([]);
    for (const frame of frames) expect(JSONRPCMessageSchema.safeParse(frame).success, JSON.stringify(frame)).to.equal(true);
    expect(frames.find((m) => 'error' in m)).to.deep.equal({ jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' } });
  });

  it('a completion sent before the user opened the link is kept: opening shows it done', async () => {
    const original = window.open;
    window.open = () => null;
    try {
      const { host, send, replyTo } = await connect('mcp-early-complete', 'jsonrpc');
      await send(URL_MODE);
      const el = await waitForCard<ApprovalDialog>(host, 'mcp-1');
      await send(COMPLETE);
      await startBefore(el);
      await tabTo((e) => e.getAttribute('part') === 'approve-button');
      await press('Enter');
      expect(await replyTo(3)).to.deep.equal({ jsonrpc: '2.0', id: 3, result: { action: 'accept' } });
      await waitUntil(() => el.linkState === 'complete', `link state ${el.linkState}`);
      await el.updateComplete;
      expect(partIn(el.shadowRoot!, 'link-status')!.textContent).to.contain('reports it is done');
    } finally {
      window.open = original;
    }
  });
});
