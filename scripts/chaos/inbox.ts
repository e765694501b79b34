// The chaos run's inbox: the person's inbox connections, through the proxy (so any instance may
// serve one, and a kill or a drop cuts it), answering the calls the seed gave them at the same
// moment the pages answer them: both try, one wins. Each keeps an outbox re-sent after every
// `ready` until acked, as the kit's inbox does, and remembers what it last showed for each call.
import { WebSocket } from 'ws';
import type { ToolResult } from '../../src/protocol/results.js';
import { resolveContext } from '../../src/rules/context.js';
import { answerRequest } from '../../src/rules/answers.js';
import { normalizeToolCall } from '../../src/rules/normalize.js';
import { answerApproval } from '../../src/rules/responses.js';
import { toolResultFor } from '../../src/rules/results.js';
import type { Plan } from './pages.js';

/** What one inbox connection last showed for a call: waiting, or how it settled. */
export type InboxView = 'waiting' | string;

export interface ChaosInbox {
  /** Each call's last state in this inbox (a call that left without a word is absent). */
  readonly views: Map<string, InboxView>;
  /** Results this inbox sent, by call id (the first time). */
  readonly answered: Set<string>;
  /** Cuts its connection now, as a network drop would; it reconnects. */
  drop(): void;
  close(): void;
}

/** The result a person's answer to `plan` comes to, built by the kit's own rules (as a card would). */
export function resultOf(plan: Plan): ToolResult {
  const at = new Date().toISOString();
  const request = normalizeToolCall(plan.tool, plan.args, { request_id: plan.id, session_id: plan.session }, resolveContext());
  const e = plan.expected;
  if (e.kind === 'expire') throw new Error(`chaos: ${plan.id} is left to expire: nobody answers it`);
  const response =
    e.kind === 'approval'
      ? answerApproval(request, e.approve, '', at)
      : (() => {
          const outcome = answerRequest(request, e.kind === 'text' ? { text: e.text } : { answers: { a: { value: e.a }, b: { value: e.b } } }, at);
          if (!outcome.ok) throw new Error(`chaos: the plan of ${plan.id} is not a valid answer`);
          return outcome.response;
        })();
  return toolResultFor(request, response, { resultLanguage: 'zh' }) as ToolResult;
}

/**
 * One inbox connection at `url`, answering the calls in `mine` after a random short wait (0 to
 3 s after it lists them, about as long as a page takes), and reconnecting after any close until `close()`.
 */
export function startInbox(url: string, plans: Map<string, Plan>, mine: Set<string>, random: () => number): ChaosInbox {
  const views = new Map<string, InboxView>();
  const answered = new Set<string>();
  const outbox = new Map<string, object>();
  const heardOf = new Set<string>();
  let socket: WebSocket | undefined;
  let closed = false;

  const send = (message: object) => socket?.readyState === WebSocket.OPEN && socket.send(JSON.stringify({ v: 1, ...message }));
  const answer = (id: string) => {
    const plan = plans.get(id);
    if (!plan || answered.has(id) || closed) return;
    answered.add(id);
    const message = { type: 'tool_result', call_id: id, tool: plan.tool, result: resultOf(plan), session_id: plan.session };
    outbox.set(id, message);
    send(message);
  };
  const listed = (call: { call_id?: unknown }) => {
    const id = String(call.call_id);
    views.set(id, 'waiting');
    if (mine.has(id) && !heardOf.has(id)) setTimeout(() => answer(id), random() * 3000);
    heardOf.add(id);
  };

  const connect = () => {
    if (closed) return;
    const current = new WebSocket(url, { origin: 'http://127.0.0.1' });
    socket = current;
    current.on('open', () => send({ type: 'connect', kit_version: '0.1.0' }));
    current.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Record<string, unknown> & { calls?: { call_id?: unknown }[]; call?: { call_id?: unknown } };
      if (frame.type === 'hello') {
        send({ type: 'ready', kit_version: '0.1.0', capabilities: { tools: [] }, resume: [...outbox.keys()] });
        for (const message of outbox.values()) send(message);
      } else if (frame.type === 'inbox') {
        const now = new Set((frame.calls ?? []).map((call) => String(call.call_id)));
        // What the snapshot no longer lists left while this connection was away: it shows nothing of it now.
        for (const [id, view] of views) if (view === 'waiting' && !now.has(id)) views.delete(id);
        for (const call of frame.calls ?? []) listed(call);
      } else if (frame.type === 'inbox_add' && frame.call) {
        listed(frame.call);
      } else if (frame.type === 'inbox_remove') {
        views.set(String(frame.call_id), String(frame.decision));
      } else if (frame.type === 'ack') {
        const id = String(frame.id);
        // Its own answer stored: what it shows is that answer, unless another place's word came (inbox_remove).
        if (outbox.delete(id) && views.get(id) === 'waiting') views.set(id, decisionOf(plans.get(id)!));
      }
    });
    current.on('close', () => {
      if (!closed) setTimeout(connect, 100 + random() * 200);
    });
    current.on('error', () => current.terminate());
  };
  connect();
  return {
    views,
    answered,
    drop: () => socket?.terminate(),
    close: () => {
      closed = true;
      socket?.terminate();
    },
  };
}

/** The decision a plan's answer is, in the audit record's words. */
export const decisionOf = (plan: Plan): string =>
  plan.expected.kind === 'approval' ? (plan.expected.approve ? 'approved' : 'rejected') : plan.expected.kind === 'expire' ? 'timeout' : 'answered';
