// The inbox's WebSocket endpoint, beside the sessions' (docs/protocol.md §12.2): admitted as a
// session is (origins, `authorize`), and only with an `actor`, whose inbox it opens.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import { isRecord } from '../../protocol/constants.js';
import { createInboxAdmission, isUnderPath, normalizePath, refuse, type AdmissionOptions, type InboxAdmission } from '../admission.js';
import type { AgentConnection } from '../call.js';
import type { InboxFor, InboxPlaces } from './hub.js';

export type { InboxFor, InboxView } from './hub.js';

export interface InboxOptions {
  /** The URL path of the inbox's WebSocket (default `/agent/inbox`). */
  path?: string;
  /** What a person sees besides the sessions they own: `{ owners?, sessions? }` (may be async), for a team. */
  inboxFor?: InboxFor;
}

export const DEFAULT_INBOX_PATH = '/agent/inbox';

/** The inbox option, checked before anything starts: a mistake throws a TypeError naming it. */
export function checkInboxOptions(inbox: unknown, sessionsPath: string): { path: string; inboxFor: InboxFor | undefined } {
  if (!isRecord(inbox)) throw new TypeError('createAgentServer: inbox must be an object ({ path?, inboxFor? }).');
  const { inboxFor } = inbox;
  if (inboxFor !== undefined && typeof inboxFor !== 'function') throw new TypeError('createAgentServer: inbox.inboxFor must be a function of the actor.');
  let path: string;
  try {
    path = normalizePath((inbox.path as string | undefined) ?? DEFAULT_INBOX_PATH);
  } catch {
    throw new TypeError(`createAgentServer: inbox.path must be a URL path such as "/agent/inbox" (got ${JSON.stringify(inbox.path)}).`);
  }
  if (path === sessionsPath || path === '/') throw new TypeError(`createAgentServer: inbox.path must differ from the sessions' path (${sessionsPath}).`);
  return { path, inboxFor: inboxFor as InboxFor | undefined };
}

export class InboxEndpoint {
  private readonly admit: (request: IncomingMessage) => Promise<InboxAdmission>;

  /** `hub` serves the connections: this process's sessions, or a fleet's through Redis. */
  constructor(
    readonly path: string,
    readonly hub: InboxPlaces,
    admission: AdmissionOptions,
  ) {
    this.admit = createInboxAdmission(admission);
  }

  /** The upgrade is the inbox's: its path, or a path under it. */
  handles(request: IncomingMessage): boolean {
    return isUnderPath(request, this.path);
  }

  /** The checks, then the inbox's WebSocket; or an HTTP 403 and no socket. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, wss: WebSocketServer): void {
    socket.on('error', () => socket.destroy());
    void this.admit(request).then((admission) => {
      if ('status' in admission) return refuse(socket, admission.status);
      if (socket.destroyed) return;
      wss.handleUpgrade(request, socket, head, (ws) => {
        this.onConnection(ws, admission.actor);
        wss.emit('connection', ws, request);
      });
    });
  }

  private onConnection(socket: WebSocket, actor: string): void {
    const connection: AgentConnection = {
      send: (message) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      },
      close: (code, reason) => socket.close(code, reason),
      actor,
    };
    const client = this.hub.attach(connection, actor);
    socket.on('message', (data, isBinary) => this.hub.receive(client, isBinary ? data : String(data)));
    socket.on('close', () => this.hub.detach(client));
    socket.on('error', () => this.hub.detach(client));
  }
}
