// One runtime instance of the chaos run, in its own process: an agent server on the given port
// sharing its sessions through Redis; the chaos driver asks it, over IPC (or, when spawned
// without an IPC channel, JSON lines on stdin and stdout), to make agent calls.
import { createInterface } from 'node:readline';
import { createAgentServer } from '../../src/agent/ws-server.js';
import type { ToolName } from '../../src/protocol/constants.js';

interface CallOrder {
  op: 'call';
  id: string;
  session: string;
  tool: ToolName;
  args: Record<string, unknown>;
  timeoutSeconds: number;
  grant?: { key: string; label: string };
}

const ipc = typeof process.send === 'function';
const send = (message: object) => (ipc ? process.send?.(message) : process.stdout.write(`${JSON.stringify(message)}\n`));
// Every decided call appends its audit record to aik:audit, which the driver counts.
// With CHAOS_INBOX, it serves the inbox too, and a page's `?as=<actor>` (or, on an answer link's
// page, its `as` cookie) names who is on it. With CHAOS_LINK_SECRET, it mints and serves answer links.
const actorOf = (request: { url?: string; headers?: { cookie?: string } }) => {
  const actor = new URL(request.url ?? '/', 'http://localhost').searchParams.get('as') ?? /(?:^|;\s*)as=([^;]+)/.exec(request.headers?.cookie ?? '')?.[1];
  return actor ? { actor } : true;
};
const inbox = process.env.CHAOS_INBOX ? { inbox: {}, authorize: actorOf } : {};
const secret = process.env.CHAOS_LINK_SECRET;
const links = secret ? { links: { secret, baseUrl: 'http://127.0.0.1' }, authorize: actorOf } : {};
const server = await createAgentServer({ redis: process.env.CHAOS_REDIS, port: Number(process.env.CHAOS_PORT), log: () => undefined, audit: 'redis', ...inbox, ...links });

const onOrder = (message: CallOrder) => {
  if (message.op !== 'call') return;
  const session = server.session(message.session);
  session
    .callTool(message.tool, message.args, { callId: message.id, timeoutSeconds: message.timeoutSeconds, grant: message.grant })
    .then(
      (result) => send({ op: 'done', id: message.id, result }),
      (error: Error & { code?: string }) => {
        // A call ended by our own shutdown is not a failure: the driver asks it again elsewhere.
        if (!stopping) send({ op: 'failed', id: message.id, code: error.code ?? error.name, message: error.message });
      },
    );
  // The call's answer link, minted here (its token signs the call's session, arguments and deadline).
  const link = secret ? session.linkFor(message.id) : undefined;
  if (link) send({ op: 'link', id: message.id, link });
};
if (ipc) {
  process.on('message', onOrder);
  process.on('disconnect', () => process.exit(0));
} else {
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => onOrder(JSON.parse(line) as CallOrder));
  lines.on('close', () => process.exit(0));
}
let stopping = false;
process.on('SIGTERM', () => {
  stopping = true;
  void server.close().then(() => process.exit(0));
});
send({ op: 'ready' });
