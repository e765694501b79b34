// The Redis side of many instances: one command client and one subscriber per
// instance, the scripts of scripts.ts, and the messages instances send each other.
//
// The client is node-redis (`redis`): the client Redis itself maintains, written in TypeScript,
// and with `disableOfflineQueue` a command fails at once while Redis is unreachable instead of
// waiting in a queue, which is what lets callTool fail fast with `unavailable`.
import { createHash } from 'node:crypto';
import { createClient, type RedisClientOptions } from 'redis';
import type { ToolName } from '../../protocol/constants.js';
import type { ToolResult } from '../../protocol/results.js';
import { KitError } from '../kit-error.js';
import type { RedisOption } from './option.js';
import type { Decided } from '../audit.js';
import { storedGrant, type HeldGrant } from '../grants.js';
import type { Settled } from '../places.js';
import { ABOUT, ASK, CLAIM, FORWARD, GRANT, INBOX, keys, PENDING, RECLAIM, REFUSE, RELEASE, REVOKE, SETTLE, WITHDRAW } from './scripts.js';

/** How a call ended, as Redis stores it (`aik:result:<id>`), with how it settled when it was decided. */
export type StoredOutcome = (
  | { how: 'answered' | 'expired'; result: ToolResult }
  | { how: 'expired'; error: { code: string; message: string } }
) & { settled?: Settled };

/** What other instances (or this one) tell this instance. */
export interface FleetHandlers {
  /** Send `frame` (without `v`) on the session's live connection, if it is here and ready. */
  frame(session: string, frame: Record<string, unknown>): void;
  /** A call this instance asked resolved, wherever its result arrived. */
  result(session: string, id: string, outcome: StoredOutcome): void;
  /** The kit refused a call this instance asked. */
  error(session: string, id: string, error: { code: string; message: string; issues?: unknown[] }): void;
  /** The connection named by `owner` (`<instance> <connection>`) lost the session to a newer one. */
  supersede(session: string, owner: string): void;
  /** The session's grants changed: its live connection, if here, gets the list again. */
  grants(session: string): void;
  /**
   * Both clients are back after either was away: messages published meanwhile were missed, and a
   * Redis restarted empty has lost the calls and the owner keys.
   */
  resubscribed(): void;
}

/** What the call's hash keeps for its audit record: when it was asked, its arguments' SHA-256, and their canonical JSON ('' when not kept). */
export interface CallAudit {
  askedAt: string;
  sha: string;
  arguments: string;
}

/** How this instance decides a call, for the audit trail; `toRedis`: the record is appended in the same step. */
export type Deciding = (Decided & { toRedis: boolean }) | undefined;

export type SettleReply =
  | { kind: 'won'; audit: CallAudit; granted: string }
  | { kind: 'taken'; outcome: StoredOutcome }
  | { kind: 'unknown' }
  | { kind: 'mismatch' };

export type GrantReply = { kind: 'result'; outcome: StoredOutcome } | { kind: 'ask' } | { kind: 'granted'; grant: HeldGrant; here: boolean };

type Client = ReturnType<typeof createClient>;

const shas = new Map<string, string>();

export class RedisStore {
  /** This instance's id, as owner and caller values and its channel name carry it. */
  readonly instance = globalThis.crypto.randomUUID();
  private connections = 0;
  private wasDown = false;

  private constructor(
    private readonly client: Client,
    private readonly subscriber: Client,
  ) {}

  /** Connects both clients and subscribes to this instance's channel. */
  static async connect(option: RedisOption, handlers: FleetHandlers): Promise<RedisStore> {
    const base: RedisClientOptions = typeof option === 'string' ? { url: option } : (option as RedisClientOptions);
    const client = createClient({ ...base, disableOfflineQueue: true });
    const subscriber = client.duplicate();
    const store = new RedisStore(client, subscriber);
    // Without a listener an unreachable Redis would crash the process; the clients reconnect by themselves.
    for (const each of [client, subscriber]) {
      each.on('error', () => (store.wasDown = true));
      each.on('ready', () => {
        if (!store.wasDown || !store.available) return;
        store.wasDown = false;
        handlers.resubscribed();
      });
    }
    // A Redis unreachable at start fails the start, instead of retrying forever unseen.
    let failed: (error: Error) => void = () => undefined;
    const unreachable = new Promise<never>((_resolve, reject) => (failed = reject));
    client.once('error', (error: Error) => failed(error));
    try {
      await Promise.race([Promise.all([client.connect(), subscriber.connect()]), unreachable]);
      await subscriber.subscribe(keys.channel(store.instance), (text) => dispatch(handlers, text));
    } catch (error) {
      client.destroy();
      subscriber.destroy();
      throw new KitError('unavailable', `createAgentServer: redis is unreachable (${(error as Error).message}).`);
    }
    failed = () => undefined;
    return store;
  }

