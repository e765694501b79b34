import { BaseTransport } from '../../src/transport/transport.js';

/** A transport the test feeds raw frames into, recording what the kit sends back. */
export class ScriptedTransport extends BaseTransport {
  sent: Record<string, unknown>[] = [];
  connect(): void {
    this.setState('open');
  }
  send(message: object): boolean {
    this.sent.push(JSON.parse(JSON.stringify(message)) as Record<string, unknown>);
    return true;
  }
  close(): void {
    this.setState('closed');
  }
  deliver(data: unknown): void {
    this.emitMessage(data);
  }
}

