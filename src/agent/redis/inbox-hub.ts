// The inbox on a fleet (docs/protocol.md §12.3): the waiting calls live in each owner's list in
// Redis and come and go on the owner's channel (`aik:inbox:<owner>`), so an inbox connected to
// this instance sees calls asked on any instance, Node or Python. The instance listens to the
// channel of every owner one of its inbox connections sees, reads the snapshot from their lists,
// filters each call by its session before sending it, and stores an inbox's answer in the fleet's
// one step (SET NX), wherever the call was asked.
import { isRecord, PROTOCOL_VERSION } from '../../protocol/constants.js';
import type { WireContext } from '../../protocol/context.js';
import { messageValue } from '../../protocol/json.js';
import { auditRecord, decisionOf, sourceOf, type Auditor, type Decided } from '../audit.js';
import type { AgentConnection } from '../call.js';
import { mergedContext, readInboxView, removal, send, type InboxClient, type InboxFor, type InboxPlaces } from '../inbox/hub.js';
import { kitResultOf, RecentMemory, type Settled } from '../places.js';
import type { Deciding, RedisStore } from './store.js';

export interface FleetInboxOptions {
  inboxFor: InboxFor | undefined;
  log: (message: string) => void;
  /** The context a session's `hello` carries, under each call's own. */
  contextFor: ((sessionId: string) => WireContext | undefined) | undefined;
  auditor: Auditor;
  now: () => number;
}

/** An inbox connection on a fleet, with the owners whose channel it needs. */
interface FleetClient extends InboxClient {
  watched: Set<string>;
}

/** Answers remembered, by call id, with the connection that gave them: the winner is not told its own removal. */
const ANSWERS_KEPT = 1000;

export class FleetInboxHub implements InboxPlaces {
  private readonly clients = new Set<FleetClient>();
  /** Owner → the connections listening to their channel, and the subscription under way. */
  private readonly watchers = new Map<string, { clients: Set<FleetClient>; subscribed: Promise<void> }>();
  private readonly answeredBy = new RecentMemory<AgentConnection>(ANSWERS_KEPT);

  constructor(
    private readonly store: RedisStore,
    private readonly options: FleetInboxOptions,
  ) {}

  attach(connection: AgentConnection, actor: string): InboxClient {
    const client: FleetClient = { connection, actor, owners: new Set(), sessions: new Set(), ready: false, queue: Promise.resolve(), watched: new Set() };
    this.clients.add(client);
    return client;
  }

  detach(client: InboxClient): void {
    const fleetClient = client as FleetClient;
    if (!this.clients.delete(fleetClient)) return;
    for (const owner of fleetClient.watched) this.unwatch(owner, fleetClient);
    fleetClient.watched.clear();
  }

  receive(client: InboxClient, data: unknown): void {
    this.enqueue(client as FleetClient, () => this.handle(client as FleetClient, data));
  }

  /** Redis tells every instance through the owners' channels (`about`). */
  changed(): void {}

  /** After Redis was away: messages published meanwhile were missed, so every ready inbox reads its list again. */
  resync(): void {
    for (const client of this.clients) {
      this.enqueue(client, async () => {
        await this.rewatch(client);
        if (client.ready) await this.sendSnapshot(client);
      });
    }
  }

  /** Nothing of a session the person may not see: their own, their team's owners', or a session named to them. */
  private sees(client: FleetClient, owner: string, sessionId: unknown): boolean {
    return owner === client.actor || client.owners.has(owner) || (typeof sessionId === 'string' && client.sessions.has(sessionId));
  }

  /** Each connection's messages and channel news, one after another, so a snapshot is never overtaken by older news. */
  private enqueue(client: FleetClient, step: () => Promise<void> | void): void {
    client.queue = client.queue.then(step).catch((error: unknown) => this.options.log(`agent-interaction-kit: an inbox message failed: ${String(error)}`));
  }

  private async handle(client: FleetClient, data: unknown): Promise<void> {
    if (!this.clients.has(client)) return;
    const message = messageValue(data);
    if (!isRecord(message) || message.v !== PROTOCOL_VERSION) return;
    if (message.type === 'connect') {
      client.ready = false;
      await readInboxView(client, this.options.inboxFor, this.options.log);
      await this.rewatch(client); // listening before the snapshot is read: no call falls between
      send(client, { type: 'hello', inbox: true, actor: client.actor });
    } else if (message.type === 'ready') {
      client.ready = true;
      await this.sendSnapshot(client);
    } else if (message.type === 'tool_result') {
      await this.onResult(client, message);
    }
  }

  /** The owners whose channel the connection needs: its person, the team's owners, and the owners of the sessions named to it. */
  private async rewatch(client: FleetClient): Promise<void> {
    const owners = new Set([client.actor, ...client.owners]);
    for (const session of client.sessions) {
      const owner = await this.store.sessionOwner(session);
      if (owner) owners.add(owner);
    }
    if (!this.clients.has(client)) return;
    for (const owner of client.watched) if (!owners.has(owner)) this.unwatch(owner, client);
    const joining = [...owners].filter((owner) => !client.watched.has(owner));
    client.watched = owners;
    await Promise.all(joining.map((owner) => this.watch(owner, client)));
  }

