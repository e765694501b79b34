// The kit as an MCP App, end to end in the browser: the real ext-apps AppBridge
// hosts the real card.html, read from the real server (Node, and Python) through a real MCP
// client, inside a sandbox proxy on a second origin under the host's default CSP. Each card is
// answered with real keys on controls found by role and name; the client's tools/call result is
// held against golden.json.
import { expect, waitUntil } from '@open-wc/testing';
import { CALL, golden, RESOLVED_AT, withPlaceholders } from '../support/golden.js';
import { argumentsDigest } from '../../src/mcp-app/call-id.js';
import { DEFAULT_GRACE_MS } from '../../src/mcp-app/constants.js';
import { press as pressKey } from '../support/keyboard.js';
import { openView, press, probe, startLab, type, viewSays, type Lab, type Runtime } from './view-harness.js';

const goldenCase = (name: string) => {
  const found = golden.tool_cases.find((c) => c.name === name);
  if (!found?.result) throw new Error(`no golden case ${name}`);
  return found as typeof found & { arguments: Record<string, unknown>; result: Record<string, unknown> };
};

/** The golden result with the call's own id and time in place of CALL and RESOLVED_AT. */
function expectGolden(structured: unknown, name: string): void {
  const actual = structured as { interaction_response: { request_id: string; resolved_at: string } };
  const { request_id: id, resolved_at: at } = actual.interaction_response;
  expect(id).to.match(/^[0-9a-f]{64}#/);
  expect(actual).to.deep.equal(withPlaceholders(goldenCase(name).result, id, at));
  expect(JSON.stringify(goldenCase(name).result)).to.include(`"${CALL}"`).and.include(`"${RESOLVED_AT}"`);
}

/** The suite, against the Node server or the Python one (card-node / card-python.browser.test.ts). */
export function cardSuite(runtime: Runtime): void {
  describe(`MCP App card (${runtime} server)`, function () {
    // A server process, a client, a sandbox and the View per test: real parts, a few seconds each.
    this.timeout(30_000);
    // One server (and client) for the suite: each test awaits its own call to its end.
    let lab: Lab;
    before(async () => {
      lab = await startLab(runtime);
    });
    after(async () => {
      await lab?.close();
    });
    afterEach(async () => {
      document.body.replaceChildren();
      expect(await lab.pending()).to.deep.equal([]);
    });

    it('approves with the host in English: the model gets the golden result, the View its receipt', async () => {
      const c = goldenCase('approval-huge-timeout-clamped');
      const view = await openView(lab, 'request_user_approval', c.arguments, { hostContext: { locale: 'en-US', theme: 'light' } });
      await press(view, { role: 'button', name: 'Approve' });
      const result = await view.result;
      expectGolden(result.structuredContent, c.name);
      expect(result.content).to.deep.equal([{ type: 'text', text: '用户已批准操作。' }]);
      await viewSays(view, 'Approved');
      expect(await lab.pending()).to.deep.equal([]);
      expect(view.violations).to.deep.equal([]);
    });

    it('speaks the host’s language beyond zh-CN and en: Japanese for ja-JP, Arabic right to left for ar', async () => {
      const c = goldenCase('approval-huge-timeout-clamped');
      const view = await openView(lab, 'request_user_approval', c.arguments, { hostContext: { locale: 'ja-JP', theme: 'light' } });
      await press(view, { role: 'button', name: '承認' });
      expectGolden((await view.result).structuredContent, c.name);
      expect(view.violations).to.deep.equal([]);
      document.body.replaceChildren();
      const arabic = await openView(lab, 'request_user_approval', c.arguments, { hostContext: { locale: 'ar', theme: 'dark' } });
      await press(arabic, { role: 'button', name: 'موافقة' });
      expectGolden((await arabic.result).structuredContent, c.name);
      expect(arabic.violations).to.deep.equal([]);
    });

    it('rejects with a note typed behind 添加理由', async () => {
      const c = goldenCase('approval-rejected-with-note');
      const view = await openView(lab, 'request_user_approval', c.arguments);
      await press(view, { role: 'button', name: '添加理由' });
      await type('太危险');
      await press(view, { role: 'button', name: '拒绝' });
      const result = await view.result;
      expectGolden(result.structuredContent, c.name);
      await viewSays(view, '已拒绝');
      expect(view.violations).to.deep.equal([]);
    });

    it('answers a questionnaire with 自定义, step by step', async () => {
      const c = goldenCase('questionnaire-numbers-and-custom');
      const view = await openView(lab, 'request_user_input', c.arguments);
      await press(view, { role: 'radio', name: '2' }, 'Space');
      await press(view, { role: 'radio', name: '自定义' }, 'Space');
      await press(view, { role: 'textbox', name: '自定义内容' }, 'a');
      await type('p-southeast');
      await pressKey('Enter');
      await press(view, { role: 'radio', name: 'api' }, 'Space');
      await press(view, { role: 'button', name: '提交' });
      const result = await view.result;
      expectGolden(result.structuredContent, c.name);
      expect(result.content).to.deep.equal([{ type: 'text', text: '已收到用户输入，共回答 3 个问题。' }]);
      expect(view.violations).to.deep.equal([]);
    });

    it('times out on the server clock: the questionnaire auto-selects, the View shows the timeout', async () => {
      const c = goldenCase('questionnaire-timeout-auto-select');
      const view = await openView(lab, 'request_user_input', c.arguments, { hostContext: { theme: 'dark' } });
      await viewSays(view, 'A?');
      expect(await lab.pending()).to.have.length(1);
      await lab.advance(30_000 + DEFAULT_GRACE_MS);
      const result = await view.result;
      expectGolden(result.structuredContent, c.name);
      await viewSays(view, '已超时');
      expect(view.violations).to.deep.equal([]);
    });

    it('shows a cancelled call as cancelled, and refuses a response for it afterwards', async () => {
      const c = goldenCase('questionnaire-cancelled');
      const view = await openView(lab, 'request_user_input', c.arguments);
      await viewSays(view, 'A?');
      view.cancel('the user stopped the agent');
      let rejected = false;
      await view.result.catch(() => (rejected = true));
      expect(rejected).to.equal(true);
      await viewSays(view, '已撤回'); // the cancelled receipt: the host withdrew the request
      await waitUntil(async () => (await lab.pending()).length === 0, 'the cancelled call is still pending');
      const callId = await argumentsDigest(c.arguments);
      const late = await lab.host.client.callTool({ name: 'interaction_respond', arguments: { call_id: callId, response: { request_id: callId } } });
      expect(late.isError).to.equal(true);
      expect(JSON.stringify(late.content)).to.include('it was cancelled');
      expect(view.violations).to.deep.equal([]);
    });

    it('in a host that lets the View call no server tools, says so and ends the call at its deadline', async () => {
      const view = await openView(lab, 'request_user_approval', { message: 'Deploy v2.3?', timeout_seconds: 60 }, { serverTools: false });
      await viewSays(view, '请在支持的客户端中回答');
      expect(await probe<string[]>(view, { op: 'names', role: 'button' })).to.deep.equal([]);
      await lab.advance(60_000 + DEFAULT_GRACE_MS);
      const result = await view.result;
      expect((result.structuredContent as { interaction_response: { status: string } }).interaction_response.status).to.equal('timeout');
      expect(result.content).to.deep.equal([{ type: 'text', text: '用户未批准操作（timeout）。' }]);
      expect(view.violations).to.deep.equal([]);
    });
  });
}
