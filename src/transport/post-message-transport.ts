import { BaseTransport } from './transport.js';

export interface PostMessageTransportOptions {
  /** The paired window: `window.parent` inside an iframe, or an iframe's `contentWindow`. */
  target: Window;
  /** Origins whose messages are accepted; the first is the one messages are posted to. */
  allowedOrigins: string[];
  /** The window whose `message` events are read (default: this window). */
  self?: Window;
}

/**
 * Talks to a parent window or an iframe with `postMessage`. Every message whose `origin` is not
 * on the list, or whose `source` is not the paired window, is ignored; it never posts with
 * target origin `"*"`, so an answer cannot reach a window that navigated elsewhere.
 */
export class PostMessageTransport extends BaseTransport {
  private readonly target: Window;
  private readonly allowed: Set<string>;
  private readonly targetOrigin: string;
  private readonly self: Window;
  private listening = false;

  constructor(options: PostMessageTransportOptions) {
    super();
    const origins = options.allowedOrigins.map((origin) => origin.trim()).filter(Boolean);
    const [first] = origins;
    if (first === undefined || origins.includes('*')) {
      throw new TypeError('PostMessageTransport: allowedOrigins must list explicit origins ("*" is not allowed).');
    }
    this.target = options.target;
    this.allowed = new Set(origins);
    this.targetOrigin = first;
    this.self = options.self ?? window;
  }

  private readonly onWindowMessage = (event: MessageEvent): void => {
    if (!this.allowed.has(event.origin) || event.source !== this.target) return;
    this.emitMessage(event.data);
  };

  connect(): void {
    if (!this.listening) this.self.addEventListener('message', this.onWindowMessage);
    this.listening = true;
    // postMessage has no handshake of its own: the channel is open as soon as we listen.
    this.setState('open');
  }

  send(message: object): boolean {
    if (this.state !== 'open') return false;
    this.target.postMessage(message, this.targetOrigin);
    return true;
  }

  close(): void {
    this.self.removeEventListener('message', this.onWindowMessage);
    this.listening = false;
    this.setState('closed');
  }
}
