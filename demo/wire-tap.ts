// A transport that passes everything through and reports each message, for the demo's wire panel.
import type { Transport, TransportState, TransportStateDetail } from '../src/transport/transport.js';

export type WireDirection = 'in' | 'out';

export function tapTransport(inner: Transport, report: (direction: WireDirection, message: unknown) => void): Transport {
  return {
    get state() {
      return inner.state;
    },
    connect: () => inner.connect(),
    close: () => inner.close(),
    send(message) {
      const sent = inner.send(message);
      if (sent) report('out', message);
      return sent;
    },
    onMessage(listener) {
      return inner.onMessage((data) => {
        let parsed: unknown = data;
        try {
          parsed = typeof data === 'string' ? JSON.parse(data) : data;
        } catch {
          // shown as the raw frame
        }
        report('in', parsed);
        listener(data);
      });
    },
    onStateChange(listener: (state: TransportState, detail: TransportStateDetail) => void) {
      return inner.onStateChange(listener);
    },
  };
}
