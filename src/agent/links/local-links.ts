// The calls answer links open in one process: found in this server's sessions, answered through
// the session (the place `link`), and told to every open socket of the call when it settles.
import { PROTOCOL_VERSION } from '../../protocol/constants.js';
import type { WireContext } from '../../protocol/context.js';
import { callFrame, type PendingCall } from '../call.js';
import { RecentMemory, type CallPlaces, type KitResult, type ResultPlace, type SettledCall, type ShownSession } from '../places.js';
import type { AnswerTokenClaims } from './answer-token.js';
import { linkFrame, settledMessage, type LinkClient, type LinkSource, type SignedCall } from './link-source.js';

/** Calls remembered after they settled, so a link opened later shows its receipt. */
const SETTLED_MEMORY = 1000;

/** A settled call as a late link shows it: its card's frame and how it settled. */
interface Remembered {
  frame: Record<string, unknown>;
  settled: SettledCall;
}

const keyOf = (sessionId: string, callId: string) => `${sessionId}\n${callId}`;

export class LocalLinks implements LinkSource, CallPlaces {
  private readonly clients = new Set<LinkClient>();
  private readonly settled = new RecentMemory<Remembered>(SETTLED_MEMORY);

  constructor(private readonly sessions: ReadonlyMap<string, ShownSession>) {}

  /** Only a call pending here has arguments to check; a settled one is shown as remembered. */
  signedCall(claims: AnswerTokenClaims): Promise<SignedCall> {
    return Promise.resolve(this.sessions.get(claims.session_id)?.waiting.get(claims.call_id)?.args);
  }

  contextOf(sessionId: string): WireContext | undefined {
    return this.sessions.get(sessionId)?.context;
  }

  opened(client: LinkClient): void {
    this.clients.add(client);
  }

  closed(client: LinkClient): void {
    this.clients.delete(client);
  }

  asked(): void {
    // A link opens a call already asked: nothing to tell its sockets.
  }

  /** A call settled: remembered for links opened later, and told to its open sockets but the one whose result won. */
  ended(session: ShownSession, id: string, call: PendingCall, settled: SettledCall): void {
    this.settled.keep(keyOf(session.sessionId, id), { frame: linkFrame(callFrame(id, call)), settled });
    for (const client of this.clients) {
      const { claims } = client;
      if (client.ready && client.connection !== settled.by && claims.call_id === id && claims.session_id === session.sessionId) {
        client.connection.send(settledMessage(session.sessionId, id, settled));
      }
    }
  }

  show(client: LinkClient): void {
    const { claims, connection } = client;
    const call = this.sessions.get(claims.session_id)?.waiting.get(claims.call_id);
    const remembered = this.settled.get(keyOf(claims.session_id, claims.call_id));
    const frame = call ? linkFrame(callFrame(claims.call_id, call)) : remembered?.frame;
    if (frame) connection.send({ v: PROTOCOL_VERSION, ...frame });
    if (!call && remembered) connection.send(settledMessage(claims.session_id, claims.call_id, remembered.settled));
  }

  take(client: LinkClient, given: KitResult): void {
    const { claims, connection, actor } = client;
    const session = this.sessions.get(claims.session_id);
    if (!session) return;
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
