import { isPending, isUnacked, isWaiting, type SessionEntry } from './entry.js';

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

  /** `ready`'s `showing`: the first `limit` ids of the cards still waiting for an answer, none when there are none. */
  showing(limit: number): { showing?: string[] } {
    const ids: string[] = [];
    for (const entry of this.entries.values()) if (isWaiting(entry) && ids.push(entry.id) >= limit) break;
    return ids.length > 0 ? { showing: ids } : {};
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

  /** Finished entries (settled and acked) beyond the most recent `limit`, oldest first. */
  overflow(limit: number): SessionEntry[] {
    // Under the limit (most sessions, after every answer) nothing is copied or filtered.
    if (this.entries.size <= limit) return [];
    const finished = this.list().filter((entry) => !isPending(entry) && !isUnacked(entry));
    return finished.slice(0, Math.max(0, finished.length - limit));
  }
}
