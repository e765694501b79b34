// An answer link's WebSocket (docs/protocol.md#13-answer-links): a session of one call. After the
// link's checks, the exchange is the chat page's (`connect` → `hello` with `"link": true`, `ready` →
// the call's `tool_call`), and its result is the place `link`'s, with the actor `authorize` gave.
// It supersedes nothing. Every open socket of a call hears how it settled, wherever it did.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import { isRecord, PROTOCOL_VERSION } from '../../protocol/constants.js';
import { messageValue } from '../../protocol/json.js';
import type { Clock } from '../../protocol/clock.js';
import { refuse, type AdmissionOptions } from '../admission.js';
import { callFrame, type AgentConnection, type PendingCall } from '../call.js';
import { kitResultOf, RecentMemory, settledFields, type CallPlaces, type ResultPlace, type SettledCall, type ShownSession } from '../places.js';
import type { AnswerTokenClaims } from './answer-token.js';
import type { CallLinks } from './call-links.js';
import { linkSegment, serveAnswerRoute } from './answer-route.js';
import { createLinkGate, type LinkGate } from './link-gate.js';

/** Calls remembered after they settled, so a link opened later shows its receipt. */
const SETTLED_MEMORY = 1000;

/** One link socket: its connection, the call it opens, and whether its kit is ready. */
interface LinkClient {
  readonly connection: AgentConnection;
  readonly claims: AnswerTokenClaims;
  ready: boolean;
}

/** A settled call as a late link shows it: its card's frame and how it settled. */
interface Remembered {
  frame: Record<string, unknown>;
  settled: SettledCall;
}

const keyOf = (sessionId: string, callId: string) => `${sessionId}\n${callId}`;

/** The link's card: the call as the chat page gets it, without a grant to offer (a link answers one call). */
function linkFrame(id: string, call: PendingCall): Record<string, unknown> {
  const { grant: _grant, ...frame } = callFrame(id, call);
  return frame;
}

export class LinkSockets implements CallPlaces {
  private readonly clients = new Set<LinkClient>();
  private readonly settled = new RecentMemory<Remembered>(SETTLED_MEMORY);
  private readonly gate: LinkGate;

  constructor(
    private readonly links: CallLinks,
    admission: AdmissionOptions,
    private readonly sessions: ReadonlyMap<string, ShownSession>,
    clock: Clock,
  ) {
    this.gate = createLinkGate(links, admission, sessions, clock);
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

  asked(): void {
    // A link opens a call already asked: nothing to tell its sockets.
  }

  /** A call settled: remembered for links opened later, and told to its open sockets but the one whose result won. */
  ended(session: ShownSession, id: string, call: PendingCall, settled: SettledCall): void {
    this.settled.keep(keyOf(session.sessionId, id), { frame: linkFrame(id, call), settled });
    for (const client of this.clients) {
      const { claims } = client;
      if (client.ready && client.connection !== settled.by && claims.call_id === id && claims.session_id === session.sessionId) {
        client.connection.send(settledMessage(session.sessionId, id, settled));
      }
    }
  }

  private onConnection(socket: WebSocket, claims: AnswerTokenClaims, actor: string | null): void {
    const connection: AgentConnection = {
      send: (message) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      },
      close: (code, reason) => socket.close(code, reason),
      actor: actor ?? undefined,
    };
    const client: LinkClient = { connection, claims, ready: false };
    this.clients.add(client);
    socket.on('message', (data, isBinary) => this.receive(client, actor, isBinary ? data : String(data)));
    socket.on('close', () => this.clients.delete(client));
    socket.on('error', () => this.clients.delete(client));
  }

  private receive(client: LinkClient, actor: string | null, data: unknown): void {
    const message = messageValue(data);
    if (!isRecord(message) || message.v !== PROTOCOL_VERSION) return;
    const { claims, connection } = client;
    const session = this.sessions.get(claims.session_id);
    const remembered = this.settled.get(keyOf(claims.session_id, claims.call_id));
    if (message.type === 'connect') {
      client.ready = false;
      const context = session?.context;
      connection.send({ v: PROTOCOL_VERSION, type: 'hello', session_id: claims.session_id, ...(context ? { context } : {}), link: true });
    } else if (message.type === 'ready') {
      client.ready = true;
      const call = session?.waiting.get(claims.call_id);
      const frame = call ? linkFrame(claims.call_id, call) : remembered?.frame;
      if (frame) connection.send({ v: PROTOCOL_VERSION, ...frame });
      if (!call && remembered) connection.send(settledMessage(claims.session_id, claims.call_id, remembered.settled));
    } else if (message.type === 'tool_result') {
      const given = kitResultOf(message);
      if (!given || given.id !== claims.call_id || !session) return;
      const place: ResultPlace = {
        where: 'link',
        actor,
        connection,
        acked: (id, before) => {
          connection.send({ v: PROTOCOL_VERSION, type: 'ack', id });
          const settled = before ?? this.settled.get(keyOf(claims.session_id, id))?.settled;
          if (settled) connection.send(settledMessage(claims.session_id, id, settled));
        },
      };
      session.answer(given, place);
    }
  }
}

function settledMessage(sessionId: string, id: string, settled: SettledCall): Record<string, unknown> {
  return { v: PROTOCOL_VERSION, type: 'settled', ...settledFields(sessionId, id, settled) };
}
