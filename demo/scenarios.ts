// The demo's scenarios: one tool call each, as a runtime would send it.
import type { ToolName } from '../src/protocol/constants.js';
import type { WireContext } from '../src/protocol/context.js';

export interface Scenario {
  tool: ToolName;
  args: Record<string, unknown>;
  /** Context fields this scenario needs whatever the switches say (e.g. the channel it shows). */
  context?: WireContext;
  /** The runtime withdraws the call after this many seconds. */
  cancelAfterSeconds?: number;
}

const MIB = 1_048_576;

/** Stands for the mock runtime's own file server in item URLs; the runtime fills it in. */
export const FILES = 'runtime-files:/';

export const SCENARIOS: Record<string, Scenario> = {
  'approval-low': {
    tool: 'request_user_approval',
    args: { title: '创建分支', message: '在仓库 web-app 创建分支 feature/login？', severity: 'low', timeout_seconds: 300 },
  },
  'approval-medium': {
    tool: 'request_user_approval',
    args: { title: '重启服务', message: '重启 staging 环境的 worker 服务？', severity: 'medium', details: 'kubectl rollout restart deploy/worker -n staging', timeout_seconds: 300 },
  },
  'approval-high': {
    tool: 'request_user_approval',
    args: {
      title: '发布确认',
      message: '发布 v2.3 到所有生产区域？',
      severity: 'high',
      details: 'commit 8f3e2a1\nservices: api, worker, web\nregions: cn-north, cn-east',
      timeout_seconds: 600,
    },
  },
  text: {
    tool: 'request_user_input',
    args: { title: '项目名称', message: '新项目叫什么名字？', timeout_seconds: 300 },
  },
  choice: {
    tool: 'request_user_input',
    args: {
      message: '部署到哪个环境？',
      input_mode: 'choice',
      options: [
        { label: 'Production', value: 'prod', description: '用户可见' },
        { label: 'Staging', value: 'stg', description: '内部测试' },
      ],
      allow_free_text: false,
      timeout_seconds: 300,
    },
  },
  'multi-choice': {
    tool: 'request_user_input',
    args: {
      message: '这次要处理哪些文件？',
      input_mode: 'multi_choice',
      options: ['report.pdf', 'data.csv', 'notes.md'],
      allow_free_text: true,
      timeout_seconds: 300,
    },
  },
  questionnaire: {
    tool: 'request_user_input',
    args: {
      title: '迁移方案',
      message: '开始前需要你做几个决定。',
      timeout_seconds: 600,
      questions: [
        { header: '兼容策略', id: 'compat', question: '是否保留旧结构？', options: [{ label: '彻底重做', description: '移除旧结构' }, '保留', '自定义'] },
        { header: '区域', id: 'region', question: '先部署到哪里？', options: ['cn-north', 'cn-east', 'ap-southeast'] },
        { id: 'window', question: '维护窗口？', options: ['今晚 22:00', '周六'] },
        { id: 'notify', question: '通知用户？', options: ['是，发邮件', '否'] },
      ],
    },
  },
  'grill-checkpoint': {
    tool: 'request_user_input',
    context: { run_mode: 'grilling' },
    args: {
      message: '拷问总结：范围已明确，迁移分两步，周六窗口执行。',
      purpose: 'grill_checkpoint',
      questions: [{ id: 'grill_next_action', question: '下一步？', options: [{ label: '确认并执行', value: 'execute' }, { label: '继续拷问', value: 'continue' }] }],
      timeout_seconds: 600,
    },
  },
  'questionnaire-timeout': {
    tool: 'request_user_input',
    args: {
      message: '15 秒内不回答将自动采用推荐选项。',
      timeout_seconds: 15,
      questions: [
        { id: 'format', question: '报告格式？', options: ['PDF', 'Word'] },
        { id: 'lang', question: '报告语言？', options: ['中文', 'English'] },
      ],
    },
  },
  'artifacts-feishu': {
    tool: 'publish_artifacts',
    context: { channel: 'feishu' },
    args: {
      title: '本周报告',
      summary: '本周报告与图表',
      items: [
        { path: '/data/out/summary.docx', size: 2048, caption: '给团队的总结' },
        { url: `${FILES}chart.svg`, caption: '趋势图' },
        { path: '/data/out/metrics.xlsx', size: 81_920 },
        { path: '/data/recording.mp4', size: 40 * MIB },
      ],
    },
  },
  'artifacts-dingtalk': {
    tool: 'publish_artifacts',
    context: { channel: 'dingtalk' },
    args: {
      items: [
        { url: 'https://example.com/files/summary.pdf', caption: '摘要' },
        { path: '/data/exports/notes.md' },
      ],
    },
  },
  'artifacts-desktop': {
    tool: 'publish_artifacts',
    context: { channel: 'desktop' },
    args: { items: [{ path: '/Users/me/out/report.pdf' }, { url: 'https://example.com/files/data.zip' }] },
  },
  cancel: {
    tool: 'request_user_input',
    args: { message: '代理将在 5 秒后撤回这个问题。', input_mode: 'choice', options: ['好', '不好'], timeout_seconds: 300 },
    cancelAfterSeconds: 5,
  },
};

/** MCP elicitations the mock runtime sends as JSON-RPC on the same connection. */
export interface McpScenario {
  params: Record<string, unknown>;
  /** For URL mode: the server reports the out-of-band step done this long after the accept. */
  completeAfterSeconds?: number;
}

export const MCP_SCENARIOS: Record<string, McpScenario> = {
  'mcp-form': {
    params: {
      mode: 'form',
      message: '请完善部署通知的联系信息',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', title: '姓名', minLength: 2 },
          email: { type: 'string', format: 'email', title: '邮箱', default: 'ops@example.com' },
          retries: { type: 'integer', title: '重试次数', minimum: 0, maximum: 5, default: 3 },
          channel: { type: 'string', title: '通知渠道', oneOf: [{ const: 'feishu', title: '飞书' }, { const: 'email', title: '邮件' }] },
          topics: { type: 'array', title: '订阅内容', items: { enum: ['发布', '告警', '周报'] }, maxItems: 2 },
          urgent: { type: 'boolean', title: '紧急时电话通知', default: false },
        },
        required: ['name', 'email', 'channel'],
      },
    },
  },
  'mcp-url': {
    params: {
      mode: 'url',
      elicitationId: 'demo-connect',
      url: 'https://auth.example.com/connect?elicitation=demo-connect',
      message: '请登录以授权访问你的代码仓库。',
    },
    completeAfterSeconds: 3,
  },
  'mcp-unsupported': {
    params: {
      message: '嵌套对象不在 MCP 允许的子集内：客户端应回 -32602。',
      requestedSchema: { type: 'object', properties: { address: { type: 'object', properties: { city: { type: 'string' } } } } },
    },
  },
};

/** The page's mock `deliver`: every item is sent except metrics.xlsx, which fails. */
export async function mockDeliver(item: { name: string }): Promise<{ delivered: boolean; reason?: string }> {
  return item.name === 'metrics.xlsx'
    ? { delivered: false, reason: 'upload_file_failed:network_timeout' }
    : { delivered: true };
}