  private watch(owner: string, client: FleetClient): Promise<void> {
    let watcher = this.watchers.get(owner);
    if (!watcher) {
      const subscribed = this.store.watchInbox(owner, (text) => this.heard(owner, text));
      watcher = { clients: new Set(), subscribed };
      this.watchers.set(owner, watcher);
      subscribed.catch(() => (this.watchers.get(owner) === watcher ? this.watchers.delete(owner) : undefined));
    }
    watcher.clients.add(client);
    return watcher.subscribed;
  }

  /** No connection here needs the owner's channel any more: this instance stops listening to it. */
  private unwatch(owner: string, client: FleetClient): void {
    const watcher = this.watchers.get(owner);
    if (!watcher?.clients.delete(client) || watcher.clients.size > 0) return;
    this.watchers.delete(owner);
    this.store.unwatchInbox(owner).catch(() => undefined);
  }

  /** One message on an owner's channel: a call added or removed, or the owner's sessions changed. */
  private heard(owner: string, text: string): void {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(text) as Record<string, unknown>;
      if (message.op === 'add') message.call = JSON.parse(String(message.call));
    } catch {
      return; // a message this version cannot read is ignored
    }
    for (const client of this.watchers.get(owner)?.clients ?? []) {
      this.enqueue(client, async () => {
        if (!this.clients.has(client)) return;
        if (message.op === 'about') {
          await this.rewatch(client); // a session named to the person may have a new owner
          if (client.ready) await this.sendSnapshot(client);
          return;
        }
        if (!client.ready) return; // its snapshot, read after `ready`, is newer
        if (message.op === 'add' && isRecord(message.call) && this.sees(client, owner, message.call.session_id)) {
          send(client, { type: 'inbox_add', call: this.listed(message.call) });
        } else if (message.op === 'remove' && typeof message.call_id === 'string' && this.sees(client, owner, message.session_id)) {
          if (this.answeredBy.get(message.call_id) === client.connection && message.where === 'inbox') return; // its ack says enough
          send(client, removal(String(message.session_id), message.call_id, message as unknown as Settled));
        }
      });
    }
  }

  /** A stored call as an inbox lists it: without `type`, the session's context under the call's own. */
  private listed(call: Record<string, unknown>): Record<string, unknown> {
    const { type: _type, context, ...rest } = call;
    const merged = mergedContext(this.options.contextFor?.(String(call.session_id)), context as WireContext | undefined);
    return { ...rest, ...(merged ? { context: merged } : {}) };
  }

  /** Every waiting call the person may answer, from the lists of the owners it listens to, soonest deadline first. */
  private async sendSnapshot(client: FleetClient): Promise<void> {
    const found = await this.store.inboxCalls([...client.watched]);
    if (!this.clients.has(client) || !client.ready) return;
    const seen = new Set<unknown>();
    const calls = found
      .filter(({ owner, call }) => this.sees(client, owner, call.session_id) && !seen.has(call.call_id) && seen.add(call.call_id))
      .map(({ call }) => this.listed(call));
    calls.sort((a, b) => Date.parse(String(a.deadline)) - Date.parse(String(b.deadline)));
    send(client, { type: 'inbox', calls });
  }

  /**
   * An answer from the inbox: for a session the person may see, stored as the first result if it
   * is (the asking instance's agent gets it, the chat page `settled`), acked in any case, and a
   * late one told who won; for any other session refused, nothing stored.
   */
  private async onResult(client: FleetClient, message: Record<string, unknown>): Promise<void> {
    const given = kitResultOf(message);
    const sessionId = message.session_id;
    if (!given || typeof sessionId !== 'string') return;
    const owner = await this.store.sessionOwner(sessionId);
    if (owner === undefined || !this.sees(client, owner, sessionId)) {
      send(client, { type: 'error', id: given.id, code: 'forbidden', message: `This inbox may not answer calls of session ${JSON.stringify(sessionId)}.` });
      return;
    }
    const { auditor } = this.options;
    const decision = decisionOf(given.tool, given.result);
    const decided: Decided | undefined = decision && {
      decision, source: sourceOf(decision), actor: client.actor, where: 'inbox', decidedAt: new Date(this.options.now()).toISOString(),
    };
    const deciding: Deciding = decided && { ...decided, toRedis: auditor.toRedis };
    this.answeredBy.keep(given.id, client.connection);
    const outcome = { how: 'answered' as const, result: given.result };
    const reply = await this.store.settle(sessionId, given.id, given.tool, outcome, deciding, given.sessionGrant && decision === 'approved', sessionId);
    if (reply.kind === 'mismatch') return;
    if (reply.kind === 'won' && decided && !auditor.toRedis) {
      // The record is this instance's to write, from what the call's hash keeps (asked anywhere).
      const { audit } = reply;
      const call = { callId: given.id, sessionId, tool: given.tool, given: audit.arguments ? (JSON.parse(audit.arguments) as Record<string, unknown>) : {}, askedAt: audit.askedAt };
      auditor.writeRecord(auditRecord(call, decided, audit.sha, auditor.instance, audit.arguments !== ''));
    }
    send(client, { type: 'ack', id: given.id, session_id: sessionId });
    if (reply.kind === 'taken' && reply.outcome.settled) send(client, removal(sessionId, given.id, reply.outcome.settled));
  }
}
