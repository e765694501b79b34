// The demo's inbox page: one visitor's <interaction-inbox> over three background agents of the mock
// runtime (demo/inbox-agents.ts), beside one agent's chat. An answer given in either place wins,
// and the other turns into a receipt that says where and by whom.
import '../src/entries/interaction-host.js';
import '../src/entries/interaction-inbox.js';
import './all-locales.js';
import type { InteractionHost } from '../src/host/interaction-host.js';
import type { InteractionInbox } from '../src/host/inbox/interaction-inbox.js';
import { agentSession, INBOX_AGENTS } from './inbox-agents.js';
import { demoTextLocale } from './languages.js';
import { applyPageSettings, restoreSettings, saveSettings, settingOf, translatePage } from './settings.js';

const TEXT = {
  'zh-CN': {
    tag: '收件箱', language: '语言', theme: '主题', light: '浅色', dark: '深色', back: '演示', agent: '代理',
    inboxTitle: '你的收件箱：所有代理的等待请求',
    inboxHint: '三个代理同时在后台运行。每个请求都可以在这里或在它的对话中回答；先到的答案生效，另一处随即显示谁在何处处理。',
    start: '让代理们提问', chatTitle: '一个代理的对话',
  },
  en: {
    tag: 'inbox', language: 'Language', theme: 'Theme', light: 'Light', dark: 'Dark', back: 'The demo', agent: 'Agent',
    inboxTitle: 'Your inbox: what every agent is waiting for',
    inboxHint: 'Three agents run in the background at once. Each request can be answered here or in its own chat; the first answer counts, and the other place then shows where and by whom it was answered.',
    start: 'Let the agents ask', chatTitle: "One agent's chat",
  },
} as const;

const switches = document.querySelector<HTMLFormElement>('#switches')!;
const inbox = document.querySelector<InteractionInbox>('#inbox')!;
const chat = document.querySelector<InteractionHost>('#chat')!;
const agentSelect = document.querySelector<HTMLSelectElement>('#agent')!;
const setting = (name: string) => settingOf(switches, name);

// One visitor per tab, kept across reloads: the runtime's authorize names them from `as`, and the
// three agents' sessions are theirs, so nobody else's calls reach this inbox.
const visitor = sessionStorage.getItem('aik-demo-visitor') ?? `visitor-${crypto.randomUUID().slice(0, 8)}`;
sessionStorage.setItem('aik-demo-visitor', visitor);
const socket = (path: string) => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/runtime${path}?as=${visitor}`;

inbox.src = socket('/agent/inbox');
const openChat = () => (chat.src = socket(`/agent/sessions/${agentSession(visitor, agentSelect.value)}`));
agentSelect.addEventListener('change', openChat);

document.querySelector('#start')!.addEventListener('click', () => {
  void fetch('/runtime/agents', { method: 'POST', body: JSON.stringify({ visitor, locale: setting('locale') }) });
});

function applySettings(): void {
  const locale = setting('locale');
  const theme = setting('theme') as 'light' | 'dark'; // the select offers just these
  // The page's own words are in zh-CN and en; the inbox and the cards speak the chosen language.
  const text = TEXT[demoTextLocale(locale)];
  applyPageSettings(locale, theme);
  for (const el of [inbox, chat]) {
    el.setAttribute('locale', locale);
    el.setAttribute('theme', theme);
  }
  translatePage(text, demoTextLocale(locale));
  const chosen = agentSelect.value;
  agentSelect.replaceChildren(...INBOX_AGENTS.map((agent) => Object.assign(document.createElement('option'), { value: agent.id, textContent: agent.title[demoTextLocale(locale)] })));
  agentSelect.value = chosen || INBOX_AGENTS[0].id;
  saveSettings({ locale, theme });
}

// The main demo's settings, shared: the same language and theme on both pages.
restoreSettings(switches);
switches.addEventListener('change', applySettings);
applySettings();
openChat();
