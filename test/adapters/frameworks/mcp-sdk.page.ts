// The page of the MCP round trip: the demo's MCP lab (a real McpServer and Client) in a host of its
// own; window.open is recorded instead of opening tabs.
import '../../../src/entries/interaction-host.js';
import { startMcpLab } from '../../../demo/frameworks/mcp-sdk-lab.js';
import type { InteractionHost } from '../../../src/host/interaction-host.js';

const host = document.createElement('interaction-host') as InteractionHost;
host.locale = 'en';
document.querySelector('#app')!.append(host);
const lab = startMcpLab(host);
window.open = ((url: string) => (lab.opened.push(url), null)) as typeof window.open;
Object.assign(window, { lab });
