// The element gallery: every element in one state each, for screenshots and for looking at.
// `?theme=dark|light&locale=<tag>` pick the scheme and language (any of the twelve: ar and he
// lay the page out right to left); what the "model" wrote is Chinese for zh-*, else English.
import '../src/entries/approval-dialog.js';
import '../src/entries/questionnaire-form.js';
import '../src/entries/artifact-list.js';
import '../src/entries/interaction-host.js';
import './all-locales.js';
import { directionOf } from '../src/i18n/direction.js';
import { MemoryStorage } from '../src/session/storage.js';
import { createMemoryTransportPair } from '../src/transport/memory-transport.js';
import { normalizeApproval, normalizeInput } from '../src/rules/normalize.js';
import { resolveContext } from '../src/rules/context.js';
import { prepareArtifacts } from '../src/rules/artifacts/prepare.js';
import { artifactsResult, fileParts, undeliveredParts, type ItemDelivery } from '../src/rules/artifacts/deliver.js';
import { DELIVERY_REASONS } from '../src/rules/artifacts/reasons.js';
import { agUiInterruptCards, askUserQuestionRequest, provideAdapterParts, schemaToQuestions } from '../src/entries/adapters.js';
import { consentRequest, formRequest } from '../src/adapters/requests.js';
import { migrationQuestionnaire } from './questionnaire-example.js';

// The adapters' cards (typed fields, link consent) on this page get their parts from the body.
provideAdapterParts(document.body);

const params = new URLSearchParams(location.search);
const theme = params.get('theme') ?? 'light';
const locale = params.get('locale') ?? 'zh-CN';
document.body.classList.toggle('dark', theme === 'dark');
document.documentElement.lang = locale;
document.documentElement.dir = directionOf(locale);
const stage = document.querySelector('#stage')!;
const en = !locale.startsWith('zh');
const ids = (id: string) => ({ request_id: id, session_id: 'gallery' });
const context = resolveContext();

function add<K extends 'approval-dialog' | 'questionnaire-form' | 'artifact-list'>(
  tag: K,
  shot: string,
  setup: (el: HTMLElementTagNameMap[K]) => void,
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  el.dataset.shot = shot;
  el.setAttribute('theme', theme);
  setup(el);
  stage.append(el);
  return el;
}

add('approval-dialog', 'approval-high', (el) => {
  el.requester = 'deploy-agent';
  el.request = normalizeApproval(
    en
      ? { title: 'Deploy to production', message: 'Release v2.3 to all production regions?', severity: 'high', details: 'commit 8f3e2a1\nservices: api, worker, web\nregions: cn-north, cn-east', timeout_seconds: 300 }
      : { title: '发布确认', message: '发布 v2.3 到所有生产区域？', severity: 'high', details: 'commit 8f3e2a1\nservices: api, worker, web\nregions: cn-north, cn-east', timeout_seconds: 300 },
    ids('a-high'),
  );
});

add('approval-dialog', 'approval-low', (el) => {
  el.request = normalizeApproval(
    { message: en ? 'Create a branch feature/login?' : '创建分支 feature/login？', severity: 'low', timeout_seconds: 90 },
    ids('a-low'),
  );
});

// A call the runtime offers a session grant for: 本会话内允许 beside 批准.
add('approval-dialog', 'approval-grant', (el) => {
  el.requester = 'ops-agent';
  el.grant = { key: 'shell:kubectl get', label: 'kubectl get …' };
  el.request = normalizeApproval(
    { title: en ? 'Run a command' : '执行命令', message: en ? 'List the pods in staging?' : '列出 staging 环境的 Pod？', severity: 'low', details: '$ kubectl get pods -n staging', timeout_seconds: 300 },
    ids('a-grant'),
  );
});

// A clock that stands still, so that a screenshot shows a countdown at a chosen remaining time.
const stillClock = { now: () => 0, setTimeout: () => 0, clearTimeout: () => undefined };

