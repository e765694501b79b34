// The demo page: connects to the mock runtime, and shows each tool call as the kit normalises it.
import { PROTOCOL_VERSION } from '../src/protocol/constants.js';
import { parseRuntimeMessage } from '../src/protocol/parse.js';
import { resolveContext } from '../src/rules/context.js';
import { normalizeToolCall } from '../src/rules/normalize.js';
import { prepareArtifacts } from '../src/rules/artifacts/prepare.js';
import type { WireContext } from '../src/protocol/context.js';

declare const __AIK_RUNTIME_URL__: string;

const status = document.querySelector('#status')!;
const list = document.querySelector('#requests')!;
const socket = new WebSocket(__AIK_RUNTIME_URL__);
let sessionId = '';
let sessionContext: WireContext | null | undefined;

function show(title: string, body: unknown): void {
  const item = document.createElement('li');
  const heading = document.createElement('strong');
  heading.textContent = title;
  const pre = document.createElement('pre');
  pre.textContent = JSON.stringify(body, null, 2);
  item.append(heading, pre);
  list.append(item);
}

socket.addEventListener('open', () => {
  status.textContent = 'Connected';
  socket.send(JSON.stringify({ v: PROTOCOL_VERSION, type: 'connect', kit_version: '0.1.0' }));
});
socket.addEventListener('close', () => (status.textContent = 'Disconnected'));
socket.addEventListener('message', (event) => {
  const parsed = parseRuntimeMessage(event.data);
  if (!parsed.ok) {
    socket.send(JSON.stringify(parsed.error));
    return;
  }
  const message = parsed.message;
  if (message.type === 'hello') {
    sessionId = message.session_id;
    sessionContext = message.context;
    const tools = ['request_user_approval', 'request_user_input', 'publish_artifacts'];
    socket.send(JSON.stringify({ v: PROTOCOL_VERSION, type: 'ready', kit_version: '0.1.0', capabilities: { tools }, resume: [] }));
  } else if (message.type === 'tool_call') {
    const context = resolveContext(sessionContext, message.context);
    const args = message.arguments as Record<string, unknown>;
    if (message.tool === 'publish_artifacts') show(message.call_id, prepareArtifacts(args, context));
    else if (message.tool === 'request_user_approval' || message.tool === 'request_user_input') {
      show(message.call_id, normalizeToolCall(message.tool, args, { request_id: message.call_id, session_id: sessionId }, context));
    }
  }
});
