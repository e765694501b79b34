// The demo's agent-frameworks page: the AI SDK chat (useChat, streaming from the mock runtime's
// ToolLoopAgent), the OpenAI Agents SDK and LangGraph runs of the mock runtime answered in a host,
// and the MCP SDK's elicitInput answered through elicitationHandler. The same scripted models run
// the tests.
import '../../src/entries/interaction-host.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import { mountAiSdkChat } from './ai-sdk-chat.js';
import { startMcpLab } from './mcp-sdk-lab.js';

mountAiSdkChat(document.querySelector('#ai-sdk')!, '/runtime/ai-sdk/chat');

const session = `frameworks-${Math.random().toString(36).slice(2, 8)}`;
const serverHost = document.querySelector<InteractionHost>('#server-host')!;
serverHost.src = `${location.origin.replace(/^http/, 'ws')}/runtime/agent/sessions/${session}`;

function log(list: string, line: string): void {
  const item = document.createElement('li');
  item.textContent = line; // what the frameworks returned: text, never HTML
  document.querySelector(list)!.prepend(item);
}

async function poll(): Promise<void> {
  const runs = (await (await fetch(`/runtime/frameworks/runs?session=${session}`)).json()) as { framework: string; status: string; outcome?: unknown }[];
  const list = document.querySelector('#server-runs')!;
  list.replaceChildren();
  for (const run of runs.reverse()) log('#server-runs', `${run.framework}: ${run.status}${run.outcome ? ` → ${JSON.stringify(run.outcome)}` : ''}`);
}
setInterval(() => void poll(), 1000);

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-run]')) {
  button.addEventListener('click', () => {
    void fetch('/runtime/frameworks/run', { method: 'POST', body: JSON.stringify({ name: button.dataset.run, session }) });
  });
}

const mcp = startMcpLab(document.querySelector<InteractionHost>('#mcp-host')!);
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-mcp]')) {
  button.addEventListener('click', () => {
    void mcp.call(button.dataset.mcp!).then((result) => log('#mcp-runs', `elicitInput → ${JSON.stringify(result)}`));
  });
}