add('approval-dialog', 'approval-confirm', (el) => {
  el.request = normalizeApproval(
    { title: en ? 'Drop a table' : '删除数据表', message: en ? 'Drop table orders_2019 in production?' : '删除生产库中的 orders_2019 表？', severity: 'high', timeout_seconds: 25 },
    ids('a-confirm'),
  );
  el.clock = stillClock;
  // The second step, while 确认批准 arms.
  void el.updateComplete.then(() => el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="approve-button"]')!.click());
});

add('approval-dialog', 'approval-danger', (el) => {
  el.request = normalizeApproval(
    { message: en ? 'Restart the worker now?' : '现在重启 worker？', severity: 'medium', timeout_seconds: 8 },
    ids('a-danger'),
  );
  el.clock = stillClock;
  void el.updateComplete.then(() => el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="add-reason-button"]')!.click());
});

// The countdown's tones: the warning tone under 30 s, the danger tone under 10 s.
{
  const tones = document.createElement('div');
  tones.dataset.shot = 'countdown-tones';
  tones.className = 'shot-group';
  const asks = en ? ['Rotate the API key of the staging bucket?', 'Restart the worker now?'] : ['轮换预发布存储桶的 API 密钥？', '现在重启 worker？'];
  for (const [index, seconds] of [25, 8].entries()) {
    const el = document.createElement('approval-dialog');
    el.setAttribute('theme', theme);
    el.clock = stillClock;
    el.request = normalizeApproval({ message: asks[index], severity: 'low', timeout_seconds: seconds }, ids(`tone-${seconds}`));
    tones.append(el);
  }
  stage.append(tones);
}

add('questionnaire-form', 'questionnaire', (el) => {
  el.requester = 'planner';
  el.request = normalizeInput(migrationQuestionnaire(en), ids('q-4'), context);
});

// The steps layout further on: the second question (Back appears), and the review with Change.
add('questionnaire-form', 'questionnaire-step', (el) => {
  el.requester = 'planner';
  el.request = normalizeInput(migrationQuestionnaire(en), ids('q-4-step'), context);
  void el.updateComplete.then(() => el.shadowRoot!.querySelector<HTMLInputElement>('[data-key="compat"] input')!.click());
});

add('questionnaire-form', 'questionnaire-review', (el) => {
  el.requester = 'planner';
  el.request = normalizeInput(migrationQuestionnaire(en), ids('q-4-review'), context);
  void el.updateComplete.then(async () => {
    // The user chose cn-east, then took the recommended answers for the rest.
    el.shadowRoot!.querySelector<HTMLInputElement>('[data-key="compat"] input')!.click();
    await el.updateComplete;
    el.shadowRoot!.querySelector<HTMLInputElement>('[data-key="region"] input[value="cn-east"]')!.click();
    await el.updateComplete;
    el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="recommended-button"]')!.click();
    // As a pointer user sees it: no keyboard focus ring on the review's heading.
    requestAnimationFrame(() => (el.shadowRoot!.activeElement as HTMLElement | null)?.blur());
  });
});

add('questionnaire-form', 'choice', (el) => {
  el.request = normalizeInput(
    { message: en ? 'Which environment?' : '部署到哪个环境？', input_mode: 'choice', options: [{ label: 'Production', value: 'prod', description: en ? 'Customers see it' : '用户可见' }, { label: 'Staging', value: 'stg' }] },
    ids('c-1'),
    context,
  );
});

add('questionnaire-form', 'text', (el) => {
  el.request = normalizeInput({ message: en ? 'What should the release be called?' : '这次发布叫什么名字？', input_mode: 'text', timeout_seconds: 120 }, ids('t-1'), context);
});

add('questionnaire-form', 'multi-choice', (el) => {
  el.request = normalizeInput(
    { message: en ? 'Which checks run before the merge?' : '合并前运行哪些检查？', input_mode: 'multi_choice', options: [{ label: en ? 'Unit tests' : '单元测试', value: 'unit', recommended: true }, { label: 'lint', value: 'lint' }, { label: 'e2e', value: 'e2e', description: en ? 'About 20 minutes' : '约 20 分钟' }], timeout_seconds: 300 },
    ids('m-0'),
    context,
  );
});

