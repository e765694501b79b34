// The demo's scenarios: one tool call each, as a runtime would send it, in the page's language
// (a model writes to the user in the user's language; the kit's own words follow `locale`).
import type { ToolName } from '../src/protocol/constants.js';
import type { WireContext } from '../src/protocol/context.js';

/** Picks a scenario's words: `t(zh, en)` gives the Chinese, or the English for `en`. */
export type Words = (zh: string, en: string) => string;

/** The words of the language `locale` names (`en`, else Chinese, the demo's default). */
export const wordsFor = (locale: string | undefined): Words => (zh, en) => (locale === 'en' ? en : zh);

export interface Scenario {
  tool: ToolName;
  args: (t: Words) => Record<string, unknown>;
  /** Context fields this scenario needs whatever the switches say (e.g. the channel it shows). */
  context?: WireContext;
  /** The runtime withdraws the call after this many seconds. */
  cancelAfterSeconds?: number;
  /** The session grant the runtime offers with the call: "allow for this session". */
  grant?: { key: string; label: string };
}

const MIB = 1_048_576;

/** Stands for the mock runtime's own file server in item URLs; the runtime fills it in. */
export const FILES = 'runtime-files:/';

export const SCENARIOS: Record<string, Scenario> = {
  'approval-low': {
    tool: 'request_user_approval',
    args: (t) => ({ title: t('创建分支', 'Create a branch'), message: t('在仓库 web-app 创建分支 feature/login？', 'Create the branch feature/login in the web-app repository?'), severity: 'low', timeout_seconds: 300 }),
  },
  'approval-medium': {
    tool: 'request_user_approval',
    args: (t) => ({ title: t('重启服务', 'Restart a service'), message: t('重启 staging 环境的 worker 服务？', 'Restart the worker service in staging?'), severity: 'medium', details: 'kubectl rollout restart deploy/worker -n staging', timeout_seconds: 300 }),
  },
  // Offers 本会话内允许: once allowed, the runtime answers the next ones itself (a receipt only),
  // until the grant is revoked from the host's 本会话授权 menu. Not offered in grilling mode.
  'approval-grant': {
    tool: 'request_user_approval',
    grant: { key: 'shell:kubectl get', label: 'kubectl get …' },
    args: (t) => ({ title: t('执行命令', 'Run a command'), message: t('列出 staging 环境的 Pod？', 'List the pods in staging?'), severity: 'low', details: '$ kubectl get pods -n staging', timeout_seconds: 300 }),
  },
  'approval-high': {
    tool: 'request_user_approval',
    args: (t) => ({
      title: t('发布确认', 'Confirm the release'),
      message: t('发布 v2.3 到所有生产区域？', 'Release v2.3 to every production region?'),
      severity: 'high',
      details: 'commit 8f3e2a1\nservices: api, worker, web\nregions: cn-north, cn-east',
      timeout_seconds: 600,
    }),
  },
  'approval-cache': {
    tool: 'request_user_approval',
    args: (t) => ({ title: t('清空缓存', 'Clear the cache'), message: t('清空 staging 环境的 Redis 缓存？', 'Clear the Redis cache in staging?'), severity: 'medium', details: 'redis-cli -n 2 FLUSHDB', timeout_seconds: 300 }),
  },
  text: {
    tool: 'request_user_input',
    args: (t) => ({ title: t('项目名称', 'Project name'), message: t('新项目叫什么名字？', 'What should the new project be called?'), timeout_seconds: 300 }),
  },
  choice: {
    tool: 'request_user_input',
    args: (t) => ({
      message: t('部署到哪个环境？', 'Which environment should it deploy to?'),
      input_mode: 'choice',
      options: [
        { label: 'Production', value: 'prod', description: t('用户可见', 'Seen by users') },
        { label: 'Staging', value: 'stg', description: t('内部测试', 'Internal testing') },
      ],
      allow_free_text: false,
      timeout_seconds: 300,
    }),
  },
  'multi-choice': {
    tool: 'request_user_input',
    args: (t) => ({
      message: t('这次要处理哪些文件？', 'Which files should this run process?'),
      input_mode: 'multi_choice',
      options: ['report.pdf', 'data.csv', 'notes.md'],
      allow_free_text: true,
      timeout_seconds: 300,
    }),
  },
  questionnaire: {
    tool: 'request_user_input',
    args: (t) => ({
      title: t('迁移方案', 'Migration plan'),
      message: t('开始前需要你做几个决定。', 'A few decisions before it starts.'),
      timeout_seconds: 600,
      questions: [
        // A caller's own 自定义 (in either language) is dropped by the rules: the card adds its own.
        { header: t('兼容策略', 'Compatibility'), id: 'compat', question: t('是否保留旧结构？', 'Keep the old schema?'), options: [{ label: t('彻底重做', 'Start over'), description: t('移除旧结构', 'Removes the old schema') }, t('保留', 'Keep it'), '自定义'] },
        { header: t('区域', 'Region'), id: 'region', question: t('先部署到哪里？', 'Where should it deploy first?'), options: ['cn-north', 'cn-east', 'ap-southeast'] },
        { id: 'window', question: t('维护窗口？', 'Maintenance window?'), options: [t('今晚 22:00', 'Tonight at 22:00'), t('周六', 'Saturday')] },
        { id: 'notify', question: t('通知用户？', 'Tell the users?'), options: [t('是，发邮件', 'Yes, by email'), t('否', 'No')] },
      ],
    }),
  },
  'grill-checkpoint': {
    tool: 'request_user_input',
    context: { run_mode: 'grilling' },
    args: (t) => ({
      message: t('拷问总结：范围已明确，迁移分两步，周六窗口执行。', 'Grilling summary: the scope is clear; the migration runs in two steps, in the Saturday window.'),
      purpose: 'grill_checkpoint',
      questions: [{ id: 'grill_next_action', question: t('下一步？', 'What next?'), options: [{ label: t('确认并执行', 'Confirm and run'), value: 'execute' }, { label: t('继续拷问', 'Keep grilling'), value: 'continue' }] }],
      timeout_seconds: 600,
    }),
  },
  'questionnaire-timeout': {
    tool: 'request_user_input',
    args: (t) => ({
      message: t('15 秒内不回答将自动采用推荐选项。', 'Unanswered for 15 seconds, the recommended options are taken.'),
      timeout_seconds: 15,
      questions: [
        { id: 'format', question: t('报告格式？', 'Report format?'), options: ['PDF', 'Word'] },
        { id: 'lang', question: t('报告语言？', 'Report language?'), options: [t('中文', 'Chinese'), 'English'] },
      ],
    }),
  },
  'artifacts-feishu': {
    tool: 'publish_artifacts',
    context: { channel: 'feishu' },
    args: (t) => ({
      title: t('本周报告', "This week's report"),
      summary: t('本周报告与图表', "This week's report and chart"),
      items: [
        { path: '/data/out/summary.docx', size: 2048, caption: t('给团队的总结', 'The summary for the team') },
        { url: `${FILES}chart.svg`, caption: t('趋势图', 'Trend chart') },
        { path: '/data/out/metrics.xlsx', size: 81_920 },
        { path: '/data/recording.mp4', size: 40 * MIB },
      ],
    }),
  },
  'artifacts-dingtalk': {
    tool: 'publish_artifacts',
    context: { channel: 'dingtalk' },
    args: (t) => ({
      items: [
        { url: 'https://example.com/files/summary.pdf', caption: t('摘要', 'Summary') },
        { path: '/data/exports/notes.md' },
      ],
    }),
  },
  'artifacts-desktop': {
    tool: 'publish_artifacts',
    context: { channel: 'desktop' },
    args: () => ({ items: [{ path: '/Users/me/out/report.pdf' }, { url: 'https://example.com/files/data.zip' }] }),
  },
  cancel: {
    tool: 'request_user_input',
    args: (t) => ({ message: t('代理将在 5 秒后撤回这个问题。', 'The agent withdraws this question in 5 seconds.'), input_mode: 'choice', options: [t('好', 'Fine'), t('不好', 'Not fine')], timeout_seconds: 300 }),
    cancelAfterSeconds: 5,
  },
};

