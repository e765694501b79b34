// The pages of the round-trip benchmark, chosen by `?mode=`:
// - kit: one <interaction-host>; each card is answered through its own approve button;
//   `receipts` sets how many finished cards it keeps (0: each card leaves at its ack);
// - baseline: a plain-DOM card doing the same work (parse, render, answer, persist the outbox),
//   on screen from the call to the ack, as the kit's card is; `keep` sets how many answered
//   cards a plain chat keeps on screen after their ack (0: each leaves at its ack);
// - echo: answers every call at once with a ready-made result, rendering nothing.
import '../src/entries/interaction-host.js';
import type { InteractionHost } from '../src/host/interaction-host.js';
import { itemId } from '../src/host/arrival-blocks.js';
import { parseRuntimeMessage } from '../src/protocol/parse.js';
import { answerRequest } from '../src/rules/answers.js';
import { resolveContext } from '../src/rules/context.js';
import { normalizeToolCall } from '../src/rules/normalize.js';
import { toolResultFor } from '../src/rules/results.js';
import { renderBaselineCard } from './baseline-card.js';

const params = new URLSearchParams(location.search);
const url = params.get('ws')!;
const mode = params.get('mode');

function kitPage(): void {
  const host = document.createElement('interaction-host') as InteractionHost;
  host.receiptLimit = Number(params.get('receipts') ?? 50);
  host.addEventListener('interaction-request', async (event) => {
    await host.updateComplete; // the card is in the DOM once the host has rendered
    const card = host.shadowRoot!.getElementById(itemId(event.detail.id))?.lastElementChild as (HTMLElement & { updateComplete: Promise<unknown> }) | null;
    await card?.updateComplete;
    card?.shadowRoot!.querySelector<HTMLButtonElement>('[part~="approve-button"]')!.click();
  });
  host.src = url;
  document.body.append(host);
}

/** The protocol's handshake, for the pages that are not the kit. */
function connect(
  onCall: (socket: WebSocket, message: { call_id: string; tool: 'request_user_approval'; arguments: Record<string, unknown> }) => void,
  onAck?: (id: string) => void,
): void {
  const socket = new WebSocket(url);
  socket.onopen = () => socket.send(JSON.stringify({ v: 1, type: 'connect', kit_version: 'bench' }));
  socket.onmessage = (event) => {
    const parsed = parseRuntimeMessage(event.data);
    if (!parsed.ok) return;
    const message = parsed.message;
    if (message.type === 'hello') socket.send(JSON.stringify({ v: 1, type: 'ready', kit_version: 'bench', capabilities: { tools: ['request_user_approval'] }, resume: [] }));
    else if (message.type === 'tool_call') onCall(socket, message as never);
    else if (message.type === 'ack') {
      sessionStorage.removeItem(`bench:${message.id}`);
      onAck?.(message.id);
    }
  };
}

/** Whether the page is scrolled to its end: a chat follows new messages only then, as the kit does. */
const atEnd = () => innerHeight + scrollY >= document.documentElement.scrollHeight - 32;

function baselinePage(): void {
  const keep = Number(params.get('keep') ?? 0);
  /** Answered and acked cards still on screen, oldest first. */
  const kept: HTMLElement[] = [];
  // The approval's own style sheets, as the kit's card adopts them.
  const sheets = (customElements.get('approval-dialog') as unknown as { elementStyles: { styleSheet?: CSSStyleSheet }[] }).elementStyles.flatMap((s) => (s.styleSheet ? [s.styleSheet] : []));
  const stage = document.createElement('div');
  document.body.append(stage);
  /** Cards answered but not yet acked: like the kit's, they stay on screen (as receipts) until the ack. */
  const shown = new Map<string, HTMLElement>();
  connect((socket, message) => {
    const request = normalizeToolCall(message.tool, message.arguments, { request_id: message.call_id, session_id: 'bench' }, resolveContext());
    const follow = atEnd();
    const card = renderBaselineCard(request, sheets);
    stage.append(card);
    if (follow) card.scrollIntoView({ block: 'nearest' });
    shown.set(message.call_id, card);
    const root = card.shadowRoot!;
    const approve = root.querySelector<HTMLButtonElement>('[part~="approve-button"]')!;
    approve.addEventListener('click', () => {
      const outcome = answerRequest(request, { approve: true }, new Date().toISOString());
      if (!outcome.ok) return;
      const reply = JSON.stringify({ v: 1, type: 'tool_result', call_id: message.call_id, tool: message.tool, result: toolResultFor(request, outcome.response) });
      sessionStorage.setItem(`bench:${message.call_id}`, reply);
      socket.send(reply);
      // The form gives way to a receipt, as the kit's card does.
      const receipt = document.createElement('div');
      receipt.className = 'receipt receipt-positive';
      receipt.setAttribute('part', 'receipt');
      receipt.setAttribute('role', 'status');
      receipt.textContent = 'Approved';
      // The note field shows only once opened (添加理由), as on the kit's card.
      root.querySelector('.field')?.remove();
      root.querySelector('.actions')!.replaceWith(receipt);
    });
    // The kit renders on the next microtask; so does the baseline.
    void Promise.resolve().then(() => approve.click());
  }, (id) => {
    const card = shown.get(id);
    shown.delete(id);
    if (card) kept.push(card);
    while (kept.length > keep) kept.shift()!.remove();
  });
}

function echoPage(): void {
  connect((socket, message) => {
    socket.send(JSON.stringify({ v: 1, type: 'tool_result', call_id: message.call_id, tool: message.tool, result: ECHO_RESULT(message.call_id) }));
  });
}

const ECHO_RESULT = (id: string) => ({
  source_tool: 'request_user_approval',
  content: '用户已批准操作。',
  content_parts: [{ type: 'tool_event', tool_name: 'request_user_approval', status: 'completed', summary: 'approved' }],
  interaction_request: { kind: 'approval', message: 'm', title: '请确认', severity: 'medium', details: '', timeout_seconds: 120 },
  interaction_response: { request_id: id, status: 'completed', approved: true, text: '', selected_options: [], answers: {}, raw_value: true, resolved_at: new Date().toISOString() },
});

if (mode === 'kit') kitPage();
else if (mode === 'baseline') baselinePage();
else echoPage();
