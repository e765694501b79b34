// Reads cases from stdin (JSON: a list of {links, session_id, owner, call_id, tool, arguments,
// deadline, python_link}) and prints, for each, the link the Node runtime mints for the same call
// and whether it accepts the Python runtime's link: python/tests/test_call_links.py compares them.
import { readFileSync } from 'node:fs';
import type { PendingCall } from '../../src/agent/call.js';
import { verifyAnswerToken } from '../../src/agent/links/answer-token.js';
import { createCallLinks, type LinksOptions } from '../../src/agent/links/call-links.js';

interface Case {
  links: LinksOptions;
  session_id: string;
  owner: string | null;
  call_id: string;
  tool: string;
  arguments: Record<string, unknown>;
  deadline: string;
  python_link: string | null;
  now: string;
}

const cases = JSON.parse(readFileSync(0, 'utf8')) as Case[];
const answers = cases.map((c) => {
  const call = { tool: c.tool, args: c.arguments, deadline: c.deadline } as unknown as PendingCall;
  const link = createCallLinks(c.links).linkFor({ sessionId: c.session_id, owner: c.owner ?? undefined, waiting: new Map([[c.call_id, call]]) }, c.call_id) ?? null;
  const token = c.python_link?.slice(c.python_link.lastIndexOf('/') + 1);
  const verified = token === undefined ? null : verifyAnswerToken(token, { secret: c.links.secret, now: new Date(c.now), callId: c.call_id, arguments: c.arguments, actor: c.owner });
  return { link, python_verifies: verified?.ok ?? null };
});
process.stdout.write(JSON.stringify(answers));
