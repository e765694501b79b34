// Reading the session's entries in tests: a request entry by its kind, and where an entry stands.
import assert from 'node:assert/strict';
import { statusOf } from '../../src/rules/card-state.js';
import type { InteractionResponse } from '../../src/protocol/response.js';
import type { RequestEntry, SessionEntry } from '../../src/session/session.js';

/** `entry`, which must be an approval or input request. */
export function requestEntry(entry: SessionEntry | undefined): RequestEntry {
  assert.equal(entry?.kind, 'request', 'a request entry');
  return entry as RequestEntry;
}

/** Where an entry stands: pending, or how its response settled it (artifacts: delivered or not; refused: cancelled). */
export function entryStatus(entry: SessionEntry | undefined): string | undefined {
  if (!entry) return undefined;
  if (entry.kind === 'artifacts') return { delivering: 'pending', delivered: 'answered', withdrawn: 'cancelled' }[entry.phase];
  if (entry.kind === 'refused') return 'cancelled';
  return entry.phase === 'pending' ? 'pending' : statusOf(entry.response);
}

/**
 * A request entry's lifecycle read loosely, for assertions: its phase, and what that phase carries
 * (a deadline while pending; a response once answered; `late` once settled); `unacked` while its
 * result waits for the runtime's ack (artifacts too).
 */
export function life(entry: SessionEntry | undefined): { phase?: string; deadline?: number; response?: InteractionResponse; late?: boolean; unacked: boolean } {
  if (!entry || entry.kind === 'refused') return { unacked: false };
  if (entry.kind === 'artifacts') return { phase: entry.phase, unacked: entry.phase === 'delivered' && entry.unacked };
  return { ...entry, unacked: entry.phase === 'sending' };
}