add('questionnaire-form', 'answered', (el) => {
  el.request = normalizeInput({ message: en ? 'Which files?' : '处理哪些文件？', input_mode: 'multi_choice', options: ['report.pdf', 'data.csv', 'notes.md'] }, ids('m-1'), context);
  el.response = { request_id: 'm-1', status: 'completed', approved: true, text: en ? 'Skip the drafts' : '草稿不用', selected_options: ['report.pdf', 'notes.md'], answers: {}, raw_value: ['report.pdf', 'notes.md'], resolved_at: new Date().toISOString() };
});

// The adapters' cards: an MCP form with every field kind, an MCP link, AskUserQuestion.
const form = schemaToQuestions(
  {
    type: 'object',
    properties: {
      name: { type: 'string', title: en ? 'Full name' : '姓名', minLength: 2 },
      email: { type: 'string', format: 'email', title: en ? 'Email' : '邮箱', default: 'ada@example.com' },
      age: { type: 'integer', title: en ? 'Age' : '年龄', minimum: 18, maximum: 120, description: en ? 'Must be of age' : '需年满 18 岁' },
      plan: { type: 'string', title: en ? 'Plan' : '套餐', oneOf: [{ const: 'free', title: en ? 'Free' : '免费版' }, { const: 'pro', title: en ? 'Pro' : '专业版' }], default: 'pro' },
      topics: { type: 'array', title: en ? 'Newsletters' : '订阅内容', items: { enum: ['Releases', 'Security', 'Events'] }, maxItems: 2 },
      terms: { type: 'boolean', title: en ? 'I accept the terms' : '我同意服务条款', default: false },
    },
    required: ['name', 'email', 'plan'],
  },
  'requestedSchema',
);
if (form.ok) {
  add('questionnaire-form', 'mcp-form', (el) => {
    el.requester = 'github-mcp';
    el.request = formRequest({ id: 'mcp-form', message: en ? 'Please complete your profile' : '请完善你的资料', timeoutSeconds: 0, metadata: { decline: true, dismiss: true } }, form.questions);
  });
}

add('approval-dialog', 'mcp-url', (el) => {
  el.requester = 'payments-mcp';
  el.request = consentRequest({
    id: 'mcp-url',
    message: en ? 'Sign in to your bank to link the account.' : '登录银行以关联账户。',
    timeoutSeconds: 0,
    metadata: { url: 'https://pаypal.example.com/connect?elicitation=550e8400', decline: true, dismiss: true },
  });
});

// AG-UI's approveWithEdits: the call's arguments in fields of the approval, one already changed.
const agUi = agUiInterruptCards([{ id: 'ag-ui-edit', reason: 'tool_call', toolCallId: 'call-1', message: en ? 'Deploy the checkout service?' : '部署结算服务？' }], Date.now(), {
  messages: [{ id: 'm-1', role: 'assistant', toolCalls: [{ id: 'call-1', type: 'function', function: { name: 'deploy_service', arguments: JSON.stringify({ service: 'checkout', region: 'cn-north', replicas: 3, canary: true }) } }] }],
  capabilities: { humanInTheLoop: { interrupts: true, approveWithEdits: true } },
});
if (agUi.ok) {
  add('approval-dialog', 'ag-ui-edit', (el) => {
    el.requester = 'deploy-agent';
    el.request = agUi.cards[0]!.request;
    void el.updateComplete.then(() => {
      const replicas = el.shadowRoot?.querySelectorAll<HTMLInputElement>('.argument input')[2];
      if (!replicas) return;
      replicas.value = '5';
      replicas.dispatchEvent(new Event('input'));
    });
  });
}

const ask = askUserQuestionRequest(
  {
    questions: [
      { question: en ? 'Which features ship first?' : '先上线哪些功能？', header: en ? 'Features' : '功能', multiSelect: true, options: [{ label: en ? 'Search' : '搜索', description: en ? 'Full-text search' : '全文搜索' }, { label: en ? 'Export' : '导出', description: 'CSV / JSON' }, { label: en ? 'Sharing' : '分享', description: en ? 'Share links' : '分享链接' }] },
    ],
  },
  ids('ask'),
);
if (ask.ok) add('questionnaire-form', 'ask-user-question', (el) => (el.request = ask.request));

