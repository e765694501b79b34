// The theme presets beside the kit's defaults, for screenshots (npm run screenshots:themes).
// `?preset=mcp-apps|material|web-awesome|shadcn&scheme=light|dark&locale=en|zh-CN`; `only` drops
// the defaults column (phone width). The page sets its design system up as that system's own
// pages do (demo/design-systems.ts), then links the preset, as a user's page would.
import '../src/entries/approval-dialog.js';
import '../src/entries/questionnaire-form.js';
import { resolveContext } from '../src/rules/context.js';
import { normalizeApproval, normalizeInput } from '../src/rules/normalize.js';
import { designSystemPage, PRESET_NAMES, PRESETS, type Preset, type Scheme } from './design-systems.js';

const params = new URLSearchParams(location.search);
const preset = (PRESETS as readonly string[]).includes(params.get('preset') ?? '') ? (params.get('preset') as Preset) : 'mcp-apps';
const scheme: Scheme = params.get('scheme') === 'dark' ? 'dark' : 'light';
const locale = params.get('locale') === 'zh-CN' ? 'zh-CN' : 'en';
const en = locale === 'en';
const shot = document.querySelector<HTMLElement>('#shot')!;
const ids = (id: string) => ({ request_id: id, session_id: 'themes' });
// A clock that stands still, so that the countdown shows a chosen time.
const stillClock = { now: () => 0, setTimeout: () => 0, clearTimeout: () => undefined };

function link(href: string): Promise<unknown> {
  const el = document.createElement('link');
  el.rel = 'stylesheet';
  el.href = href;
  document.head.append(el);
  return new Promise((resolve) => el.addEventListener('load', resolve));
}

/** Two cards: a high-risk approval, and a choice with an option picked. */
function cards(parent: ParentNode, theme?: Scheme): void {
  const approval = document.createElement('approval-dialog');
  const choice = document.createElement('questionnaire-form');
  for (const el of [approval, choice]) {
    el.setAttribute('locale', locale);
    if (theme) el.setAttribute('theme', theme);
    el.clock = stillClock;
  }
  approval.requester = 'deploy-agent';
  approval.request = normalizeApproval(
    en
      ? { title: 'Deploy to production', message: 'Release v2.3 to all production regions?', severity: 'high', details: 'commit 8f3e2a1\nservices: api, worker, web', timeout_seconds: 272 }
      : { title: '发布确认', message: '发布 v2.3 到所有生产区域？', severity: 'high', details: 'commit 8f3e2a1\nservices: api, worker, web', timeout_seconds: 272 },
    ids('high'),
  );
  choice.requester = 'planner';
  choice.request = normalizeInput(
    en
      ? { title: 'Rollout', message: 'How should v2.3 roll out?', input_mode: 'choice', options: [{ label: 'Canary first', description: '5 % of traffic for an hour' }, { label: 'Region by region', description: 'cn-north, then cn-east' }, 'All at once'] }
      : { title: '发布方式', message: 'v2.3 如何发布？', input_mode: 'choice', options: [{ label: '先金丝雀', description: '先放 5% 流量一小时' }, { label: '逐个区域', description: '先 cn-north，再 cn-east' }, '一次全部'] },
    ids('choice'),
    resolveContext(),
  );
  parent.append(approval, choice);
  void choice.updateComplete.then(() => choice.shadowRoot!.querySelectorAll<HTMLInputElement>('input[type="radio"]')[1]?.click());
}

function column(label: string, background: string, color: string): HTMLElement {
  const el = document.createElement('section');
  el.style.cssText = 'display: grid; align-content: start; gap: 14px; padding: 20px';
  el.style.background = background;
  const heading = document.createElement('p');
  heading.style.cssText = 'margin: 0; font: 600 13px/1.4 system-ui, sans-serif';
  heading.style.color = color;
  heading.textContent = label;
  el.append(heading);
  return el;
}

const page = designSystemPage(preset, scheme);
document.documentElement.lang = locale;
document.documentElement.classList.add(...page.rootClasses);
document.documentElement.style.colorScheme = scheme;
page.setUpRoot?.(document.documentElement);
if (page.css) {
  const style = document.createElement('style');
  style.textContent = page.css;
  document.head.append(style);
}
await Promise.all([...page.stylesheets.map(link), link(`/themes/${preset}.css`)]);

if (!params.has('only')) {
  // The defaults live in a shadow root, out of the preset's reach (it styles the page's elements).
  const holder = document.createElement('div');
  holder.style.display = 'grid';
  shot.append(holder);
  const defaults = column(en ? 'Kit defaults' : '默认样式', scheme === 'dark' ? '#111316' : '#eef1f4', scheme === 'dark' ? '#a8b0ba' : '#57606a');
  holder.attachShadow({ mode: 'open' }).append(defaults);
  cards(defaults, scheme);
}
const themed = column(`${PRESET_NAMES[preset]} · themes/${preset}.css`, page.background, scheme === 'dark' ? '#c4c7cc' : '#4a4f57');
shot.append(themed);
cards(themed);
await Promise.all([...document.querySelectorAll<HTMLElement & { updateComplete: Promise<unknown> }>('approval-dialog, questionnaire-form')].map((el) => el.updateComplete));
await document.fonts.ready;
shot.dataset.ready = 'true';
