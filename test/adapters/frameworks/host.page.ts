// A chat page with one <interaction-host>, connected to the runtime named in `?ws=`: the server-side
// frameworks (OpenAI Agents, LangGraph) show their interruptions here through the kit's runtime side.
import '../../../src/entries/interaction-host.js';
import type { InteractionHost } from '../../../src/host/interaction-host.js';

const host = document.createElement('interaction-host') as InteractionHost;
host.locale = 'en';
host.src = new URLSearchParams(location.search).get('ws') ?? '';
document.querySelector('#app')!.append(host);
