// The demo page: a small chat whose agent is the mock runtime (demo/mock-runtime.ts, proxied by
// Vite at /runtime). The scenario panel makes the runtime call a tool; the wire panel shows
// every message both ways.
import '../src/entries/interaction-host.js';
import './all-locales.js';
import { mcpElicitation } from '../src/entries/adapters.js';
import type { InteractionHost } from '../src/host/interaction-host.js';
import { WebSocketTransport } from '../src/transport/websocket-transport.js';
import { mockDeliver } from './scenarios.js';
import { agUiInterrupts, askUserQuestion } from './local-protocols.js';
import { inspectMessage } from './inspect.js';
import { resentResults } from './resent-results.js';
import { tapTransport, type WireDirection } from './wire-tap.js';
import { demoTextLocale } from './languages.js';
import { applyPageSettings, demoWords, restoreSettings, saveSettings, settingOf, translatePage } from './settings.js';
import { runModeText, type RunModeText } from './run-modes.js';

const TEXT = {
  'zh-CN': {
    channel: '渠道', runMode: '运行模式', language: '语言', theme: '主题', light: '浅色', dark: '深色', chat: '对话',
    notify: '通知', notifyOff: '关闭', notifyHidden: '页面隐藏时', notifyAlways: '总是',
    intro: '你好！我是演示代理。在对话旁选择一个场景，我会向你发起请求：批准操作、回答问题或接收文件。',
    introBelow: '你好！我是演示代理。在下方选择一个场景，我会向你发起请求：批准操作、回答问题或接收文件。',
    settings: '设置', inboxLink: '收件箱：几个代理同时提问',
    scenarios: '场景', wire: '线路消息', clear: '清空', runtime: '运行时', connect: '连接',
    resent: '重发 · 运行时只计一次', inspecting: '正在检查你的运行时：由它发起请求。每条消息都按协议的 JSON Schema 校验，不符合的会标出字段。', problems: '处不符合协议',
    groups: { approval: '审批', input: '提问', artifacts: '文件', runtime: '运行时', mcp: 'MCP 征询', local: '其他协议（页面内）' },
    names: {
      'approval-low': '低风险', 'approval-medium': '中风险', 'approval-grant': '可本会话授权', 'approval-high': '高风险', 'approvals-batch': '三项同时', text: '文本', choice: '单选',
      'multi-choice': '多选 + 补充', questionnaire: '四题问卷', 'grill-checkpoint': '拷问检查点', 'questionnaire-timeout': '15 秒超时',
      'artifacts-feishu': '飞书', 'artifacts-dingtalk': '钉钉', 'artifacts-desktop': '桌面（不发送）', cancel: '运行时撤回', drop: '断开连接',
      'mcp-form': '表单', 'mcp-url': '打开链接', 'mcp-unsupported': '不支持的结构', 'ask-user-question': 'AskUserQuestion', 'ag-ui': 'AG-UI 中断',
    },
  },
  en: {
    channel: 'Channel', runMode: 'Run mode', language: 'Language', theme: 'Theme', light: 'Light', dark: 'Dark', chat: 'Chat',
    notify: 'Notifications', notifyOff: 'Off', notifyHidden: 'When hidden', notifyAlways: 'Always',
    intro: "Hi! I'm the demo agent. Pick a scenario beside the chat and I'll ask you something: approve an action, answer a question or receive files.",
    introBelow: "Hi! I'm the demo agent. Pick a scenario below and I'll ask you something: approve an action, answer a question or receive files.",
    settings: 'Settings', inboxLink: 'The inbox: several agents asking at once',
    scenarios: 'Scenarios', wire: 'Wire messages', clear: 'Clear', runtime: 'Runtime', connect: 'Connect',
    resent: 're-sent · the runtime counts it once', inspecting: 'Inspecting your runtime: it makes the requests. Every message is checked against the protocol\'s JSON Schemas; one that breaks them is marked with the field.', problems: 'problem(s) with the protocol',
    groups: { approval: 'Approval', input: 'Questions', artifacts: 'Files', runtime: 'Runtime', mcp: 'MCP elicitation', local: 'Other protocols (in the page)' },
    names: {
      'approval-low': 'Low risk', 'approval-medium': 'Medium risk', 'approval-grant': 'Session grant', 'approval-high': 'High risk', 'approvals-batch': 'Three at once', text: 'Text', choice: 'Choice',
      'multi-choice': 'Multi-choice + note', questionnaire: 'Four questions', 'grill-checkpoint': 'Grilling checkpoint', 'questionnaire-timeout': '15 s timeout',
      'artifacts-feishu': 'Feishu', 'artifacts-dingtalk': 'DingTalk', 'artifacts-desktop': 'Desktop (not sent)', cancel: 'Runtime cancels', drop: 'Drop connection',
      'mcp-form': 'Form', 'mcp-url': 'Open a link', 'mcp-unsupported': 'Unsupported schema', 'ask-user-question': 'AskUserQuestion', 'ag-ui': 'AG-UI interrupts',
    },
  },
} as const;

