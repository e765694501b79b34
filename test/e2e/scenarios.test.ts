// End to end: the standalone file with the adapters (dist/agent-interaction-kit-adapters.js: the
// core file and the adapters) in a plain HTML page with one <interaction-host src=…>, as the README
// shows, against the demo's mock runtime, in Chromium, Firefox and WebKit through the driver seam
// (test/support/drive). Every demo scenario is answered through roles and accessible names with
// real clicks and keys, and each result the runtime gets is checked. `npm test` builds dist/ first.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import { startMockRuntime, type MockRuntime, type ScenarioRun } from '../../demo/mock-runtime.js';
import { MCP_SCENARIOS, SCENARIOS } from '../../demo/scenarios.js';
import { enginesToRun, launchEngine, type Engine, type EngineBrowser } from '../support/drive/engine.js';
import { Page, poll } from '../support/drive/page.js';

const root = new URL('../..', import.meta.url).pathname;
const bundle = join(root, 'dist', 'agent-interaction-kit-adapters.js');
/** @sinonjs/fake-timers for the page, as one script: the page clock of the tests that fake it. */
let fakeTimers = '';

/**
 * The page's clock, faked before the bundle runs: it stands still until the test moves it with
 * `tick(page, ms)`, so a slow machine can neither let a stray press through nor pass by luck.
 */
const fakeClockScript = () =>
  `<script>${fakeTimers}; window.__clock = FakeTimers.install({ now: Date.now(), toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });</script>`;

/** Moves the page's faked clock on by `ms`, running its timers and what they resolve. */
const tick = (page: Page, ms: number) => page.run<number>(`window.__clock.tickAsync(${ms})`);

function pageHtml(wsUrl: string, fakeClock: boolean): string {
  return `<!doctype html>
<html lang="zh-CN">
  <head><meta charset="utf-8"><title>e2e</title>${fakeClock ? fakeClockScript() : ''}</head>
  <body>
    <interaction-host src="${wsUrl}"></interaction-host>
    <script type="module">
      // One file: the elements and the adapters, with the card parts the MCP form and link need.
      import { mcpElicitation } from '/dist/agent-interaction-kit-adapters.js';
      const host = document.querySelector('interaction-host');
      // The page's delivery for publish_artifacts: everything is sent but metrics.xlsx.
      host.deliver = async (item) =>
        item.name === 'metrics.xlsx' ? { delivered: false, reason: 'upload_file_failed:network_timeout' } : { delivered: true };
      // MCP elicitation on the same connection.
      host.adapters = [mcpElicitation({ server: 'demo-mcp' })];
    </script>
  </body>
</html>`;
}

let runtime: MockRuntime;
let server: Server;
let base = '';
let sessionCounter = 0;

async function waitFor<T>(read: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  return poll(async () => read(), what, timeoutMs);
}

async function settled(run: ScenarioRun): Promise<ScenarioRun> {
  return waitFor(() => (run.status === 'pending' ? undefined : run), `the result of ${run.callId}`);
}

