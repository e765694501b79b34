// The inbox (docs/protocol.md §12.2): one live list, per person, of every call waiting for them
// across the sessions they may see. The hub holds the inbox connections of one process, answers
// their exchange (`connect` → `hello`, `ready` → the `inbox` snapshot), tells them as calls start
// waiting (`inbox_add`) and settle (`inbox_remove`), and hands their answers to the sessions.
import { ASKING_TOOLS, isRecord, PROTOCOL_VERSION } from '../../protocol/constants.js';
import type { WireContext } from '../../protocol/context.js';
import { messageValue } from '../../protocol/json.js';
import { callFrame, type AgentConnection, type PendingCall } from '../call.js';
import { kitResultOf, settledFields, type CallPlaces, type ResultPlace, type Settled, type SettledCall, type ShownSession } from '../places.js';

/** What `inboxFor` adds to the sessions a person owns: every session of these owners (a team), and these sessions. */
export interface InboxView {
  owners?: readonly string[];
  sessions?: readonly string[];
}

/** Widens what a person's inbox shows (may be async); by default a person sees the sessions they own. */
export type InboxFor = (actor: string) => InboxView | undefined | Promise<InboxView | undefined>;

/** One inbox connection: who is on it, what they may see (read at each `connect`), and whether its kit is ready. */
export interface InboxClient {
  readonly connection: AgentConnection;
  readonly actor: string;
  owners: ReadonlySet<string>;
  sessions: ReadonlySet<string>;
  ready: boolean;
  /** Its messages, handled one after another (reading `inboxFor` may take a while). */
  queue: Promise<void>;
}

/** What serves the inbox connections: this process's sessions (the hub below), or a fleet's through Redis. */
export interface InboxPlaces {
  attach(connection: AgentConnection, actor: string): InboxClient;
  detach(client: InboxClient): void;
  receive(client: InboxClient, data: unknown): void;
  /** A session's owner or title changed here. */
  changed(): void;
}

const isAsking = (call: PendingCall) => (ASKING_TOOLS as readonly string[]).includes(call.tool);

/** A call as an inbox lists it: the session's `tool_call` fields, the session's context under the call's own, and where it waits. */
export function inboxCall(session: ShownSession, id: string, call: PendingCall): Record<string, unknown> {
  const { type: _type, ...frame } = callFrame(id, call);
  const context = mergedContext(session.context, call.context);
  return { ...frame, ...(context ? { context } : {}), session_id: session.sessionId, session_title: session.title ?? null, asked_at: call.askedAt };
}

/** The session's context with the call's own fields over it (a null counts as absent). */
export function mergedContext(session: WireContext | undefined, call: WireContext | undefined): WireContext | undefined {
  if (!session && !call) return undefined;
  const merged: Record<string, unknown> = { ...session };
  for (const [field, value] of Object.entries(call ?? {})) if (value !== null && value !== undefined) merged[field] = value;
  return merged as WireContext;
}

export class InboxHub implements CallPlaces, InboxPlaces {
  private readonly clients = new Set<InboxClient>();

  constructor(
    private readonly sessions: ReadonlyMap<string, ShownSession>,
    private readonly inboxFor: InboxFor | undefined,
    private readonly log: (message: string) => void,
  ) {}

  /** A new inbox connection, admitted with its actor. */
  attach(connection: AgentConnection, actor: string): InboxClient {
    const client: InboxClient = { connection, actor, owners: new Set(), sessions: new Set(), ready: false, queue: Promise.resolve() };
    this.clients.add(client);
    return client;
  }

  detach(client: InboxClient): void {
    this.clients.delete(client);
  }

  /** Handles one message from an inbox's kit, after the ones before it. */
  receive(client: InboxClient, data: unknown): void {
    client.queue = client.queue.then(() => this.handle(client, data)).catch((error: unknown) => this.log(`agent-interaction-kit: an inbox message failed: ${String(error)}`));
  }

  /** Nothing of a session without an owner, and nothing of a session the person may not see. */
  sees(client: InboxClient, session: ShownSession): boolean {
    const owner = session.owner;
    return owner !== undefined && (owner === client.actor || client.owners.has(owner) || client.sessions.has(session.sessionId));
  }

