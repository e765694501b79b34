// The browser side of the agent lab (test/support/agent-lab.ts).
import { executeServerCommand } from '@web/test-runner-commands';
import type { AgentCommand, Gate, LabConnection } from './agent-lab.js';

type WithoutServer<T> = T extends { server: number } ? Omit<T, 'server'> : never;

export interface CallOutcome {
  status: 'resolved' | 'rejected' | 'pending';
  result?: Record<string, unknown>;
  error?: { name: string; message: string; code?: string; issues?: unknown[] };
}

/** A real agent WebSocket server in the test runner's Node process. */
export class AgentLab {
  private constructor(
    readonly server: number,
    readonly port: number,
  ) {}

  static async start(options: { fakeClock?: boolean; context?: Record<string, unknown>; allowedOrigins?: string[]; gate?: Gate; inbox?: boolean } = {}): Promise<AgentLab> {
    const { server, port } = (await executeServerCommand('agent', { action: 'server', ...options })) as { server: number; port: number };
    return new AgentLab(server, port);
  }

  url(session: string): string {
    return `ws://127.0.0.1:${this.port}/agent/sessions/${session}`;
  }

  /** The inbox endpoint's URL for `actor` (a lab started with `inbox: true`). */
  inboxUrl(actor: string): string {
    return `ws://127.0.0.1:${this.port}/agent/inbox?as=${encodeURIComponent(actor)}`;
  }

  /** Gives a session its owner (whose inbox lists its calls) and title. */
  own(session: string, owner: string, title?: string): Promise<unknown> {
    return this.run({ action: 'own', session, owner, title });
  }

  run(command: WithoutServer<AgentCommand>): Promise<unknown> {
    return executeServerCommand('agent', { ...command, server: this.server });
  }

  call(session: string, tool: string, args: Record<string, unknown>, callId: string, extra: { timeoutSeconds?: number; context?: Record<string, unknown>; grant?: { key: string; label: string } } = {}) {
    return this.run({ action: 'call', session, tool: tool as never, args, callId, ...extra });
  }

  result(callId: string): Promise<CallOutcome> {
    return this.run({ action: 'result', callId }) as Promise<CallOutcome>;
  }

  /** The session's grants as the runtime holds them (`{key, label, at}`). */
  grants(session: string): Promise<{ key: string; label: string; at: string }[]> {
    return this.run({ action: 'grants', session }) as Promise<{ key: string; label: string; at: string }[]>;
  }

  received(session: string): Promise<Record<string, unknown>[]> {
    return this.run({ action: 'received', session }) as Promise<Record<string, unknown>[]>;
  }

  /** Connections the server accepted, in order. */
  connections(): Promise<LabConnection[]> {
    return this.run({ action: 'connections' }) as Promise<LabConnection[]>;
  }

  /** Serves `html` on a fresh port of 127.0.0.1; resolves with that page's origin. */
  page(html: string): Promise<string> {
    return this.run({ action: 'page', html }) as Promise<string>;
  }

  close(): Promise<unknown> {
    return this.run({ action: 'close' });
  }
}
