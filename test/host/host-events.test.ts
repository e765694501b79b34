// The host's events, one class each: what a page's listener reads of them (the class, bubbles,
// composed, a typed detail), and `connection-change`'s deprecated flags as its `status` gives them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ConnectionChangeDetail,
  ConnectionChangeEvent,
  HostEvent,
  InteractionRequestEvent,
  InteractionWaitingEvent,
  ToolResultEvent,
} from '../../src/host/host-events.js';
import type { ResultMessage } from '../../src/protocol/kit-messages.js';
import type { SessionEntry } from '../../src/session/session.js';
import type { ConnectionStatus, TransportState } from '../../src/transport/transport.js';

/** Its type, and that it leaves a shadow root and bubbles to the page, as every host event does. */
function assertHostEvent(event: Event, type: string): void {
  assert.ok(event instanceof HostEvent, `${type} is a HostEvent`);
  assert.ok(event instanceof CustomEvent, `${type} is a CustomEvent`);
  assert.equal(event.type, type);
  assert.equal(event.bubbles, true, `${type} bubbles`);
  assert.equal(event.composed, true, `${type} is composed`);
  assert.equal(event.cancelable, false, `${type} is not cancelable`);
}

describe('host events', () => {
  it('interaction-request carries the id and the entry', () => {
    const entry = { id: 'r-1', kind: 'refused' } as unknown as SessionEntry;
    const event = new InteractionRequestEvent(entry);
    assertHostEvent(event, 'interaction-request');
    assert.deepEqual(event.detail, { id: 'r-1', entry });
    assert.equal(event.detail.entry, entry);
  });

  it('tool-result carries the message sent', () => {
    const message = { type: 'tool_result', call_id: 'c-1' } as unknown as ResultMessage;
    const event = new ToolResultEvent(message);
    assertHostEvent(event, 'tool-result');
    assert.equal(event.detail, message);
  });

  it('interaction-waiting counts the waiting cards and names the oldest, or null when none waits', () => {
    const event = new InteractionWaitingEvent(['w-1', 'w-2']);
    assertHostEvent(event, 'interaction-waiting');
    assert.deepEqual(event.detail, { count: 2, oldest: 'w-1' });
    assert.deepEqual(new InteractionWaitingEvent([]).detail, { count: 0, oldest: null });
  });

  it('connection-change carries the status; superseded and unreachable (deprecated) are read from it', () => {
    const cases: [ConnectionStatus, TransportState, boolean, boolean][] = [
      ['connecting', 'connecting', false, false],
      ['open', 'open', false, false],
      ['reconnecting', 'reconnecting', false, false],
      ['closed', 'closed', false, false],
      ['unreachable', 'reconnecting', false, true],
      ['superseded', 'closed', true, false],
    ];
    for (const [status, state, superseded, unreachable] of cases) {
      const event = new ConnectionChangeEvent(status, state);
      assertHostEvent(event, 'connection-change');
      assert.ok(event.detail instanceof ConnectionChangeDetail);
      assert.equal(event.detail.status, status);
      assert.deepEqual(
        { state: event.detail.state, superseded: event.detail.superseded, unreachable: event.detail.unreachable },
        { state, superseded, unreachable },
        `the deprecated flags of ${status}`,
      );
    }
  });

  it('the event classes are apart: a listener tells one from another by instanceof', () => {
    const events = [new InteractionRequestEvent({ id: 'x' } as SessionEntry), new ToolResultEvent({} as ResultMessage), new ConnectionChangeEvent('open', 'open'), new InteractionWaitingEvent([])];
    const classes = [InteractionRequestEvent, ToolResultEvent, ConnectionChangeEvent, InteractionWaitingEvent];
    for (const [i, event] of events.entries()) {
      assert.deepEqual(classes.map((c) => event instanceof c), classes.map((_, j) => i === j));
    }
  });
});
