import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { InteractionSession, type SessionEvent, type SessionOptions, type SessionSettings } from '../session/session.js';
import type { Transport } from '../transport/transport.js';

export interface SessionControllerOptions {
  /** What the connection depends on: a change in any of them starts a new session (as @lit/task's args). */
  args(): readonly unknown[];
  /** The new session's options, read when it starts; undefined when there is nothing to connect to. */
  options(): SessionOptions | undefined;
  /** What the running session follows without a restart, read on every host update. */
  settings(): SessionSettings;
  /** Every event of the running session. */
  onEvent(event: SessionEvent): void;
  /** The session stopped (the host left the page, or a new one replaces it). */
  onStop(): void;
}

/**
 * Runs an `InteractionSession` for its host element: starts it when the host is connected (and
 * again when its args change), passes the settings in on each update, and stops it when the host
 * is disconnected, so a removed host leaves no socket or timer behind.
 */
export class SessionController implements ReactiveController {
  private running: { session: InteractionSession; transport: Transport } | undefined;
  /**
   * The args of the last start, whether a session runs, there was nothing to connect to, or the
   * session refused its options: only a change of them starts again.
   */
  private startedWith: readonly unknown[] | undefined;
  private connected = false;

  constructor(
    host: ReactiveControllerHost,
    private readonly config: SessionControllerOptions,
  ) {
    host.addController(this);
  }

  /** The running session, if any. */
  get session(): InteractionSession | undefined {
    return this.running?.session;
  }

  hostConnected(): void {
    this.connected = true;
    this.restart();
  }

  hostUpdate(): void {
    const args = this.config.args();
    const started = this.startedWith;
    // The args are a list of the same length each time.
    if (!started || args.some((arg, i) => arg !== started[i])) this.restart();
    this.running?.session.configure(this.config.settings());
  }

  hostDisconnected(): void {
    this.connected = false;
    this.stop();
  }

  /** Opens the connection again (e.g. to take a superseded session back). */
  reconnect(): void {
    this.running?.transport.connect();
  }

  private restart(): void {
    this.stop();
    this.startedWith = this.config.args();
    const options = this.connected ? this.config.options() : undefined;
    if (!options) return;
    let session: InteractionSession;
    try {
      session = new InteractionSession(options);
    } catch (error) {
      // Options it refuses (adapters without their entry): reported once, as an uncaught error
      // would be, and the host goes on rendering, unconnected, instead of throwing on each update.
      reportError(error);
      return;
    }
    this.running = { session, transport: options.transport };
    session.subscribe((event) => this.config.onEvent(event));
    session.start();
  }

  private stop(): void {
    if (!this.running) return;
    this.running.session.stop();
    this.running = undefined;
    this.config.onStop();
  }
}
