import type { KitToolResultMessage, InteractionResponseMessage } from '../protocol/kit-messages.js';
import type { KeyValueStorage } from './storage.js';

export type ResultMessage = KitToolResultMessage | InteractionResponseMessage;

/** Acked ids kept per session to recognise repeats (DESIGN §3.3). */
export const ACKED_MEMORY = 1000;

interface Persisted {
  outbox: [string, ResultMessage][];
  acked: string[];
}

/**
 * Every result until the runtime acks it, and the most recent acked ids, persisted per session
 * through the injected storage so that a reload neither loses an answer nor asks again.
 */
export class Outbox {
  private results = new Map<string, ResultMessage>();
  private acked: string[] = [];
  private ackedSet = new Set<string>();
  private key = '';

  constructor(private readonly storage: KeyValueStorage) {}

  /** Switches to a session's stored state. */
  load(sessionId: string): void {
    this.key = `agent-interaction-kit:${sessionId}`;
    let stored: Partial<Persisted> = {};
    try {
      stored = JSON.parse(this.storage.getItem(this.key) ?? '{}') as Partial<Persisted>;
    } catch {
      stored = {}; // a corrupt entry must not stop the page; it is overwritten on the next change
    }
    this.results = new Map(Array.isArray(stored.outbox) ? stored.outbox : []);
    this.acked = Array.isArray(stored.acked) ? stored.acked.slice(-ACKED_MEMORY) : [];
    this.ackedSet = new Set(this.acked);
  }

  private save(): void {
    const data: Persisted = { outbox: [...this.results], acked: this.acked };
    try {
      this.storage.setItem(this.key, JSON.stringify(data));
    } catch {
      // Storage full or blocked: the results still live in memory until acked.
    }
  }

  get(id: string): ResultMessage | undefined {
    return this.results.get(id);
  }

  isAcked(id: string): boolean {
    return this.ackedSet.has(id);
  }

  /** The ids whose results are still unacknowledged, oldest first. */
  ids(): string[] {
    return [...this.results.keys()];
  }

  messages(): ResultMessage[] {
    return [...this.results.values()];
  }

  put(id: string, message: ResultMessage): void {
    this.results.set(id, message);
    this.save();
  }

  /** The runtime stored the result (`ack`) or withdrew the call (`cancel`): keep only the id. */
  settle(id: string): void {
    this.results.delete(id);
    if (!this.ackedSet.has(id)) {
      this.acked.push(id);
      this.ackedSet.add(id);
      const oldest = this.acked.length > ACKED_MEMORY ? this.acked.shift() : undefined;
      if (oldest !== undefined) this.ackedSet.delete(oldest);
    }
    this.save();
  }
}