  /** A call started waiting: every ready inbox that may see its session lists it. */
  asked(session: ShownSession, id: string, call: PendingCall): void {
    if (!isAsking(call)) return;
    for (const client of this.clients) {
      if (client.ready && this.sees(client, session)) send(client, { type: 'inbox_add', call: inboxCall(session, id, call) });
    }
  }

  /** A call stopped waiting: every ready inbox that may see it but did not answer it removes it. A granted call was never listed. */
  ended(session: ShownSession, id: string, call: PendingCall, settled: SettledCall): void {
    if (!isAsking(call) || settled.where === 'grant') return;
    for (const client of this.clients) {
      if (client.ready && client.connection !== settled.by && this.sees(client, session)) send(client, removal(session.sessionId, id, settled));
    }
  }

  /** A session's owner or title changed: who may see it may have changed, so every ready inbox gets its list afresh. */
  changed(): void {
    for (const client of this.clients) if (client.ready) this.sendSnapshot(client);
  }

  private async handle(client: InboxClient, data: unknown): Promise<void> {
    if (!this.clients.has(client)) return;
    const message = messageValue(data);
    if (!isRecord(message) || message.v !== PROTOCOL_VERSION) return;
    if (message.type === 'connect') {
      client.ready = false;
      await this.readView(client);
      send(client, { type: 'hello', inbox: true, actor: client.actor });
    } else if (message.type === 'ready') {
      client.ready = true;
      this.sendSnapshot(client);
    } else if (message.type === 'tool_result') {
      this.onResult(client, message);
    }
  }

  /** What `inboxFor` says the person may see besides their own sessions; a failure widens nothing. */
  private async readView(client: InboxClient): Promise<void> {
    await readInboxView(client, this.inboxFor, this.log);
  }

  /** Every pending call the person may answer, soonest deadline first. */
  private sendSnapshot(client: InboxClient): void {
    const calls: Record<string, unknown>[] = [];
    for (const session of this.sessions.values()) {
      if (!this.sees(client, session)) continue;
      for (const [id, call] of session.waiting) if (isAsking(call)) calls.push(inboxCall(session, id, call));
    }
    calls.sort((a, b) => Date.parse(String(a.deadline)) - Date.parse(String(b.deadline)));
    send(client, { type: 'inbox', calls });
  }

  /** An answer from the inbox: for a session the person may see, handed to it as the chat page's would be; otherwise refused, nothing stored. */
  private onResult(client: InboxClient, message: Record<string, unknown>): void {
    const given = kitResultOf(message);
    const sessionId = message.session_id;
    if (!given || typeof sessionId !== 'string') return;
    const session = this.sessions.get(sessionId);
    if (!session || !this.sees(client, session)) {
      send(client, { type: 'error', id: given.id, code: 'forbidden', message: `This inbox may not answer calls of session ${JSON.stringify(sessionId)}.` });
      return;
    }
    const place: ResultPlace = {
      where: 'inbox',
      actor: client.actor,
      connection: client.connection,
      acked: (id: string, before: Settled | undefined) => {
        send(client, { type: 'ack', id, session_id: sessionId });
        if (before) send(client, removal(sessionId, id, before));
      },
    };
    session.answer(given, place);
  }
}

/** What `inboxFor` says the person may see besides their own sessions, kept on the client; a failure widens nothing. */
export async function readInboxView(client: InboxClient, inboxFor: InboxFor | undefined, log: (message: string) => void): Promise<void> {
  let view: InboxView | undefined;
  try {
    view = await inboxFor?.(client.actor);
  } catch (error) {
    log(`agent-interaction-kit: inboxFor failed for ${client.actor}, so the inbox shows only their own sessions: ${String(error)}`);
  }
  const strings = (list: unknown) => (Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : []);
  client.owners = new Set(strings(view?.owners));
  client.sessions = new Set(strings(view?.sessions));
}

export function send(client: InboxClient, message: object): void {
  client.connection.send({ v: PROTOCOL_VERSION, ...message });
}

export function removal(sessionId: string, id: string, settled: Settled): Record<string, unknown> {
  return { type: 'inbox_remove', ...settledFields(sessionId, id, settled) };
}