before(async () => {
  assert.ok(existsSync(bundle), 'dist/agent-interaction-kit-adapters.js is missing: run `npm run build`');
  const built = await build({
    entryPoints: [createRequire(import.meta.url).resolve('@sinonjs/fake-timers')],
    bundle: true,
    format: 'iife',
    globalName: 'FakeTimers',
    platform: 'browser',
    // Required only where there is a `process` (Node), never in the page.
    external: ['util'],
    write: false,
    logLevel: 'error',
  });
  fakeTimers = built.outputFiles[0]!.text;
  runtime = await startMockRuntime();
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://page');
    if (url.pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(pageHtml(runtime.wsUrl(url.searchParams.get('session') ?? 'e2e'), url.searchParams.has('fake-clock')));
    } else if (/^\/dist\/[\w/.-]+\.js$/.test(url.pathname) && !url.pathname.includes('..') && existsSync(join(root, url.pathname))) {
      // The standalone file (and nothing it would need besides: it imports nothing).
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(readFileSync(join(root, url.pathname)));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

after(async () => {
  await runtime?.close();
  await new Promise((resolve) => server?.close(resolve));
});

for (const engine of enginesToRun()) describeScenarios(engine);

function describeScenarios(engine: Engine): void {
describe(`end to end: the standalone bundle against the demo runtime, in ${engine}`, () => {
  let browser: EngineBrowser;

  /** A fresh page and session; `fakeClock` fakes the page's clock before the bundle runs. */
  async function open(options: { fakeClock?: boolean } = {}): Promise<{ page: Page; session: string }> {
    const session = `e2e-${engine}-${(sessionCounter += 1)}`;
    const page = new Page(await browser.newPage({ width: 900, height: 1000 }));
    await page.goto(`${base}/?session=${session}${options.fakeClock ? '&fake-clock' : ''}`);
    await page.getByRole('status').filter({ hasText: '已连接' }).waitFor();
    return { page, session };
  }

  before(async () => {
    browser = await launchEngine(engine);
  });

  after(async () => {
    await browser?.close();
  });

  it('approval, low: 批准', async () => {
    const { page, session } = await open();
    const run = await runtime.run('approval-low', session);
    await page.getByRole('button', { name: '批准', exact: true }).click();
    const done = await settled(run);
    assert.equal((done.result as { content: string }).content, '用户已批准操作。');
    await page.getByText('已批准').first().waitFor();
    await page.close();
  });

  it('approval, medium: 拒绝 with a reason', async () => {
    const { page, session } = await open();
    const run = await runtime.run('approval-medium', session);
    await page.getByRole('button', { name: '添加理由' }).click();
    await page.getByRole('textbox', { name: '拒绝理由（可选）' }).fill('等下班后再重启');
    await page.getByRole('button', { name: '拒绝', exact: true }).click();
    const done = await settled(run);
    const result = done.result as { content: string; interaction_response: { approved: boolean; text: string } };
    assert.equal(result.content, '用户未批准操作（completed）。');
    assert.deepEqual([result.interaction_response.approved, result.interaction_response.text], [false, '等下班后再重启']);
    await page.close();
  });

  it('approval, high: 批准 then 确认批准', async () => {
    // The page clock is faked: the confirm step's second of arming passes only when the test says,
    // so a slow machine cannot let a stray Enter through (nor make the test pass by luck).
    const { page, session } = await open({ fakeClock: true });
    const run = await runtime.run('approval-high', session);
    await page.getByRole('button', { name: '批准', exact: true }).click();
    assert.equal(run.status, 'pending', 'one click does not approve a high-severity action');
    // 确认批准 has the focus, and for its first second it does nothing.
    const confirm = page.getByRole('button', { name: '确认批准', exact: true });
    await confirm.waitFor();
    assert.equal(await confirm.isFocused(), true);
    await page.press('Enter');
    await tick(page, 900);
    await page.press('Enter');
    // An answer turns the card into its receipt at once: 确认批准 still there is nothing sent.
    assert.equal(await confirm.count(), 1, 'two Enter presses within its first second approve nothing');
    assert.equal(run.status, 'pending');
    await tick(page, 200);
    await page.press('Enter');
    const done = await settled(run);
    assert.equal((done.result as { interaction_response: { approved: boolean } }).interaction_response.approved, true);
    await page.close();
  });

  it('text', async () => {
    const { page, session } = await open();
    const run = await runtime.run('text', session);
    await page.getByRole('textbox', { name: '回答' }).fill('星图');
    await page.getByRole('button', { name: '提交' }).click();
    assert.equal(((await settled(run)).result as { content: string }).content, '已收到用户输入：星图');
    await page.close();
  });

  it('choice', async () => {
    const { page, session } = await open();
    const run = await runtime.run('choice', session);
    await page.getByRole('radio', { name: 'Staging' }).check();
    await page.getByRole('button', { name: '提交' }).click();
    const result = (await settled(run)).result as { content: string; interaction_response: { selected_options: string[] } };
    assert.deepEqual(result.interaction_response.selected_options, ['stg']);
    assert.equal(result.content, '已收到用户输入：selected=stg | options=stg');
    await page.close();
  });

  it('multi-choice with free text', async () => {
    const { page, session } = await open();
    const run = await runtime.run('multi-choice', session);
    await page.getByRole('checkbox', { name: 'notes.md' }).check();
    await page.getByRole('checkbox', { name: 'report.pdf' }).check();
    await page.getByRole('textbox', { name: '补充说明（可选）' }).fill('草稿不用');
    await page.getByRole('button', { name: '提交' }).click();
    const result = (await settled(run)).result as { interaction_response: { selected_options: string[]; text: string } };
    assert.deepEqual(result.interaction_response.selected_options, ['report.pdf', 'notes.md']);
    assert.equal(result.interaction_response.text, '草稿不用');
    await page.close();
  });

  it('a four-question questionnaire: refused until complete, then recommended answers and one custom', async () => {
    const { page, session } = await open();
    // This test answers every question at once.
    await page.run(`document.querySelector('interaction-host').setAttribute('layout', 'list')`);
    const run = await runtime.run('questionnaire', session);
    await page.getByRole('button', { name: '提交' }).click();
    await page.getByText('请回答此问题。').first().waitFor();
    assert.equal(run.status, 'pending');
    await page.getByRole('button', { name: '全部采用推荐' }).click();
    await page.getByRole('group', { name: /先部署到哪里/ }).getByRole('radio', { name: '自定义' }).check();
    await page.getByRole('textbox', { name: '自定义内容' }).fill('ap-northeast');
    await page.getByRole('button', { name: '提交' }).click();
    const result = (await settled(run)).result as { content: string; interaction_response: { raw_value: Record<string, string> } };
    assert.equal(result.content, '已收到用户输入，共回答 4 个问题。');
    assert.deepEqual(result.interaction_response.raw_value, { compat: '彻底重做', region: 'ap-northeast', window: '今晚 22:00', notify: '是，发邮件' });
    await page.close();
  });

  it('the grilling checkpoint', async () => {
    const { page, session } = await open();
    const run = await runtime.run('grill-checkpoint', session);
    await page.getByText('拷问检查点').waitFor();
    await page.getByRole('radio', { name: '确认并执行' }).check();
    await page.getByRole('button', { name: '提交' }).click();
    const result = (await settled(run)).result as { purpose: string; interaction_response: { raw_value: Record<string, string> } };
    assert.equal(result.purpose, 'grill_checkpoint');
    assert.deepEqual(result.interaction_response.raw_value, { grill_next_action: 'execute' });
    await page.close();
  });

  it('a questionnaire with a 15-second timeout auto-selects (the page clock is faked)', async () => {
    const { page, session } = await open({ fakeClock: true });
    const run = await runtime.run('questionnaire-timeout', session);
    await page.getByRole('group', { name: /报告格式/ }).waitFor();
    await tick(page, 16_000);
    const result = (await settled(run)).result as { interaction_response: { status: string; raw_value: Record<string, string> } };
    assert.equal(result.interaction_response.status, 'auto_selected');
    assert.deepEqual(result.interaction_response.raw_value, { format: 'PDF', lang: '中文' });
    await page.getByRole('button', { name: /已超时/ }).waitFor();
    await page.close();
  });

  it('the 15-second timeout keeps what the user picked: Word (digit 2) stays, only the language takes its recommended option', async () => {
    const { page, session } = await open({ fakeClock: true });
    const run = await runtime.run('questionnaire-timeout', session);
    await page.getByRole('group', { name: /报告格式/ }).getByRole('radio').first().focus();
    await page.press('2');
    await tick(page, 16_000);
    const result = (await settled(run)).result as { interaction_response: { status: string; raw_value: Record<string, string> } };
    assert.equal(result.interaction_response.status, 'auto_selected');
    assert.deepEqual(result.interaction_response.raw_value, { format: 'Word', lang: '中文' });
    // The receipt, opened, marks the one answer the timeout chose.
    await page.getByRole('button', { name: /已超时/ }).click();
    await page.getByText('超时自动选择').waitFor();
    assert.equal(await page.getByText('超时自动选择').count(), 1);
    await page.close();
  });

  it('artifacts on Feishu: some delivered, one failed by the page, one too large; a foreign image waits for 加载预览', async () => {
    const { page, session } = await open();
    const run = await runtime.run('artifacts-feishu', session);
    const result = (await settled(run)).result as { content: string };
    assert.equal(result.content, '已处理 4 个文件输出，feishu 成功 2，失败 2，跳过 0。');
    await page.getByText('飞书：已发送 2 · 失败 2 · 未发送 0').waitFor();
    assert.equal(await page.getByText('文件超过 30 MB，无法上传').count(), 1);
    assert.equal(await page.getByRole('img').count(), 0, 'no image fetched before the click');
    await page.getByRole('button', { name: '加载预览' }).click();
    await page.getByRole('img', { name: 'chart.svg 预览' }).waitFor();
    await page.close();
  });

  it('artifacts on DingTalk: the link is sent, the local file is skipped', async () => {
    const { page, session } = await open();
    const run = await runtime.run('artifacts-dingtalk', session);
    const result = (await settled(run)).result as { content: string };
    assert.equal(result.content, '已处理 2 个文件输出，dingtalk 成功 1，失败 0，跳过 1。');
    await page.getByText('该渠道不支持上传本地文件').waitFor();
    const link = page.getByRole('link', { name: /打开/ });
    assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
    await page.close();
  });

  it('artifacts on desktop: the model reads "not available", the user still sees the files', async () => {
    const { page, session } = await open();
    const run = await runtime.run('artifacts-desktop', session);
    const result = (await settled(run)).result;
    assert.deepEqual(result, { error: 'publish_artifacts is not available for the current messaging channel.' });
    await page.getByText('report.pdf', { exact: true }).waitFor();
    await page.getByText('当前渠道不支持发送文件，仅列出').first().waitFor();
    await page.close();
  });

  it('a runtime-side cancel turns the card into a cancelled receipt', async () => {
    const { page, session } = await open();
    const run = await runtime.run('cancel', session);
    await page.getByRole('radio', { name: '好', exact: true }).waitFor();
    runtime.cancel(run.callId);
    const done = await settled(run);
    assert.equal(done.error?.name, 'AbortError');
    await page.getByRole('button', { name: /已撤回/ }).waitFor();
    assert.equal(await page.getByRole('button', { name: '提交' }).count(), 0);
    await page.close();
  });

  it('a connection drop: the page reconnects and the next call goes through', async () => {
    const { page, session } = await open();
    assert.equal(runtime.drop(session), 1);
    await page.getByRole('status').filter({ hasText: '已连接' }).waitFor();
    const run = await runtime.run('approval-low', session);
    await page.getByRole('button', { name: '批准', exact: true }).click();
    assert.equal(((await settled(run)).result as { content: string }).content, '用户已批准操作。');
    await page.close();
  });

  it('MCP form: defaults prefilled, the rest filled in; the server reads accept with typed content', async () => {
    const { page, session } = await open();
    const run = await runtime.run('mcp-form', session);
    await page.getByText('来自 demo-mcp').waitFor();
    assert.equal(await page.getByRole('textbox', { name: '邮箱' }).inputValue(), 'ops@example.com');
    await page.getByRole('textbox', { name: '姓名' }).fill('李雷');
    await page.getByRole('textbox', { name: '重试次数 （可选）' }).fill('2');
    await page.getByRole('radio', { name: '邮件', exact: true }).check();
    await page.getByRole('checkbox', { name: '发布', exact: true }).check();
    await page.getByRole('checkbox', { name: '紧急时电话通知' }).check();
    await page.getByRole('button', { name: '提交' }).click();
    const done = await settled(run);
    assert.deepEqual(done.result, {
      action: 'accept',
      content: { name: '李雷', email: 'ops@example.com', retries: 2, channel: 'email', topics: ['发布'], urgent: true },
    });
    await page.close();
  });

  it('MCP URL mode: the host stands out, 打开链接 opens it, accept goes back, then the server reports it done', async () => {
    const { page, session } = await open();
    const run = await runtime.run('mcp-url', session);
    assert.equal(await page.locator('approval-dialog').locator('[part~="link-host"]').textContent(), 'auth.example.com');
    await page.getByRole('button', { name: '打开链接' }).click();
    // Where the new window was sent (the site is not reachable from here, nor needed; that it has
    // no opener is the call's `noopener`, which test/adapters/link.browser.test.ts holds).
    const opened = await poll(async () => (await page.driven.openedUrls()).find((url) => url.includes('auth.example.com')), 'the opened link');
    assert.equal(opened, 'https://auth.example.com/connect?elicitation=demo-connect');
    assert.deepEqual((await settled(run)).result, { action: 'accept' });
    await page.getByText('已打开，等待对方完成…').waitFor();
    await page.getByText('对方已确认完成。').waitFor({ timeout: 10_000 });
    await page.close();
  });

  it('MCP with an unsupported schema: -32602 naming the property, and no card', async () => {
    const { page, session } = await open();
    const run = await runtime.run('mcp-unsupported', session);
    const done = await settled(run);
    assert.equal(done.status, 'rejected');
    assert.deepEqual(done.error, {
      code: -32602,
      message: 'Invalid params: requestedSchema.properties.address.type "object" is not supported (string, number, integer, boolean, or array of enum).',
      data: { field: 'requestedSchema.properties.address.type' },
    });
    assert.equal(await page.locator('questionnaire-form, approval-dialog').count(), 0);
    await page.close();
  });

  // The scenarios speak the page's language: what the runtime writes (titles, messages, options,
  // captions, the MCP form's fields) follows the `locale` the page sends, as the kit's own words
  // do. (In Chinese, the default, the tests above answer them by their Chinese names.)
  it('every scenario in English: its card carries no Chinese word', async () => {
    const { page, session } = await open();
    await page.run(`document.querySelector('interaction-host').setAttribute('locale', 'en')`);
    const chinese = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
    for (const name of [...Object.keys(SCENARIOS), ...Object.keys(MCP_SCENARIOS)].filter((n) => n !== 'mcp-unsupported')) {
      const before = await page.run<number>(`document.querySelector('interaction-host').shadowRoot.querySelectorAll('[role="listitem"]').length`);
      await runtime.run(name, session, { locale: 'en' });
      // The new card's text, through its shadow root, once it has rendered: every text node,
      // shadow roots included, but for styles (null until the card has words of its own).
      const read = await poll(
        () =>
          page.run<string | null>(`(() => {
            const items = document.querySelector('interaction-host').shadowRoot.querySelectorAll('[role="listitem"]');
            if (items.length <= ${before}) return null;
            const parts = [];
            const stack = [items[items.length - 1]];
            while (stack.length > 0) {
              const node = stack.pop();
              if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent);
              else if (node.nodeName !== 'STYLE') stack.push(...(node instanceof Element && node.shadowRoot ? node.shadowRoot.childNodes : []), ...node.childNodes);
            }
            const all = parts.join(' ').replace(/\\s+/g, ' ').trim();
            return /[A-Za-z]{3}/.test(all) ? all : null;
          })()`).then((value) => value ?? undefined),
        `${name}'s card`,
      );
      assert.doesNotMatch(read, chinese, `${name} in English: ${read.slice(0, 400)}`);
    }
    await page.close();
  });
});
}
