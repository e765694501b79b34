import type { InteractionResponse } from '../../protocol/response.js';

/**
 * Fired once per request with its response: the user's answer, or a timeout. It bubbles out of
 * the card's shadow root (`bubbles`, `composed`), as the host's events do.
 */
export class InteractionResponseEvent extends CustomEvent<InteractionResponse> {
  /**
   * `session`: the user approved with 本会话内允许 / Allow for this session. The
   * response is the plain approval; the grant goes beside it (the host's `tool_result` `grant`).
   */
  readonly grant: 'session' | undefined;

  constructor(response: InteractionResponse, grant?: 'session') {
    // Cancelable: a listener that calls preventDefault() takes over delivery. The card shows the
    // answer as submitting until the listener sets its `response` (the answer arrived) or sets
    // `submitting` back to false (sending failed: the form returns, as the user left it).
    super('interaction-response', { detail: response, bubbles: true, composed: true, cancelable: true });
    this.grant = grant;
  }
}

declare global {
  interface HTMLElementEventMap {
    'interaction-response': InteractionResponseEvent;
  }
}
