// The host's and the cards' events as a page receives them from a real host on a real runtime:
// each its own class, bubbling and composed up to the document, with the detail its type says.
import { expect, waitUntil } from '@open-wc/testing';
import type { ApprovalDialog } from '../../src/elements/approval-dialog/approval-dialog.js';
import { InteractionResponseEvent } from '../../src/elements/shared/interaction-response-event.js';
import {
  ConnectionChangeDetail,
  ConnectionChangeEvent,
  InteractionRequestEvent,
  InteractionWaitingEvent,
  ToolResultEvent,
} from '../../src/host/host-events.js';
import { AgentLab } from '../support/agent.js';
import { partIn } from '../support/card-harness.js';
import { mountHost, uniqueSession, waitForCard } from './support.js';

const TYPES = ['interaction-request', 'tool-result', 'connection-change', 'interaction-waiting', 'interaction-response'] as const;

/** Every kit event that reaches the document, in order. */
function recordAtDocument() {
  const seen: Event[] = [];
  /** Where each event started: composedPath() is empty once the dispatch is over. */
  const origins = new Map<Event, EventTarget | undefined>();
  const record = (event: Event) => {
    seen.push(event);
    origins.set(event, event.composedPath()[0]);
  };
  for (const type of TYPES) document.addEventListener(type, record);
  return { seen, origins, stop: () => TYPES.forEach((type) => document.removeEventListener(type, record)) };
}

describe('<interaction-host> events', () => {
  let lab: AgentLab;
  before(async () => {
    lab = await AgentLab.start();
  });
  after(() => lab.close());

  it('each event reaches the document as its own class, bubbling and composed, with its typed detail', async () => {
    const session = uniqueSession('typed-events');
    const recorder = recordAtDocument();
    try {
      const { host } = await mountHost(lab.url(session));
      await lab.call(session, 'request_user_approval', { message: 'Go?' }, 'te-1');
      const dialog = await waitForCard<ApprovalDialog>(host, 'te-1');
      partIn<HTMLButtonElement>(dialog.shadowRoot!, 'approve-button')!.click();
      await lab.result('te-1');
      await waitUntil(() => recorder.seen.some((e) => e.type === 'tool-result'), 'no tool-result reached the document');
      await waitUntil(() => recorder.seen.filter((e) => e.type === 'interaction-waiting').length === 2, 'interaction-waiting never fired for none waiting');
      const { seen } = recorder;
      for (const event of seen) {
        expect(event.bubbles, `${event.type} bubbles`).to.equal(true);
        expect(event.composed, `${event.type} is composed`).to.equal(true);
      }

      const connection = seen.filter((e) => e.type === 'connection-change') as ConnectionChangeEvent[];
      for (const event of connection) {
        expect(event).to.be.instanceOf(ConnectionChangeEvent);
        expect(event.detail).to.be.instanceOf(ConnectionChangeDetail);
      }
      expect(connection.map((e) => e.detail.status)).to.deep.equal(['connecting', 'open']);

      const request = seen.find((e) => e.type === 'interaction-request') as InteractionRequestEvent;
      expect(request).to.be.instanceOf(InteractionRequestEvent);
      expect(request.detail.id).to.equal('te-1');
      expect(request.detail.entry.kind).to.equal('request');

      const waiting = seen.filter((e) => e.type === 'interaction-waiting') as InteractionWaitingEvent[];
      for (const event of waiting) expect(event).to.be.instanceOf(InteractionWaitingEvent);
      expect(waiting.map((e) => e.detail)).to.deep.equal([{ count: 1, oldest: 'te-1' }, { count: 0, oldest: null }]);

      const response = seen.find((e) => e.type === 'interaction-response') as InteractionResponseEvent;
      expect(response).to.be.instanceOf(InteractionResponseEvent);
      expect(response.cancelable, 'the host takes over delivery').to.equal(true);
      expect(recorder.origins.get(response) === dialog, 'the card\'s own event, unchanged').to.equal(true);
      expect(response.detail.approved).to.equal(true);

      const result = seen.find((e) => e.type === 'tool-result') as ToolResultEvent;
      expect(result).to.be.instanceOf(ToolResultEvent);
      expect(result.detail).to.include({ type: 'tool_result', call_id: 'te-1' });
      host.remove();
    } finally {
      recorder.stop();
    }
  });

  it('connection-change says superseded as its status when a newer connection takes the session', async () => {
    const session = uniqueSession('typed-superseded');
    const first = await mountHost(lab.url(session));
    const changes: ConnectionChangeEvent[] = [];
    first.host.addEventListener('connection-change', (e) => changes.push(e));
    const second = await mountHost(lab.url(session));
    await waitUntil(() => changes.length > 0, 'the first host never heard it was superseded');
    expect(changes.map((e) => e.detail.status)).to.deep.equal(['superseded']);
    expect(changes[0]).to.be.instanceOf(ConnectionChangeEvent);
    first.host.remove();
    second.host.remove();
  });
});