  /** False while Redis is unreachable: calls fail fast then (KitError `unavailable`). */
  get available(): boolean {
    return this.client.isReady && this.subscriber.isReady;
  }

  /** A new owner value for a connection accepted on this instance. */
  connectionName(): string {
    this.connections += 1;
    return `${this.instance} ${this.connections}`;
  }

  /** Runs a script by its SHA1 (EVALSHA), sending its text only when Redis does not have it yet. */
  private async run(script: string, keyList: string[], args: string[]): Promise<unknown> {
    let sha = shas.get(script);
    if (!sha) shas.set(script, (sha = createHash('sha1').update(script).digest('hex')));
    const rest = [String(keyList.length), ...keyList, ...args];
    try {
      return await this.client.sendCommand(['EVALSHA', sha, ...rest]);
    } catch (error) {
      if (!String((error as Error).message).startsWith('NOSCRIPT')) throw error;
      return this.client.sendCommand(['EVAL', script, ...rest]);
    }
  }

  /** Stores the call (or finds it) and has its frame sent; a stored result comes back instead. */
  async ask(
    session: string,
    id: string,
    tool: ToolName,
    frame: Record<string, unknown>,
    deadlineMs: number,
    audit: CallAudit,
  ): Promise<{ kind: 'result'; outcome: StoredOutcome } | { kind: 'call'; frame: Record<string, unknown>; here: boolean }> {
    const args = [id, session, tool, JSON.stringify(frame), String(deadlineMs), this.instance, String(Date.now()), audit.askedAt, audit.sha, audit.arguments];
    const reply = (await this.run(ASK, this.callKeys(session, id), args)) as [string, string, string?];
    return reply[0] === 'result'
      ? { kind: 'result', outcome: JSON.parse(reply[1]) as StoredOutcome }
      : { kind: 'call', frame: JSON.parse(reply[1]) as Record<string, unknown>, here: reply[2] === 'here' };
  }

  private callKeys(session: string, id: string): string[] {
    return [keys.call(id), keys.result(id), keys.pending(session), keys.owner(session), keys.grants(session)];
  }

  /** Answers the call with the session's grant `key` if it holds one (its receipt sent to the page), in one step. */
  async grant(
    call: { session: string; id: string; tool: ToolName; frame: Record<string, unknown>; deadlineMs: number; audit: CallAudit },
    key: string,
    outcome: StoredOutcome,
    deciding: Deciding & {},
  ): Promise<GrantReply> {
    const { session, id, audit } = call;
    const args = [id, session, call.tool, JSON.stringify(call.frame), String(call.deadlineMs), this.instance, String(Date.now()), audit.askedAt, audit.sha, audit.arguments];
    args.push(key, JSON.stringify(outcome), deciding.decidedAt, deciding.toRedis ? 'redis' : '', deciding.where);
    const reply = (await this.run(GRANT, this.callKeys(session, id), args)) as string[];
    if (reply[0] === 'result') return { kind: 'result', outcome: JSON.parse(String(reply[1])) as StoredOutcome };
    const grant = reply[0] === 'granted' ? storedGrant(String(reply[1])) : undefined;
    return grant ? { kind: 'granted', grant, here: reply[2] === 'here' } : { kind: 'ask' };
  }

