// The demo's MCP Apps host page: the model's calls (here: buttons) go to the kit's MCP server, and
// each opens its card through demo/mcp-apps/host.ts. `?server=` is the MCP endpoint (npm start
// passes its own), `?theme=` and `?locale=` what the host tells the View.
import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import { callWithView, connectHost } from './host.js';
import { DEMO_LOCALES, demoLocaleOf } from '../languages.js';

const params = new URLSearchParams(location.search);
const server = params.get('server') ?? `${location.origin}/mcp-app/mcp`;
const form = document.querySelector<HTMLFormElement>('.switches')!;
const transcript = document.querySelector<HTMLElement>('#transcript')!;
// The host tells the View its language: the twelve the kit speaks, the page's own by default
// (an English page shows English cards), `?locale=` when given.
const localeSelect = form.elements.namedItem('locale') as HTMLSelectElement;
localeSelect.replaceChildren(...DEMO_LOCALES.map(([tag, name]) => Object.assign(document.createElement('option'), { value: tag, textContent: name, lang: tag })));
localeSelect.value = demoLocaleOf(document.documentElement.lang) ?? 'en';
for (const name of ['theme', 'locale']) {
  const value = params.get(name);
  const select = form.elements.namedItem(name) as HTMLSelectElement;
  // A region tag (`?locale=en-US`) picks its language, as the host passes any BCP 47 tag on.
  const known = value && (name === 'locale' ? demoLocaleOf(value) : value);
  if (known && [...select.options].some((option) => option.value === known)) select.value = known;
}
const theme = () => (form.elements.namedItem('theme') as HTMLSelectElement).value as 'light' | 'dark';
const locale = () => (form.elements.namedItem('locale') as HTMLSelectElement).value;
document.documentElement.dataset.theme = theme();

const CALLS: Record<string, [string, Record<string, unknown>]> = {
  approval: ['request_user_approval', { title: 'Deploy v2.3 to production', message: 'Roll out v2.3 to all regions now?', severity: 'high', details: '$ kubectl rollout restart deploy/api -n prod\n  replicas: 12', timeout_seconds: 300 }],
  questionnaire: ['request_user_input', {
    message: 'How should the migration run?',
    questions: [
      { id: 'compat', header: 'Compatibility', question: 'Keep the old schema?', options: [{ label: 'Rewrite', description: 'Drop the old tables' }, 'Keep both'] },
      { id: 'window', header: 'Window', question: 'When?', options: ['Tonight 22:00', 'Saturday 08:00'] },
    ],
    timeout_seconds: 600,
  }],
  text: ['request_user_input', { message: 'What should the release be called?', input_mode: 'text' }],
};

const host = await connectHost(server);
const hostContext = (): McpUiHostContext => ({ theme: theme(), locale: locale() });

async function ask(which: string): Promise<void> {
  const [tool, args] = CALLS[which]!;
  const turn = document.createElement('section');
  turn.className = 'turn';
  turn.innerHTML = '<span class="who">Assistant</span><p class="call"></p><div class="view"></div><p class="result"></p>';
  turn.querySelector('.call')!.textContent = `${tool}(${JSON.stringify(args).slice(0, 90)}…)`;
  transcript.append(turn);
  const view = await callWithView(host, tool, args, { container: turn.querySelector('.view')!, sandboxUrl: sandboxUrl(), hostContext: hostContext() });
  views.push(view);
  view.result.then(
    (result) => (turn.querySelector('.result')!.textContent = `→ the model reads: ${result.content.map((block) => ('text' in block ? block.text : '')).join('')}`),
    () => (turn.querySelector('.result')!.textContent = '→ cancelled'),
  );
}

/** The sandbox proxy on the page's other origin: localhost for 127.0.0.1, and the other way round. */
function sandboxUrl(): string {
  const other = location.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return `${location.protocol}//${other}:${location.port}/mcp-apps/sandbox.html`;
}

const views: Awaited<ReturnType<typeof callWithView>>[] = [];
form.addEventListener('change', () => {
  document.documentElement.dataset.theme = theme();
  for (const view of views) void view.bridge.sendHostContextChange(hostContext());
});
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-ask]')) button.addEventListener('click', () => void ask(button.dataset.ask!));
for (const which of (params.get('ask') ?? 'approval,questionnaire').split(',').filter((w) => w in CALLS)) await ask(which);
document.body.dataset.ready = 'true';
