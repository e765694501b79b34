import { systemClock, type Clock } from '../protocol/clock.js';
import { SUPERSEDED_CLOSE_CODE } from '../protocol/constants.js';
import { backoffDelay, type BackoffOptions } from './backoff.js';
import { BaseTransport } from './transport.js';

/** Failed opens in a row (none of them ever open) after which the runtime counts as unreachable. */
export const UNREACHABLE_AFTER = 5;

export interface WebSocketTransportOptions {
  backoff?: BackoffOptions;
  /** WebSocket subprotocols offered on every open, e.g. to carry a token the runtime's `authorize` checks. */
  protocols?: string | string[];
  clock?: Clock;
  /** The WebSocket constructor (for tests or non-browser hosts). */
  WebSocket?: typeof WebSocket;
}

/**
 * A WebSocket that reconnects after a drop with exponential backoff and jitter. It never
 * retries on its own after close code 4000 (superseded): the page offers to take the session
 * back, which calls `connect()`. A page cannot see why an open failed (a runtime's 403 reads as a
 * plain 1006), so after five failed opens in a row the state says `unreachable` and the retries
 * wait the longest backoff.
 */
export class WebSocketTransport extends BaseTransport {
  private socket: WebSocket | undefined;
  private attempt = 0;
  /** Opens that failed in a row, none of them ever open; reset by an open. */
  private failures = 0;
  private timer: unknown;
  private stopped = true;
  private readonly clock: Clock;

  constructor(
    readonly url: string,
    private readonly options: WebSocketTransportOptions = {},
  ) {
    super();
    this.clock = options.clock ?? systemClock;
  }

  connect(): void {
    this.stopped = false;
    this.clearTimer();
    this.attempt = 0;
    this.failures = 0;
    this.open('connecting');
  }

  private open(state: 'connecting' | 'reconnecting', unreachable = false): void {
    this.detach();
    this.setState(state, unreachable ? { unreachable } : {});
    const Impl = this.options.WebSocket ?? WebSocket;
    let socket: WebSocket;
    try {
      socket = new Impl(this.url, this.options.protocols);
    } catch {
      this.failures += 1;
      this.retry();
      return;
    }
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      opened = true;
      this.attempt = 0;
      this.failures = 0;
      this.setState('open');
    };
    socket.onmessage = (event) => this.emitMessage(event.data);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (this.stopped) return;
      if (!opened) this.failures += 1;
      if (event.code === SUPERSEDED_CLOSE_CODE) {
        this.stopped = true;
        this.setState('closed', { code: event.code, reason: event.reason, superseded: true });
        return;
      }
      this.retry();
    };
  }

  private retry(): void {
    if (this.stopped) return;
    const unreachable = this.failures >= UNREACHABLE_AFTER;
    this.setState('reconnecting', unreachable ? { unreachable } : {});
    // Unreachable: keep trying, but at the longest delay (its ceiling, with jitter).
    const delay = backoffDelay(unreachable ? Infinity : this.attempt, this.options.backoff);
    this.attempt += 1;
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      if (!this.stopped) this.open('reconnecting', unreachable);
    }, delay);
  }

  send(message: object): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  close(): void {
    this.stopped = true;
    this.clearTimer();
    this.detach();
    this.setState('closed');
  }

  private detach(): void {
    const socket = this.socket;
    this.socket = undefined;
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(1000);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
