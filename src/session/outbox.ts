import { isRecord } from '../protocol/constants.js';
import { parseJson } from '../protocol/json.js';
import type { ErrorMessage, ResultMessage } from '../protocol/kit-messages.js';
import { errorMessage } from '../protocol/parse.js';
import type { KeyValueStorage } from './storage.js';

/** Acked ids kept per session to recognise repeats. */
export const ACKED_MEMORY = 1000;

/** Acked ids are written in chunks of this many, so that an ack rewrites one small chunk. */
const CHUNK = 100;

interface Persisted {
  outbox: [string, ResultMessage][];
  /** The numbers of the first and the last chunk of acked ids kept in storage. */
  chunks?: [number, number];
}

/**
 * Every result until the runtime acks it, and the most recent acked ids, persisted per session
 * through the injected storage so that a reload neither loses an answer nor asks again. The
 * results (usually none or one) are one record; the acked ids are chunks of CHUNK beside it, so
 * that each change writes a few hundred bytes, not the thousand ids every time.
 */
export class Outbox {
  private results = new Map<string, ResultMessage>();
  private acked: string[] = [];
  private ackedSet = new Set<string>();
  private key = '';
  /** Chunk numbers in storage: [first, last]; the last is the one being filled. */
  private chunks: [number, number] = [0, 0];
  /** How many ids the chunk being filled holds. */
  private inChunk = 0;

  constructor(private readonly storage: KeyValueStorage) {}

  /** Switches to a session's stored state. */
  load(sessionId: string): void {
    this.key = `agent-interaction-kit:${sessionId}`;
    // A corrupt entry must not stop the page; it is overwritten on the next change.
    const value = parseJson(this.storage.getItem(this.key) ?? '{}');
    const stored: Partial<Persisted> = isRecord(value) ? value : {};
    const outbox = Array.isArray(stored.outbox) ? stored.outbox : [];
    this.results = new Map(outbox.filter((pair) => Array.isArray(pair) && typeof pair[0] === 'string' && isRecord(pair[1])));
    const [first, last] = Array.isArray(stored.chunks) && stored.chunks.length === 2 && stored.chunks.every(Number.isSafeInteger) ? stored.chunks : [0, 0];
    // Never more chunks than ACKED_MEMORY fills, whatever a corrupt entry claims.
    this.chunks = [Math.max(first, last - ACKED_MEMORY / CHUNK), Math.max(first, last)];
    const ids: string[] = [];
    for (let n = this.chunks[0]; n <= last; n += 1) ids.push(...this.readChunk(n));
    this.inChunk = Math.min(this.readChunk(this.chunks[1]).length, CHUNK - 1);
    this.acked = ids.slice(-ACKED_MEMORY);
    this.ackedSet = new Set(this.acked);
  }

  private readChunk(n: number): string[] {
    const ids = parseJson(this.storage.getItem(`${this.key}:acked:${n}`) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  }

  private write(key: string, value: unknown): void {
    try {
      this.storage.setItem(key, JSON.stringify(value));
    } catch {
      // Storage full or blocked: the results still live in memory until acked.
    }
  }

  private save(): void {
    const data: Persisted = { outbox: [...this.results], chunks: this.chunks };
    this.write(this.key, data);
  }

  /** Appends an acked id to the chunk being filled; past ACKED_MEMORY, the oldest chunk goes. */
  private saveAcked(): void {
    this.inChunk += 1;
    this.write(`${this.key}:acked:${this.chunks[1]}`, this.acked.slice(-this.inChunk));
    if (this.inChunk < CHUNK) return;
    // The chunk is full: the next id starts another; full chunks past ACKED_MEMORY are dropped.
    this.inChunk = 0;
    this.chunks = [this.chunks[0], this.chunks[1] + 1];
    while (this.chunks[1] - this.chunks[0] > ACKED_MEMORY / CHUNK) {
      this.storage.removeItem(`${this.key}:acked:${this.chunks[0]}`);
      this.chunks = [this.chunks[0] + 1, this.chunks[1]];
    }
  }

  isAcked(id: string): boolean {
    return this.ackedSet.has(id);
  }

  /** What a repeated call for `id` gets: `duplicate` once acked, else the stored result. */
  repeatAnswer(id: string): ResultMessage | ErrorMessage | undefined {
    if (this.isAcked(id)) return errorMessage('duplicate', `The result for "${id}" was already acknowledged.`, id);
    return this.results.get(id);
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
      this.saveAcked();
      const oldest = this.acked.length > ACKED_MEMORY ? this.acked.shift() : undefined;
      if (oldest !== undefined) this.ackedSet.delete(oldest);
    }
    this.save();
  }
}
