// One connection status from a transport's state and what it carried: superseded wins over the
// rest, unreachable holds only while the transport is not open.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectionStatus } from '../../src/transport/transport.js';

describe('connectionStatus', () => {
  it('is the transport state when nothing else is said', () => {
    for (const state of ['connecting', 'open', 'reconnecting', 'closed'] as const) assert.equal(connectionStatus(state, {}), state);
  });

  it('is unreachable while retrying after five failed opens, and open once it opens', () => {
    assert.equal(connectionStatus('reconnecting', { unreachable: true }), 'unreachable');
    assert.equal(connectionStatus('connecting', { unreachable: true }), 'unreachable');
    assert.equal(connectionStatus('open', { unreachable: true }), 'open');
  });

  it('is superseded once a newer connection took the session, whatever else the detail says', () => {
    assert.equal(connectionStatus('closed', { superseded: true, code: 4000 }), 'superseded');
    assert.equal(connectionStatus('closed', { superseded: true, unreachable: true }), 'superseded');
  });
});
