// Answer links on a fleet (docs/protocol.md#134-many-instances): a link minted on any instance is
// checked against the call's stored frame, shows that frame, and stores its result with the
// fleet's one step (SET NX, the place `link`), so the agent that asked, wherever it runs, gets
// it. Each socket hears how its call settled on the call's channel (`aik:settled:<call_id>`),
// which this instance listens to while it holds a socket of that call.
import { PROTOCOL_VERSION } from '../../protocol/constants.js';
import type { WireContext } from '../../protocol/context.js';
import { auditRecord, decisionOf, sourceOf, type Auditor, type Decided } from '../audit.js';
import type { AnswerTokenClaims } from '../links/answer-token.js';
import { linkFrame, settledMessage, type LinkClient, type LinkSource, type SignedCall } from '../links/link-source.js';
import type { KitResult, Settled } from '../places.js';
import type { Deciding, RedisStore } from './store.js';

export interface FleetLinksOptions {
  /** The context a session's `hello` carries. */
  contextFor: ((sessionId: string) => WireContext | undefined) | undefined;
  auditor: Auditor;
  now: () => number;
}

/** A socket's news: told once; held while its card is read or its result stored, so `settled` never overtakes them. */
interface News {
  told: boolean;
  busy: number;
  held: Settled | undefined;
}

export class FleetLinks implements LinkSource {
  /** Call id → its sockets here, and the subscription to its channel. */
  private readonly watchers = new Map<string, { clients: Set<LinkClient>; subscribed: Promise<void> }>();
  private readonly news = new WeakMap<LinkClient, News>();

  constructor(
    private readonly store: RedisStore,
    private readonly options: FleetLinksOptions,
  ) {}

  /** The stored call: another session's when its hash says so; nothing when Redis no longer holds it. */
  async signedCall(claims: AnswerTokenClaims): Promise<SignedCall> {
    const { session, frame } = await this.store.linkCall(claims.call_id);
    if (session === undefined || !frame) return undefined;
    if (session !== claims.session_id) return 'other';
    const args = frame.arguments;
    return typeof args === 'object' && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : 'other';
  }

  contextOf(sessionId: string): WireContext | undefined {
    return this.options.contextFor?.(sessionId);
  }

  /** Listening to the call's channel from the socket's start, so that nothing settles unheard before its card is read. */
  opened(client: LinkClient): void {
    this.news.set(client, { told: false, busy: 0, held: undefined });
    const id = client.claims.call_id;
    let watcher = this.watchers.get(id);
    if (!watcher) {
      const subscribed = this.store.watchSettled(id, (text) => this.heard(id, text));
      watcher = { clients: new Set(), subscribed };
      this.watchers.set(id, watcher);
      subscribed.catch(() => (this.watchers.get(id) === watcher ? this.watchers.delete(id) : undefined));
    }
    watcher.clients.add(client);
  }

  /** The call's last socket here closed: this instance stops listening to its channel. */
  closed(client: LinkClient): void {
    const id = client.claims.call_id;
    const watcher = this.watchers.get(id);
    if (!watcher?.clients.delete(client) || watcher.clients.size > 0) return;
    this.watchers.delete(id);
    this.store.unwatchSettled(id).catch(() => undefined);
  }

  /** After `ready`: the stored frame as the call's card, and `settled` right after it when its result is stored. */
  show(client: LinkClient): void {
    const { claims, connection } = client;
    void this.busy(client, async () => {
      await this.watchers.get(claims.call_id)?.subscribed;
      const { session, frame, outcome } = await this.store.linkCall(claims.call_id);
      if (!client.ready || session !== claims.session_id || !frame) return;
      connection.send({ v: PROTOCOL_VERSION, ...linkFrame(frame) });
      if (outcome?.settled) this.tell(client, outcome.settled);
    });
  }

  /**
   * A result from the link: stored if it is the first (the asking instance's agent gets it, the
   * chat page `settled`), acked in any case, and a late one told who won; the winner is told
   * nothing more, as on one instance.
   */
  take(client: LinkClient, given: KitResult): void {
    const { claims, connection, actor } = client;
    const { auditor } = this.options;
    void this.busy(client, async () => {
      const decision = decisionOf(given.tool, given.result);
      const decided: Decided | undefined = decision && {
        decision, source: sourceOf(decision), actor, where: 'link', decidedAt: new Date(this.options.now()).toISOString(),
      };
      const deciding: Deciding = decided && { ...decided, toRedis: auditor.toRedis };
      const session = claims.session_id;
      const outcome = { how: 'answered' as const, result: given.result };
      const reply = await this.store.settle(session, given.id, given.tool, outcome, deciding, false, session);
      if (reply.kind === 'mismatch') return;
      const news = this.news.get(client);
      if (reply.kind === 'won' && news) news.told = true;
      if (reply.kind === 'won' && decided && !auditor.toRedis) {
        // The record is this instance's to write, from what the call's hash keeps (asked anywhere).
        const { audit } = reply;
        const call = { callId: given.id, sessionId: session, tool: given.tool, given: audit.arguments ? (JSON.parse(audit.arguments) as Record<string, unknown>) : {}, askedAt: audit.askedAt };
        auditor.writeRecord(auditRecord(call, decided, audit.sha, auditor.instance, audit.arguments !== ''));
      }
      connection.send({ v: PROTOCOL_VERSION, type: 'ack', id: given.id });
      const before = reply.kind === 'taken' ? reply.outcome.settled : undefined;
      if (before) {
        if (news) news.told = true;
        connection.send(settledMessage(session, given.id, before));
      }
    });
  }

  /** After Redis was away: a settlement published meanwhile was missed, so each ready socket not yet told reads its result again. */
  resync(): void {
    for (const watcher of this.watchers.values()) {
      for (const client of watcher.clients) {
        if (!client.ready || this.news.get(client)?.told) continue;
        void this.busy(client, async () => {
          const [outcome] = await this.store.outcomes([client.claims.call_id]);
          if (outcome?.settled) this.tell(client, outcome.settled);
        });
      }
    }
  }

  /** One step of a socket's: news heard meanwhile waits for it, then is told; a step Redis failed closes the socket (1013). */
  private async busy(client: LinkClient, step: () => Promise<void>): Promise<void> {
    const news = this.news.get(client);
    if (!news) return;
    news.busy += 1;
    try {
      await step();
    } catch {
      // Redis is unreachable: the page reconnects later, reads the call again and re-sends its result.
      client.connection.close(1013, 'session store unavailable');
    } finally {
      news.busy -= 1;
      const { held } = news;
      if (news.busy === 0 && held && client.ready) {
        news.held = undefined;
        this.tell(client, held);
      }
    }
  }

  /** A message on a call's channel: how it settled, for each of its sockets here. */
  private heard(id: string, text: string): void {
    let settled: Settled;
    try {
      const message = JSON.parse(text) as Record<string, unknown>;
      if (message.op !== 'settled') return;
      settled = { decision: message.decision, where: message.where, actor: message.actor ?? null, at: message.at } as Settled;
    } catch {
      return; // a message this version cannot read is ignored
    }
    for (const client of this.watchers.get(id)?.clients ?? []) {
      const news = this.news.get(client);
      if (!news) continue;
      if (!client.ready || news.busy > 0) news.held = settled;
      else this.tell(client, settled);
    }
  }

  /** `settled`, once per socket. */
  private tell(client: LinkClient, settled: Settled): void {
    const news = this.news.get(client);
    if (!news || news.told) return;
    news.told = true;
    client.connection.send(settledMessage(client.claims.session_id, client.claims.call_id, settled));
  }
}
