import { BaseTransport } from './transport.js';

/**
 * The kit's end of a connection to code on the same page (an SDK's request handler): what the kit
 * sends goes to `reply`; `deliver` hands the kit a message. Both cross as JSON, later, as on a
 * wire, so no caller shares an object with the kit. It opens when the host connects; until then
 * it keeps what it was handed.
 */
export class InPageTransport extends BaseTransport {
  private queued: object[] = [];

  constructor(private readonly reply: (message: Record<string, unknown>) => void) {
    super();
  }

  connect(): void {
    this.setState('open');
    for (const message of this.queued.splice(0)) this.deliver(message);
  }

  close(): void {
    this.setState('closed');
  }

  send(message: object): boolean {
    if (this.state !== 'open') return false;
    const frame = JSON.stringify(message);
    queueMicrotask(() => this.reply(JSON.parse(frame) as Record<string, unknown>));
    return true;
  }

  /** A message for the kit: received now when open, else kept until the host connects. */
  deliver(message: object): void {
    if (this.state !== 'open') {
      this.queued.push(message);
      return;
    }
    const frame = JSON.stringify(message);
    queueMicrotask(() => this.emitMessage(frame));
  }
}
