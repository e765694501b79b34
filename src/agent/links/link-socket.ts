// An answer link's WebSocket (docs/protocol.md#13-answer-links): a session of one call. After the
// link's checks, the exchange is the chat page's (`connect` → `hello` with `"link": true`, `ready` →
// the call's `tool_call`), and its result is the place `link`'s, with the actor `authorize` gave.
// It supersedes nothing. Where the call is found and answered is the source's: this process's
// sessions, or the fleet's Redis (link-source.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import { isRecord, PROTOCOL_VERSION } from '../../protocol/constants.js';
import { messageValue } from '../../protocol/json.js';
import type { Clock } from '../../protocol/clock.js';
import { refuse, type AdmissionOptions } from '../admission.js';
import type { AgentConnection } from '../call.js';
import { kitResultOf } from '../places.js';
import type { AnswerTokenClaims } from './answer-token.js';
import type { CallLinks } from './call-links.js';
import { linkSegment, serveAnswerRoute } from './answer-route.js';
import { createLinkGate, type LinkGate } from './link-gate.js';
import type { LinkClient, LinkSource } from './link-source.js';

export class LinkSockets {
  private readonly gate: LinkGate;

  constructor(
    private readonly links: CallLinks,
    admission: AdmissionOptions,
    private readonly source: LinkSource,
    clock: Clock,
  ) {
    this.gate = createLinkGate(links, admission, (claims) => source.signedCall(claims), clock);
  }

  /** Serves the page of a request under the answer path (true); any other request is left alone (false). */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    return serveAnswerRoute(request, response, this.links, this.gate);
  }

  /** The upgrade is a link's: its path's one segment. */
  handles(request: IncomingMessage): boolean {
    return linkSegment(request, this.links) !== undefined;
  }

  /** The link's checks, then its socket; or the refusal's HTTP status and nothing sent. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, wss: WebSocketServer): void {
    socket.on('error', () => socket.destroy());
    void this.gate(request, linkSegment(request, this.links) ?? '', true).then((verdict) => {
      if ('status' in verdict) return refuse(socket, verdict.status);
      if (socket.destroyed) return;
      wss.handleUpgrade(request, socket, head, (ws) => {
        this.onConnection(ws, verdict.claims, verdict.actor);
        wss.emit('connection', ws, request);
      });
    });
  }

  private onConnection(socket: WebSocket, claims: AnswerTokenClaims, actor: string | null): void {
    const connection: AgentConnection = {
      send: (message) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      },
      close: (code, reason) => socket.close(code, reason),
      actor: actor ?? undefined,
    };
    const client: LinkClient = { connection, claims, actor, ready: false };
    this.source.opened(client);
    let open = true;
    const closed = () => {
      if (open) this.source.closed(client);
      open = false;
    };
    socket.on('message', (data, isBinary) => this.receive(client, isBinary ? data : String(data)));
    socket.on('close', closed);
    socket.on('error', closed);
  }

  private receive(client: LinkClient, data: unknown): void {
    const message = messageValue(data);
    if (!isRecord(message) || message.v !== PROTOCOL_VERSION) return;
    const { claims, connection } = client;
    if (message.type === 'connect') {
      client.ready = false;
      const context = this.source.contextOf(claims.session_id);
      connection.send({ v: PROTOCOL_VERSION, type: 'hello', session_id: claims.session_id, ...(context ? { context } : {}), link: true });
    } else if (message.type === 'ready') {
      client.ready = true;
      this.source.show(client);
    } else if (message.type === 'tool_result') {
      const given = kitResultOf(message);
      if (given && given.id === claims.call_id) this.source.take(client, given);
    }
  }
}