  /**
   * Stores the first outcome (SET NX); the winner's audit record is appended in the same step with
   * `toRedis`, and with `sessionGrant` the grant the call offered is recorded for the session;
   * `ofSession` (an inbox's answer): only a call of that session, and never an unknown one, is stored.
   */
  async settle(session: string, id: string, tool: ToolName, outcome: StoredOutcome, deciding: Deciding, sessionGrant = false, ofSession = ''): Promise<SettleReply> {
    const keyList = [keys.call(id), keys.result(id), keys.pending(session), keys.grants(session), keys.owner(session)];
    const args = [id, tool, JSON.stringify(outcome), deciding?.decision ?? '', deciding?.source ?? '', JSON.stringify(deciding?.actor ?? null), this.instance];
    args.push(deciding?.decidedAt ?? new Date().toISOString(), deciding?.toRedis ? 'redis' : '', sessionGrant ? '1' : '', deciding?.where ?? '', ofSession);
    const reply = (await this.run(SETTLE, keyList, args)) as string[];
    if (reply[0] === 'taken') return { kind: 'taken', outcome: JSON.parse(String(reply[1])) as StoredOutcome };
    if (reply[0] === 'won') return { kind: 'won', audit: { askedAt: String(reply[1]), sha: String(reply[2]), arguments: String(reply[3]) }, granted: String(reply[4] ?? '') };
    return { kind: reply[0] as 'unknown' | 'mismatch' };
  }

  async forward(session: string, frame: Record<string, unknown>): Promise<void> {
    await this.run(FORWARD, [keys.owner(session)], [session, JSON.stringify(frame)]);
  }

  /** Forgets the call and tells the page; its audit fields when it was still pending and unresolved (decided now, by the runtime). */
  async withdraw(session: string, id: string, frame: Record<string, unknown>, decidedAt: string, toRedis: boolean): Promise<CallAudit | undefined> {
    const reply = (await this.run(WITHDRAW, [keys.call(id), keys.pending(session), keys.owner(session), keys.result(id)], [
      id, session, JSON.stringify(frame), decidedAt, this.instance, toRedis ? 'redis' : '', 'runtime',
    ])) as unknown[];
    return Number(reply[0]) === 1 ? { askedAt: String(reply[2]), sha: String(reply[3]), arguments: String(reply[4]) } : undefined;
  }

  /** A session's owner and title (`onlyIfUnowned`: the owner only for a session without one); the owner Redis holds after it. */
  async about(session: string, about: { owner?: string; title?: string }, onlyIfUnowned = false): Promise<string | undefined> {
    const owner = await this.run(ABOUT, [keys.about(session), keys.pending(session)], [session, about.owner ?? '', about.title ?? '', onlyIfUnowned ? 'nx' : '']);
    return owner ? String(owner) : undefined;
  }

  /** The session's owner, as its `about` hash holds it. */
  async sessionOwner(session: string): Promise<string | undefined> {
    return (await this.client.hGet(keys.about(session), 'owner')) ?? undefined;
  }

  /** The waiting calls of these owners' inboxes, as the `add` op carries them. */
  async inboxCalls(owners: string[]): Promise<{ owner: string; call: Record<string, unknown> }[]> {
    if (owners.length === 0) return [];
    const flat = (await this.run(INBOX, [], owners)) as string[];
    const found: { owner: string; call: Record<string, unknown> }[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) found.push({ owner: String(flat[i]), call: JSON.parse(String(flat[i + 1])) as Record<string, unknown> });
    return found;
  }

  /** Listens to an owner's inbox channel (`aik:inbox:<owner>`), or stops. */
  async watchInbox(owner: string, listener: (text: string) => void): Promise<void> {
    await this.subscriber.subscribe(keys.inbox(owner), listener);
  }

  async unwatchInbox(owner: string): Promise<void> {
    await this.subscriber.unsubscribe(keys.inbox(owner));
  }

  /** A call as an answer link finds it: its session and stored frame (while Redis holds them), and its stored result. */
  async linkCall(id: string): Promise<{ session?: string; frame?: Record<string, unknown>; outcome?: StoredOutcome }> {
    const [[session, frame], stored] = await Promise.all([this.client.hmGet(keys.call(id), ['session', 'frame']), this.client.get(keys.result(id))]);
    return {
      ...(typeof session === 'string' && typeof frame === 'string' ? { session, frame: JSON.parse(frame) as Record<string, unknown> } : {}),
      ...(typeof stored === 'string' ? { outcome: JSON.parse(stored) as StoredOutcome } : {}),
    };
  }

  /** Listens to how a call settles (`aik:settled:<call_id>`), or stops. */
  async watchSettled(id: string, listener: (text: string) => void): Promise<void> {
    await this.subscriber.subscribe(keys.settled(id), listener);
  }

