// Tells a person, where they already are, that a call waits for them (docs/runtime.md#answer-links):
// `notify` is called once per call that asks a person, with the call's answer link, after
// `notifyAfter` seconds in which the chat page could answer. Never for a call a session grant
// answered (it never waits), never for publish_artifacts. A `notify` that fails never fails or
// delays the call: it is logged once and tried again a bounded number of times until the call settles.
import type { Clock } from '../../protocol/clock.js';
import type { PendingCall } from '../call.js';
import type { CallPlaces, ShownSession } from '../places.js';
import { waitsForPerson, type CallLinks } from './call-links.js';
import type { NotifyInput } from './notify.js';

/** The hook: sends the notice (to Slack, Feishu, a webhook…); what it returns may be a promise. */
export type NotifyFunction = (input: NotifyInput) => unknown;

/** Wins the right to notify for a call across a fleet (true: this instance notifies). */
export type NotifyClaim = (callId: string, deadlineMs: number) => Promise<boolean>;

/** The pauses before the second and third tries, ms: three tries in all. */
export const NOTIFY_RETRY_MS = [1000, 4000] as const;

/** Checks `notify` and `notifyAfter` (a mistake throws a TypeError naming it); returns the delay in ms. */
export function checkNotifyOptions(notify: unknown, notifyAfter: unknown, links: unknown): number {
  if (typeof notify !== 'function') throw new TypeError('createAgentServer: notify must be a function (it is given each waiting call and its link).');
  if (links === undefined) throw new TypeError('createAgentServer: notify needs links: the notice carries the link that answers the call.');
  const seconds = notifyAfter ?? 0;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) throw new TypeError('createAgentServer: notifyAfter must be a number of seconds, 0 or more.');
  return seconds * 1000;
}

export class Notifier implements CallPlaces {
  /** By session and call: the timer of the next try, or null once notified (or given up). */
  private readonly calls = new Map<string, unknown>();

  constructor(
    private readonly notify: NotifyFunction,
    private readonly afterMs: number,
    private readonly links: CallLinks,
    private readonly clock: Clock,
    private readonly log: (message: string) => void,
    private readonly claim?: NotifyClaim,
  ) {}

  /** A call started waiting: its notice is due after `notifyAfter`, if it still waits then. */
  asked(session: ShownSession, id: string, call: PendingCall): void {
    const key = keyOf(session, id);
    if (!waitsForPerson(call) || this.calls.has(key)) return;
    this.calls.set(key, this.clock.setTimeout(() => void this.first(session, id, key), this.afterMs));
  }

  /** A call stopped waiting: no notice or try is sent any more. */
  ended(session: ShownSession, id: string): void {
    const key = keyOf(session, id);
    this.clock.clearTimeout(this.calls.get(key));
    this.calls.delete(key);
  }

  private async first(session: ShownSession, id: string, key: string): Promise<void> {
    this.calls.set(key, null);
    const call = session.waiting.get(id);
    if (!call) return;
    const link = this.links.linkFor(session, id);
    if (link === undefined) return this.log(`agent-interaction-kit: call ${id} has no answer link (a high-risk approval in a session without an owner): nobody is notified.`);
    if (this.claim) {
      const won = await this.claim(id, Date.parse(call.deadline)).catch((error: unknown) => {
        this.log(`agent-interaction-kit: notify for call ${id} could not be claimed in Redis: ${describe(error)}`);
        return false;
      });
      if (!won || !session.waiting.has(id)) return;
    }
    const context = call.context ?? session.context;
    const input: NotifyInput = {
      sessionId: session.sessionId,
      call: { id, tool: call.tool, arguments: call.args, deadline: call.deadline },
      link,
      ...(context ? { context: { ...context } } : {}),
      actor: session.owner ?? null,
    };
    this.attempt(session, id, key, input, 1);
  }

  /** One try; a failure is logged on the first, and tried again after a pause while the call waits. */
  private attempt(session: ShownSession, id: string, key: string, input: NotifyInput, tried: number): void {
    if (!session.waiting.has(id) || !this.calls.has(key)) return;
    this.calls.set(key, null);
    const notify = this.notify;
    Promise.resolve()
      .then(() => notify(input))
      .then(undefined, (error: unknown) => {
        if (tried === 1) this.log(`agent-interaction-kit: notify failed for call ${id} (tried again up to ${NOTIFY_RETRY_MS.length} times): ${describe(error)}`);
        const pause = NOTIFY_RETRY_MS[tried - 1];
        if (pause === undefined || !this.calls.has(key)) return;
        this.calls.set(key, this.clock.setTimeout(() => this.attempt(session, id, key, input, tried + 1), pause));
      });
  }
}

/** Every place a session's calls are shown in, told together (the inbox, the notifier). */
export function allPlaces(places: (CallPlaces | undefined)[]): CallPlaces | undefined {
  const present = places.filter((place): place is CallPlaces => place !== undefined);
  if (present.length <= 1) return present[0];
  return {
    asked: (session, id, call) => present.forEach((place) => place.asked(session, id, call)),
    ended: (session, id, call, settled) => present.forEach((place) => place.ended(session, id, call, settled)),
  };
}

const keyOf = (session: ShownSession, id: string) => `${session.sessionId}\n${id}`;

const describe = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));