/**
 * Scenarios the runtime sends at once, as an agent that runs tools in parallel does: three
 * approvals (two medium, one high) bring the bar that answers the two together.
 */
export const BATCHES: Record<string, string[]> = {
  'approvals-batch': ['approval-medium', 'approval-high', 'approval-cache'],
};

/** MCP elicitations the mock runtime sends as JSON-RPC on the same connection. */
export interface McpScenario {
  params: (t: Words) => Record<string, unknown>;
  /** For URL mode: the server reports the out-of-band step done this long after the accept. */
  completeAfterSeconds?: number;
}

export const MCP_SCENARIOS: Record<string, McpScenario> = {
  'mcp-form': {
    params: (t) => ({
      mode: 'form',
      message: t('请完善部署通知的联系信息', 'Complete the contact details for deployment notices'),
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', title: t('姓名', 'Name'), minLength: 2 },
          email: { type: 'string', format: 'email', title: t('邮箱', 'Email'), default: 'ops@example.com' },
          retries: { type: 'integer', title: t('重试次数', 'Retries'), minimum: 0, maximum: 5, default: 3 },
          channel: { type: 'string', title: t('通知渠道', 'Notify through'), oneOf: [{ const: 'feishu', title: t('飞书', 'Feishu') }, { const: 'email', title: t('邮件', 'Email') }] },
          topics: { type: 'array', title: t('订阅内容', 'Subscriptions'), items: { enum: [t('发布', 'Releases'), t('告警', 'Alerts'), t('周报', 'Weekly report')] }, maxItems: 2 },
          urgent: { type: 'boolean', title: t('紧急时电话通知', 'Phone me when urgent'), default: false },
        },
        required: ['name', 'email', 'channel'],
      },
    }),
  },
  'mcp-url': {
    params: (t) => ({
      mode: 'url',
      elicitationId: 'demo-connect',
      url: 'https://auth.example.com/connect?elicitation=demo-connect',
      message: t('请登录以授权访问你的代码仓库。', 'Sign in to allow access to your code repositories.'),
    }),
    completeAfterSeconds: 3,
  },
  'mcp-unsupported': {
    params: (t) => ({
      message: t('嵌套对象不在 MCP 允许的子集内：客户端应回 -32602。', 'A nested object is outside the subset MCP allows: the client answers -32602.'),
      requestedSchema: { type: 'object', properties: { address: { type: 'object', properties: { city: { type: 'string' } } } } },
    }),
  },
};

let metricsAttempts = 0;

/**
 * The page's mock `deliver`: every item is sent except metrics.xlsx, whose first attempt in each
 * card times out, as a flaky upload would; its Retry then goes through.
 */
export async function mockDeliver(item: { name: string }): Promise<{ delivered: boolean; reason?: string }> {
  if (item.name !== 'metrics.xlsx') return { delivered: true };
  metricsAttempts += 1;
  return metricsAttempts % 2 === 1 ? { delivered: false, reason: 'upload_file_failed:network_timeout' } : { delivered: true };
}
