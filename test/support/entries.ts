// Reading the session's entries in tests: a request entry by its kind, and where an entry stands.
import assert from 'node:assert/strict';
import { statusOf } from '../../src/rules/card-state.js';
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
  return entry.response ? statusOf(entry.response) : 'pending';
}