const prepared = prepareArtifacts(
  {
    title: en ? 'Weekly report' : '本周报告',
    items: [
      { path: '/data/out/summary.docx', size: 2048, caption: en ? 'Summary for the team' : '给团队的总结' },
      { url: 'https://cdn.example.com/p/plot.webp?x=1', caption: 'plot' },
      { path: '/data/big.mp4', size: 41943040 },
      { url: 'https://x.example/archive.zip', size: 5_300_000 },
    ],
  },
  resolveContext({ channel: 'feishu' }),
);
if (prepared.ok) {
  const deliveries: ItemDelivery[] = [
    { state: 'delivered', type: 'file' },
    { state: 'delivered', type: 'post_link' },
    { state: 'failed', reason: 'upload_file_failed:file_too_large_over_30mb' },
    { state: 'skipped', reason: 'delivery_skipped_native_file_upload_not_available' },
  ];
  const result = artifactsResult(prepared, deliveries, true);
  add('artifact-list', 'artifacts', (el) => {
    el.heading = prepared.title;
    el.items = fileParts(result);
    el.delivery = result.delivery_result;
  });
}

// On a channel that delivers nothing (desktop): listed, said once.
const listed = prepareArtifacts(
  { items: [{ path: '/Users/me/out/report.pdf', size: 88_000 }, { path: '/Users/me/out/chart.png', size: 12_000 }] },
  resolveContext({ channel: 'desktop' }),
);
add('artifact-list', 'artifacts-desktop', (el) => {
  el.items = undeliveredParts(listed.items, 'auto', DELIVERY_REASONS.notAvailable);
});

// The host with receipts: a runtime in the page asks four things; the page approves one, rejects
// one, the runtime withdraws one, and a choice still waits.
{
  const [kit, runtime] = createMemoryTransportPair();
  const host = document.createElement('interaction-host');
  host.dataset.shot = 'host-receipts';
  host.setAttribute('theme', theme);
  host.setAttribute('layout', 'list');
  host.storage = new MemoryStorage();
  const send = (message: Record<string, unknown>) => runtime.send({ v: 1, ...message });
  const call = (call_id: string, tool: string, args: Record<string, unknown>) => send({ type: 'tool_call', call_id, tool, arguments: args });
  runtime.onMessage((data) => {
    const message = JSON.parse(String(data)) as { type: string; call_id?: string };
    if (message.type === 'connect') {
      send({ type: 'hello', session_id: `gallery-${crypto.randomUUID().slice(0, 8)}`, context: { requester: 'deploy-agent' } });
      call('h-low', 'request_user_approval', { message: en ? 'Create a branch feature/login?' : '创建分支 feature/login？', severity: 'low' });
      call('h-medium', 'request_user_approval', { message: en ? 'Restart the worker now?' : '现在重启 worker？', severity: 'medium' });
      call('h-gone', 'request_user_approval', { message: en ? 'Rotate the staging API key?' : '轮换预发布环境的 API 密钥？', severity: 'low' });
      call('h-choice', 'request_user_input', { message: en ? 'Which environment?' : '部署到哪个环境？', input_mode: 'choice', options: ['Production', 'Staging'] });
    }
    if (message.type === 'tool_result') send({ type: 'ack', id: message.call_id });
  });
  runtime.connect();
  stage.append(host);
  host.transport = kit;
  const part = (id: string, name: string) => host.shadowRoot?.querySelector(`[data-id="${id}"]`)?.shadowRoot?.querySelector<HTMLElement>(`[part~="${name}"]`);
  void (async () => {
    while (!part('h-choice', 'card')) await new Promise((resolve) => setTimeout(resolve, 20));
    part('h-low', 'approve-button')!.click();
    part('h-medium', 'reject-button')!.click();
    send({ type: 'cancel', id: 'h-gone' });
    host.dataset.settled = 'true';
  })();
}
