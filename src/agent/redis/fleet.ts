// Joining the fleet of instances that share one Redis: the store's clients, this instance's
// sessions told what the fleet says about them, the inbox served from the fleet's lists, and the
// answer links served from the calls Redis holds.
import type { AgentSession, AgentSessionOptions } from '../agent-session.js';
import { FleetInboxHub, type FleetInboxOptions } from './inbox-hub.js';
import { FleetLinks, type FleetLinksOptions } from './fleet-links.js';
import type { RedisOption } from './option.js';
import { RedisAgentSession } from './session.js';
import { RedisStore } from './store.js';

export interface Fleet {
  /** This instance's id, as its channel, owner values and audit records name it. */
  readonly instance: string;
  session(options: AgentSessionOptions): RedisAgentSession;
  /** Writes a session's owner and title where every instance reads them (`onlyIfUnowned`: a chat page's actor). */
  about(session: string, about: { owner?: string; title?: string }, onlyIfUnowned?: boolean): Promise<string | undefined>;
  /** The inbox, served from the fleet's lists and channels. */
  inbox(options: FleetInboxOptions): FleetInboxHub;
  /** The answer links' calls, found, answered and heard settled through Redis. */
  links(options: FleetLinksOptions): FleetLinks;
  /** True for the one instance that first claims a call's notice. */
  claimNotice(id: string, deadlineMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Joins the fleet of instances sharing `redis`; `sessions` are this instance's, by id. */
export async function joinFleet(redis: RedisOption, sessions: ReadonlyMap<string, AgentSession>): Promise<Fleet> {
  const find = (id: string) => {
    const session = sessions.get(id);
    return session instanceof RedisAgentSession ? session : undefined;
  };
  const store = await RedisStore.connect(redis, {
    frame: (session, frame) => find(session)?.deliverFrame(frame),
    result: (session, id, outcome) => find(session)?.deliver(id, outcome),
    error: (session, id, error) => find(session)?.refused(id, error),
    supersede: (session, owner) => find(session)?.superseded(owner),
    grants: (session) => find(session)?.grantsChanged(),
    resubscribed: () => {
      for (const id of sessions.keys()) find(id)?.recheck();
      inbox?.resync();
      links?.resync();
    },
  });
  let inbox: FleetInboxHub | undefined;
  let links: FleetLinks | undefined;
  return {
    instance: store.instance,
    session: (options) => new RedisAgentSession(options, store),
    inbox: (options) => (inbox = new FleetInboxHub(store, options)),
    links: (options) => (links = new FleetLinks(store, options)),
    about: (session, about, onlyIfUnowned) => store.about(session, about, onlyIfUnowned),
    claimNotice: (id, deadlineMs) => store.claimNotice(id, deadlineMs),
    close: () => store.close(),
  };
}