  async unwatchSettled(id: string): Promise<void> {
    await this.subscriber.unsubscribe(keys.settled(id));
  }

  /** Ends the session's grant `key` (the page is told); false when it held none. */
  async revoke(session: string, key: string): Promise<boolean> {
    return Number(await this.run(REVOKE, [keys.grants(session), keys.owner(session)], [key, session])) === 1;
  }

  /** The session's grants: key → `{label, at, actor}`. */
  async grants(session: string): Promise<Map<string, HeldGrant>> {
    const held = new Map<string, HeldGrant>();
    for (const [key, text] of Object.entries(await this.client.hGetAll(keys.grants(session)))) {
      const grant = storedGrant(text);
      if (grant) held.set(key, grant);
    }
    return held;
  }

  async refuse(session: string, id: string, error: { code: string; message: string; issues?: unknown[] }): Promise<void> {
    await this.run(REFUSE, [keys.call(id), keys.result(id), keys.pending(session)], [id, JSON.stringify(error), new Date().toISOString()]);
  }

  /** How each call ended, as stored (none: unresolved, withdrawn, or never held). */
  async outcomes(ids: string[]): Promise<(StoredOutcome | undefined)[]> {
    const stored = await this.client.mGet(ids.map((id) => keys.result(id)));
    return stored.map((text) => (text === null ? undefined : (JSON.parse(text) as StoredOutcome)));
  }

  /**
   * How each of `ids` settled, from its stored result's `settled`: only for a call of `session`
   * (its call hash names it), none for another session's call or one Redis no longer holds.
   */
  async settlements(session: string, ids: readonly string[]): Promise<(Settled | undefined)[]> {
    const owners = await Promise.all(ids.map((id) => this.client.hGet(keys.call(id), 'session')));
    const outcomes = await this.outcomes(ids.filter((_, i) => owners[i] === session));
    return ids.map((_, i) => (owners[i] === session ? outcomes.shift()?.settled : undefined));
  }

  /** The frames of the session's unresolved calls, oldest first. */
  async pendingFrames(session: string): Promise<Record<string, unknown>[]> {
    const frames = (await this.run(PENDING, [keys.pending(session)], [])) as string[];
    return frames.map((frame) => JSON.parse(frame) as Record<string, unknown>);
  }

  async claim(session: string, owner: string): Promise<void> {
    await this.run(CLAIM, [keys.owner(session)], [owner, session]);
  }

  /** False when a newer connection took the session; else `owner` is its live one again. */
  async reclaim(session: string, owner: string): Promise<boolean> {
    return (await this.run(RECLAIM, [keys.owner(session)], [owner])) === 1;
  }

  async release(session: string, owner: string): Promise<void> {
    await this.run(RELEASE, [keys.owner(session)], [owner]);
  }

  /** True for the one instance that first claims the call's notice; the key outlives the deadline by a day. */
  async claimNotice(id: string, deadlineMs: number): Promise<boolean> {
    const ttl = Math.max(1, Math.ceil(deadlineMs - Date.now())) + 86_400_000;
    return (await this.client.set(keys.notify(id), '1', { NX: true, PX: ttl })) === 'OK';
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.subscriber.close(), this.client.close()]);
  }
}

/** One message on this instance's channel: a JSON object whose strings carry JSON themselves. */
function dispatch(handlers: FleetHandlers, text: string): void {
  let message: Record<string, string>;
  try {
    message = JSON.parse(text) as Record<string, string>;
  } catch {
    return;
  }
  const { op, session, id } = message;
  if (typeof session !== 'string') return;
  try {
    if (op === 'frame') handlers.frame(session, JSON.parse(String(message.frame)) as Record<string, unknown>);
    else if (op === 'result' && id) handlers.result(session, id, JSON.parse(String(message.outcome)) as StoredOutcome);
    else if (op === 'error' && id) handlers.error(session, id, JSON.parse(String(message.error)) as { code: string; message: string });
    else if (op === 'supersede' && message.owner) handlers.supersede(session, message.owner);
    else if (op === 'grants') handlers.grants(session);
  } catch {
    // A message this version cannot read is ignored, as unknown wire fields are.
  }
}
