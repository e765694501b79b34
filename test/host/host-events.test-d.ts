// Type tests, checked by `tsc --noEmit` (never run): a page's listeners on the host and the cards
// get each event's own class and a typed `detail` from `HTMLElementEventMap`, with no cast.
import type { ApprovalDialog } from '../../src/elements/approval-dialog/approval-dialog.js';
import type { InteractionResponseEvent } from '../../src/elements/shared/interaction-response-event.js';
import type { ConnectionChangeEvent, InteractionRequestEvent, InteractionWaitingEvent, ToolResultEvent } from '../../src/host/host-events.js';
import type { InteractionHost } from '../../src/host/interaction-host.js';
import type { ResultMessage } from '../../src/protocol/kit-messages.js';
import type { InteractionResponse } from '../../src/protocol/response.js';
import type { SessionEntry } from '../../src/session/session.js';
import type { ConnectionStatus } from '../../src/transport/transport.js';

/** True only when A and B are the same type (not merely assignable one way). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compiles only when T is `true`; takes the event it is about, so the listener reads it. */
const expectType = <T extends true>(_event: Event): T | undefined => undefined;

export function listen(host: InteractionHost, card: ApprovalDialog): void {
  host.addEventListener('connection-change', (e) => {
    expectType<Equal<typeof e, ConnectionChangeEvent>>(e);
    expectType<Equal<typeof e.detail.status, ConnectionStatus>>(e);
    // @ts-expect-error the status is the union, not any string
    expectType<Equal<typeof e.detail.status, string>>(e);
  });
  host.addEventListener('interaction-request', (e) => {
    expectType<Equal<typeof e, InteractionRequestEvent>>(e);
    expectType<Equal<typeof e.detail.entry, SessionEntry>>(e);
  });
  host.addEventListener('tool-result', (e) => {
    expectType<Equal<typeof e, ToolResultEvent>>(e);
    expectType<Equal<typeof e.detail, ResultMessage>>(e);
  });
  host.addEventListener('interaction-waiting', (e) => {
    expectType<Equal<typeof e, InteractionWaitingEvent>>(e);
    expectType<Equal<typeof e.detail.oldest, string | null>>(e);
  });
  card.addEventListener('interaction-response', (e) => {
    expectType<Equal<typeof e, InteractionResponseEvent>>(e);
    expectType<Equal<typeof e.detail, InteractionResponse>>(e);
    expectType<Equal<typeof e.grant, 'session' | undefined>>(e);
  });
}