const GROUPS = {
  approval: ['approval-low', 'approval-medium', 'approval-grant', 'approval-high', 'approvals-batch'],
  input: ['text', 'choice', 'multi-choice', 'questionnaire', 'grill-checkpoint', 'questionnaire-timeout'],
  artifacts: ['artifacts-feishu', 'artifacts-dingtalk', 'artifacts-desktop'],
  runtime: ['cancel', 'drop'],
  mcp: ['mcp-form', 'mcp-url', 'mcp-unsupported'],
  local: ['ask-user-question', 'ag-ui'],
} as const;

const host = document.querySelector<InteractionHost>('#host')!;
const switches = document.querySelector<HTMLFormElement>('#switches')!;
const wire = document.querySelector<HTMLOListElement>('#wire')!;
const scenarios = document.querySelector<HTMLDivElement>('#scenarios')!;

// One session per tab, kept across reloads: a reload resumes it (answers are never asked twice).
const session = sessionStorage.getItem('aik-demo-session') ?? `demo-${crypto.randomUUID().slice(0, 8)}`;
sessionStorage.setItem('aik-demo-session', session);

const setting = (name: string) => settingOf(switches, name);

const isResent = resentResults();

/** One line of the wire panel; `local` is what the page's own adapters hand to an agent. */
function logWire(direction: WireDirection | 'local', message: unknown): void {
  const item = document.createElement('li');
  const details = document.createElement('details');
  const summary = document.createElement('summary');
  const arrow = document.createElement('span');
  arrow.className = `dir ${direction}`;
  arrow.textContent = direction === 'in' ? 'rt → kit' : direction === 'out' ? 'kit → rt' : 'page';
  const record = (message ?? {}) as Record<string, unknown>;
  const id = record.call_id ?? record.id ?? record.request_id ?? '';
  // The kit's own messages have a type; JSON-RPC ones a method, a result or an error.
  const kind = record.type ?? record.method ?? ('result' in record ? 'result' : 'error' in record ? 'error' : '?');
  summary.append(arrow, ` ${String(kind)} ${String(id)}`);
  if (isResent(direction, message)) {
    const mark = document.createElement('span');
    mark.className = 'resent';
    mark.textContent = TEXT[setting('locale') as keyof typeof TEXT].resent;
    summary.append(' ', mark);
  }
  const pre = document.createElement('pre');
  pre.textContent = JSON.stringify(message, null, 2);
  details.append(summary, pre);
  item.append(details);
  // The inspector: every message both ways against the schemas, each broken field named.
  const problems = direction === 'local' ? [] : inspectMessage(direction, message);
  if (problems.length > 0) {
    item.classList.add('invalid');
    const mark = document.createElement('span');
    mark.className = 'problem-count';
    mark.textContent = `⚠ ${problems.length} ${TEXT[demoTextLocale(setting('locale'))].problems}`;
    summary.append(' ', mark);
    const list = document.createElement('ul');
    list.className = 'problems';
    for (const problem of problems) {
      const line = document.createElement('li');
      line.textContent = problem;
      list.append(line);
    }
    // Open, with the broken fields right under the summary and the message below them.
    details.insertBefore(list, pre);
    details.open = true;
  }
  wire.prepend(item);
  while (wire.children.length > 200) wire.lastElementChild?.remove();
}

// `?runtime=ws://…` (or the field in the page, `npm start -- --runtime ws://…`) points the page at
// any runtime instead of the demo's own: the demo becomes an inspector for it.
const params = new URLSearchParams(location.search);
const external = params.get('runtime')?.trim() || undefined;
const runtimeForm = document.querySelector<HTMLFormElement>('#runtime-form')!;
const runtimeField = runtimeForm.elements.namedItem('runtime') as HTMLInputElement;
runtimeField.value = external ?? '';
runtimeForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const value = runtimeField.value.trim();
  if (value) params.set('runtime', value);
  else params.delete('runtime');
  location.search = params.toString();
});
if (external) {
  document.querySelector<HTMLElement>('#scenarios-panel')!.hidden = true;
  document.querySelector<HTMLElement>('#inspecting')!.hidden = false;
}
const url = external ?? `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/runtime/agent/sessions/${session}`;
host.deliver = mockDeliver;
host.adapters = [mcpElicitation({ server: 'demo-mcp' })];
host.transport = tapTransport(new WebSocketTransport(url), logWire);

