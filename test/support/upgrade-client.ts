// A `ws` client opening a WebSocket the way a page (or a script) would, against a real server:
// what the upgrade came to, in a form a test compares.
import { WebSocket } from 'ws';

export type UpgradeOutcome = { opened: true; socket: WebSocket; protocol: string } | { opened: false; status: number };

/** Opens `url` with these headers (a page's `origin`, a cookie…) and subprotocols; resolves with the upgrade's outcome. */
export function openSocket(url: string, headers: Record<string, string> = {}, protocols?: string[]): Promise<UpgradeOutcome> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, protocols, { headers });
    socket.once('open', () => resolve({ opened: true, socket, protocol: socket.protocol }));
    socket.once('unexpected-response', (_request, response) => {
      resolve({ opened: false, status: response.statusCode ?? 0 });
      socket.terminate();
    });
    socket.once('error', (error) => reject(error));
  });
}

/** What a page would learn, in one comparable word; an opened socket is closed. */
export function verdict(outcome: UpgradeOutcome): string {
  if (outcome.opened) outcome.socket.close();
  return outcome.opened ? 'opened' : `HTTP ${outcome.status}`;
}
