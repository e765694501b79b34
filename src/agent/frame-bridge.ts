import type { WireContext } from '../protocol/context.js';
import type { Clock } from '../protocol/clock.js';
import type { ResultLanguage } from '../rules/content.js';
import { AgentSession, type AgentConnection } from './agent-session.js';

export interface FrameBridgeOptions {
  /** The iframe that hosts the kit (with a PostMessageTransport pointed at this window). */
  frame: HTMLIFrameElement;
  /** The iframe's origin: messages from any other origin are ignored, and none is posted elsewhere. */
  origin: string;
  sessionId: string;
  context?: WireContext;
  clock?: Clock;
  graceMs?: number;
  /** The language of every result's `content` (`zh` or `en`), as `createAgentServer` takes it. */
  resultLanguage?: ResultLanguage;
}

/**
 * The runtime's side for a page that hosts the kit in an `<iframe>`: the page calls
 * `bridge.session.callTool(...)` and the kit inside the frame shows the cards.
 */
export function createFrameBridge(options: FrameBridgeOptions): { session: AgentSession; close(): void } {
  if (!options.origin || options.origin === '*') throw new TypeError('createFrameBridge: origin must be an explicit origin.');
  const { sessionId, context, clock, graceMs, resultLanguage } = options;
  const session = new AgentSession({ sessionId, context, clock, graceMs, resultLanguage });
  const target = () => options.frame.contentWindow;
  const connection: AgentConnection = {
    send: (message) => target()?.postMessage(message, options.origin),
    close: () => session.detach(connection),
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== options.origin || event.source !== target()) return;
    // Every `connect` means a (re)loaded kit: it is the live connection from now on.
    if (typeof event.data === 'object' && event.data?.type === 'connect') session.attach(connection);
    session.receive(connection, event.data);
  };
  window.addEventListener('message', onMessage);
  session.attach(connection);
  return {
    session,
    close: () => {
      window.removeEventListener('message', onMessage);
      session.detach(connection);
    },
  };
}
