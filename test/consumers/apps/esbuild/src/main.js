// A leaf import only: the module that registers the tags is a declared side effect, so it stays.
import 'agent-interaction-kit/interaction-host.js';

// The runtime's WebSocket URL comes in the page's query (?agent=ws://…/agent/sessions/<id>).
document.querySelector('interaction-host').src = new URL(window.location.href).searchParams.get('agent');
