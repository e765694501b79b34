import { isPending, isUnacked, type SessionEntry } from './entry.js';

const finished = (entry: SessionEntry): boolean => !isPending(entry) && !isUnacked(entry);

/** What changed in the store: a new entry, a new snapshot of one, or one gone. */
export type EntryChange =
  | { type: 'request'; entry: SessionEntry }
  | { type: 'update'; entry: SessionEntry }
  | { type: 'remove'; id: string };

/**
 * The session's entries in arrival order, as immutable snapshots: a change replaces an entry
 * with a new frozen object, so what a listener or `list()` got never changes under it.
 */
export class EntryStore {
  private readonly entries = new Map<string, SessionEntry>();

  constructor(private readonly notify: (change: EntryChange) => void) {}

  get(id: string): SessionEntry | undefined {
    return this.entries.get(id);
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  list(): SessionEntry[] {
    return [...this.entries.values()];
  }

  /** Shows `entry`; one with the same id is replaced where it stood (Map keeps the order). */
  put<E extends SessionEntry>(entry: E): E {
    const known = this.entries.has(entry.id);
    const snapshot: E = { ...entry };
    Object.freeze(snapshot);
    this.entries.set(entry.id, snapshot);
    this.notify({ type: known ? 'update' : 'request', entry: snapshot });
    return snapshot;
  }

  /** A new snapshot of `entry` with `change` applied. */
  update<E extends SessionEntry>(entry: E, change: Partial<E>): E {
    return this.put({ ...entry, ...change });
  }

  delete(id: string): boolean {
    if (!this.entries.delete(id)) return false;
    this.notify({ type: 'remove', id });
    return true;
  }

  /**
   * Finished entries (settled and acked) beyond the most recent `limit`, oldest first. Asked after
   * every answer: it counts in place rather than copying the list, which at 500 receipts was a
   * copy and a filter of all of them per call.
   */
  overflow(limit: number): SessionEntry[] {
    if (this.entries.size <= limit) return [];
    let excess = -limit;
    for (const entry of this.entries.values()) if (finished(entry)) excess += 1;
    // A limit that is no number (receipt-limit="abc") prunes nothing, as before.
    if (!(excess > 0)) return [];
    const gone: SessionEntry[] = [];
    for (const entry of this.entries.values()) {
      if (gone.length >= excess) break;
      if (finished(entry)) gone.push(entry);
    }
    return gone;
  }
}
