/** A transport's connection state, as `<interaction-host>` shows it. */
export type TransportState = 'connecting' | 'open' | 'reconnecting' | 'closed';

/**
 * What a state change carries: why a transport closed for good (asked to, or superseded by a newer
 * connection, code 4000), or, while it retries, that the runtime cannot be reached.
 */
export interface TransportStateDetail {
  code?: number;
  reason?: string;
  superseded?: boolean;
  /** Five opens failed in a row: the runtime cannot be reached (the transport keeps retrying). */
  unreachable?: boolean;
}

/**
 * What a page shows of its connection, as one state: the transport's, or `unreachable` while it
 * retries after five failed opens, or `superseded` once a newer connection took the session (closed
 * for good, until the user takes it back). Three flags could say "superseded and unreachable".
 */
export type ConnectionStatus = TransportState | 'unreachable' | 'superseded';

/** The status a state change means. */
export function connectionStatus(state: TransportState, detail: TransportStateDetail): ConnectionStatus {
  if (detail.superseded) return 'superseded';
  return detail.unreachable && state !== 'open' ? 'unreachable' : state;
}

/**
 * One small interface for every way messages reach the kit. A transport does not queue: while it
 * is down, `send` returns false and the session's outbox keeps what matters.
 */
export interface Transport {
  readonly state: TransportState;
  /** Starts (or restarts) the connection. */
  connect(): void;
  /** Sends one message; false when the transport is not open. */
  send(message: object): boolean;
  /** Closes for good: no reconnect. */
  close(): void;
  /** Every received message (a string frame, or a `postMessage` value); returns an unsubscribe. */
  onMessage(listener: (data: unknown) => void): () => void;
  onStateChange(listener: (state: TransportState, detail: TransportStateDetail) => void): () => void;
}

/** Listener bookkeeping shared by the implementations. */
export abstract class BaseTransport implements Transport {
  private messageListeners = new Set<(data: unknown) => void>();
  private stateListeners = new Set<(state: TransportState, detail: TransportStateDetail) => void>();
  private current: TransportState = 'closed';

  get state(): TransportState {
    return this.current;
  }

  abstract connect(): void;
  abstract send(message: object): boolean;
  abstract close(): void;

  onMessage(listener: (data: unknown) => void): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  onStateChange(listener: (state: TransportState, detail: TransportStateDetail) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  protected emitMessage(data: unknown): void {
    for (const listener of [...this.messageListeners]) listener(data);
  }

  protected setState(state: TransportState, detail: TransportStateDetail = {}): void {
    this.current = state;
    for (const listener of [...this.stateListeners]) listener(state, detail);
  }
}