const transcript = document.querySelector<HTMLElement>('.transcript')!;

/** The cards the page shows itself (AskUserQuestion, AG-UI), outside the host. */
const localCards = () => transcript.querySelectorAll<HTMLElement>(':scope > approval-dialog, :scope > questionnaire-form');

async function runScenario(name: string): Promise<void> {
  if (name === 'ask-user-question' || name === 'ag-ui') {
    const options = { stage: transcript, locale: setting('locale'), theme: setting('theme'), log: (label: string, message: unknown) => logWire('local', { type: label, ...(Array.isArray(message) ? { items: message } : (message as object)) }) };
    if (name === 'ask-user-question') askUserQuestion(options);
    else agUiInterrupts(options);
    return;
  }
  if (name === 'drop') {
    await fetch('/runtime/drop', { method: 'POST', body: JSON.stringify({ session }) });
    return;
  }
  const context = { channel: setting('channel'), run_mode: setting('run_mode'), locale: setting('locale') };
  await fetch('/runtime/scenario', { method: 'POST', body: JSON.stringify({ name, session, context }) });
}

function applySettings(): void {
  const locale = setting('locale');
  const theme = setting('theme') as 'light' | 'dark'; // the select offers just these
  // The demo's own words are in zh-CN and en; the cards speak the chosen language.
  const lang = demoTextLocale(locale);
  const text = TEXT[lang];
  applyPageSettings(locale, theme);
  host.setAttribute('locale', locale);
  host.theme = theme;
  // What the run mode means is said in every language the picker offers, the rest of the demo's words in two.
  runModeHint.textContent = runModeText(locale)[setting('run_mode') as keyof RunModeText];
  // Set in the select's change, a user's gesture: the host asks for the permission then.
  host.notify = setting('notify') as InteractionHost['notify'];
  // The page's own cards follow the switches as the host's do.
  for (const card of localCards()) {
    card.setAttribute('locale', locale);
    card.setAttribute('theme', theme);
  }
  translatePage(text, lang);
  scenarios.replaceChildren(
    ...Object.entries(GROUPS).map(([group, names]) => {
      const section = document.createElement('div');
      section.className = 'scenario-group';
      const heading = document.createElement('h3');
      demoWords(heading, text.groups[group as keyof typeof GROUPS], lang);
      const buttons = document.createElement('div');
      buttons.className = 'scenario-buttons';
      for (const name of names) {
        const button = document.createElement('button');
        button.type = 'button';
        button.dataset.scenario = name;
        demoWords(button, text.names[name], lang);
        button.addEventListener('click', () => void runScenario(name));
        buttons.append(button);
      }
      section.append(heading, buttons);
      return section;
    }),
  );
  saveSettings({ channel: setting('channel'), run_mode: setting('run_mode'), locale, theme, notify: setting('notify') });
}

const runModeHint = document.querySelector<HTMLElement>('#run-mode-hint')!;

// A first visit opens in the first of the browser's languages the kit speaks; later ones as left.
restoreSettings(switches);
switches.addEventListener('change', applySettings);
document.querySelector('#clear-wire')!.addEventListener('click', () => wire.replaceChildren());

// On a phone the settings open under the one-row bar on demand; Escape closes them.
const settingsToggle = document.querySelector<HTMLButtonElement>('#settings-toggle')!;
function openSettings(open: boolean): void {
  settingsToggle.setAttribute('aria-expanded', String(open));
  switches.classList.toggle('open', open);
}
settingsToggle.addEventListener('click', () => openSettings(settingsToggle.getAttribute('aria-expanded') !== 'true'));
switches.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape' || !switches.classList.contains('open')) return;
  openSettings(false);
  settingsToggle.focus();
});

// The wire panel folds away (remembered); on a narrow screen it starts folded.
const wireToggle = document.querySelector<HTMLButtonElement>('#toggle-wire')!;
const wireBody = document.querySelector<HTMLElement>('#wire-body')!;
const clearWire = document.querySelector<HTMLButtonElement>('#clear-wire')!;
function showWire(open: boolean): void {
  wireToggle.setAttribute('aria-expanded', String(open));
  wireBody.hidden = !open;
  clearWire.hidden = !open;
}
const savedWire = localStorage.getItem('aik-demo-wire');
showWire(savedWire ? savedWire === 'open' : !matchMedia('(max-width: 900px)').matches);
wireToggle.addEventListener('click', () => {
  const open = wireToggle.getAttribute('aria-expanded') !== 'true';
  showWire(open);
  localStorage.setItem('aik-demo-wire', open ? 'open' : 'closed');
});
applySettings();
