import { BaseTransport } from './transport.js';

/**
 * One end of an in-process pair. Messages cross as JSON (as on a wire), asynchronously, and only
 * while both ends are open; `drop()` simulates a lost connection.
 */
export class MemoryTransport extends BaseTransport {
  peer: MemoryTransport | undefined;

  connect(): void {
    // The peer opens first, so that what this end says on opening reaches it.
    if (this.peer && this.peer.state !== 'open' && this.peer.state !== 'closed') this.peer.setState('open');
    this.setState('open');
  }

  send(message: object): boolean {
    const peer = this.peer;
    if (this.state !== 'open' || peer?.state !== 'open') return false;
    const frame = JSON.stringify(message);
    queueMicrotask(() => {
      if (peer.state === 'open' && this.state === 'open') peer.emitMessage(frame);
    });
    return true;
  }

  /** Both ends lose the connection; `connect()` on either end restores it. */
  drop(): void {
    this.setState('reconnecting');
    if (this.peer?.state === 'open') this.peer.setState('reconnecting');
  }

  close(): void {
    this.setState('closed');
  }
}

/** A connected pair: what one end sends, the other receives. */
export function createMemoryTransportPair(): [MemoryTransport, MemoryTransport] {
  const a = new MemoryTransport();
  const b = new MemoryTransport();
  a.peer = b;
  b.peer = a;
  return [a, b];
}
