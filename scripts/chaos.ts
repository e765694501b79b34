// `npm run chaos -- --instances 3 --calls 500 --seed N`: many runtime instances sharing their
// sessions through a real redis-server (`--python N`: the last N of them Python instances, one
// fleet with the Node ones), behind a round-robin TCP proxy, with Chromium pages
// answering every card through its own controls, while instances are killed (SIGKILL or SIGTERM)
// and restarted, page connections dropped and pages reloaded, at seeded random points. Agent
// calls go to random instances; a call whose instance died is re-asked by its callId on another
// (an agent resumed from its checkpoint). The person's inbox (two connections through the proxy,
// scripts/chaos/inbox.ts) answers a share of the calls (`--inbox-share`, default 0.4) at the same
// moment the pages do: both try, one wins. A share of the calls (`--link-share`, default 0.15) is
// answered through its answer link too, in pages of the built answer page (scripts/chaos/links.ts),
// some opened on two pages at once; a few calls nobody answers are left to expire, and their links,
// opened after the deadline, must be refused (410). Prints calls sent, results received, lost, duplicated
// and wrong, the audit records in aik:audit (every instance runs with `audit: 'redis'`): one
// per decided call, none doubled, and the places disagreeing: calls that a page or an inbox still
// shows as waiting, or as decided otherwise than the agent's result. Exits non-zero unless those
// are all 0. Every call has a 120 s deadline, so a timeout result means something was lost, and
// counts so. Loopback only.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import type { ToolResult } from '../src/protocol/results.js';
import { startInbox, type ChaosInbox } from './chaos/inbox.js';
import { answerByLink, openExpired, type LinkCounters, type LinkRun } from './chaos/links.js';
import { openPage, pageHtml, QUESTION_A, QUESTION_B, runPage, shownDecisions, type ChaosPage, type PageCounters, type Plan } from './chaos/pages.js';
import { startInstanceProcess, type InstanceKind, type InstanceProcess } from './chaos/processes.js';
import { startProxy } from './chaos/proxy.js';
// @ts-expect-error a plain JS helper shared with the test runner
import { CHROMIUM_ARGS, ensureChromium } from './chromium.js';
import { createClient } from 'redis';
import { freePort, startRedis } from './redis-server.js';

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const instanceCount = option('instances', 3);
const pythonCount = Math.min(option('python', 0), instanceCount);
const callCount = option('calls', 500);
const seed = option('seed', 1);
const pageCount = option('pages', 4);
const inFlightMax = option('concurrency', 8);
const inboxShare = option('inbox-share', 0.4);
const linkShare = option('link-share', 0.15);
/** The calls left to expire: nobody answers them, and their short deadline passes during the run. */
const EXPIRE_SHARE = 0.04;
const EXPIRE_SECONDS = 3;
/**
 * The share of the links' calls the pages leave to the link first (`--link-first`, 0 by default),
 * and for how long: the pages then stay away from a call while a link answers it.
 */
const LINK_FIRST_SHARE = option('link-first', 0);
const LINK_HEAD_START_MS = 6000;
const LINK_SECRET = globalThis.crypto.randomUUID() + globalThis.crypto.randomUUID();
/** The one person of the run: every page's session is theirs, and so is the inbox. */
const PERSON = 'chaos-person';
const TIMEOUT_SECONDS = 120;
const started = Date.now();

const bundle = new URL('../dist/agent-interaction-kit.js', import.meta.url);
if (!existsSync(bundle) || !existsSync(new URL('../dist/answer-page.js', import.meta.url))) {
  console.error('dist/agent-interaction-kit.js or dist/answer-page.js is missing: run `npm run build` first.');
  process.exit(1);
}

// mulberry32: small, seedable, good enough to place the faults.
let state = seed >>> 0;
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The calls, decided up front from the seed.
const sessions = Array.from({ length: pageCount }, (_, i) => `chaos-${seed}-${i}`);
const plans = new Map<string, Plan>();
for (let n = 0; n < callCount; n += 1) {
  const id = `chaos-${seed}-call-${n}`;
  const session = pick(sessions);
  const kind = random();
  const plan: Plan =
    kind < 0.35
      ? { id, n, session, tool: 'request_user_approval', args: { message: `Call #${n}: go ahead?`, severity: 'low' }, expected: { kind: 'approval', approve: random() < 0.6 } }
      : kind < 0.65
        ? { id, n, session, tool: 'request_user_input', args: { message: `Call #${n}: your name?` }, expected: { kind: 'text', text: `answer ${n}` } }
        : {
            id, n, session, tool: 'request_user_input',
            args: { message: `Call #${n}: plan`, questions: [
              { id: 'a', header: 'First', question: `First #${n}?`, options: QUESTION_A },
              { id: 'b', header: 'Second', question: `Second #${n}?`, options: QUESTION_B },
            ] },
            expected: { kind: 'questionnaire', a: pick(QUESTION_A), b: pick(QUESTION_B) },
          };
  plans.set(id, plan);
}
// The calls left to expire (approvals nobody answers), the calls the inbox answers too, and those
// answered through their links too, some on two pages at once (the pages answer every other call they show).
for (const plan of plans.values()) {
  if (random() < EXPIRE_SHARE) Object.assign(plan, { tool: 'request_user_approval', args: { message: `Call #${plan.n}: left to expire`, severity: 'low' }, expected: { kind: 'expire' } });
}
const answerable = [...plans.keys()].filter((id) => plans.get(id)!.expected.kind !== 'expire');
const byInbox = new Set(answerable.filter(() => random() < inboxShare));
// The links answer calls the inbox leaves alone; for a share of them the pages wait a few seconds
// before racing the link, so that the link often wins while a page is away.
const byLink = new Set(answerable.filter((id) => !byInbox.has(id) && random() < linkShare));
const twiceByLink = new Set([...byLink].filter(() => random() < 0.3));
const linkFirst = { ids: new Set([...byLink].filter(() => random() < LINK_FIRST_SHARE)), headStartMs: LINK_HEAD_START_MS };

const redis = await startRedis();
const ports = await Promise.all(Array.from({ length: instanceCount }, () => freePort()));

interface Instance {
  port: number;
  kind: InstanceKind;
  child?: InstanceProcess;
  live: boolean;
  inFlight: Set<string>;
}
const instances: Instance[] = ports.map((port, i) => ({ port, kind: i >= instanceCount - pythonCount ? 'python' : 'node', live: false, inFlight: new Set() }));
const results = new Map<string, ToolResult>();
const failures = new Map<string, string>();
const differing = new Set<string>();
const linkCounters: LinkCounters = { answered: new Set(), twice: 0, expiredRefused: 0, expiredAdmitted: 0, views: [] };
const linkTasks: Promise<void>[] = [];
/** The links' side of the run, once the browser is up. */
const links: { run?: LinkRun } = {};
const linked = new Set<string>();
const counts = { sigkill: 0, sigterm: 0, restarts: 0, drops: 0, inboxDrops: 0, reasked: 0, pythonKills: 0, pythonResults: 0 };
let finished = false;

function spawnInstance(instance: Instance): Promise<void> {
  const child = startInstanceProcess(instance.kind, { CHAOS_REDIS: redis.url, CHAOS_PORT: String(instance.port), CHAOS_INBOX: '1', CHAOS_LINK_SECRET: LINK_SECRET });
  instance.child = child;
  child.onMessage((message) => {
    if (message.op === 'done' && message.result) {
      instance.inFlight.delete(message.id);
      const earlier = results.get(message.id);
      if (earlier && JSON.stringify(earlier) !== JSON.stringify(message.result)) differing.add(message.id);
      results.set(message.id, message.result as ToolResult);
      if (instance.kind === 'python') counts.pythonResults += 1;
    } else if (message.op === 'link' && message.link && links.run && !linked.has(message.id)) {
      // The first link minted for the call (a re-ask elsewhere mints another for the same call).
      linked.add(message.id);
      const plan = plans.get(message.id)!;
      if (plan.expected.kind === 'expire') linkTasks.push(openExpired(links.run, plan, message.link, Date.now() + EXPIRE_SECONDS * 1000));
      else if (byLink.has(message.id)) {
        if (process.env.CHAOS_DEBUG) console.error(`link for ${message.id}: ${message.link}`);
        linkTasks.push(answerByLink(links.run, plan, message.link, twiceByLink.has(message.id)));
      }
    } else if (message.op === 'failed') {
      instance.inFlight.delete(message.id);
      failures.set(message.id, `${message.code}: ${message.message}`);
    }
  });
  child.process.on('exit', () => {
    if (instance.child !== child) return;
    instance.live = false;
    // The agent resumes from its checkpoint elsewhere: the same callId, on another instance.
    const orphans = [...instance.inFlight];
    instance.inFlight.clear();
    for (const id of orphans) {
      if (results.has(id) || finished) continue;
      counts.reasked += 1;
      void ask(id);
    }
  });
  return new Promise((resolve) => {
    child.onMessage((message) => {
      if (message.op !== 'ready') return;
      instance.live = true;
      resolve();
    });
  });
}

async function ask(id: string): Promise<void> {
  const plan = plans.get(id)!;
  for (;;) {
    const live = instances.filter((i) => i.live && i.child?.connected);
    if (live.length > 0) {
      const instance = pick(live);
      instance.inFlight.add(id);
      const sent = instance.child!.send({ op: 'call', id, session: plan.session, tool: plan.tool, args: plan.args, timeoutSeconds: plan.expected.kind === 'expire' ? EXPIRE_SECONDS : TIMEOUT_SECONDS }, (error) => {
        if (error) instance.inFlight.delete(id);
      });
      if (sent) return;
      instance.inFlight.delete(id);
    }
    await sleep(50);
  }
}

await Promise.all(instances.map(spawnInstance));
const proxy = await startProxy(ports);
const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://page');
  if (url.pathname === '/agent-interaction-kit.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(bundle));
  else response.writeHead(200, { 'content-type': 'text/html' }).end(pageHtml(`ws://127.0.0.1:${proxy.port}/agent/sessions/${url.searchParams.get('session')}?as=${PERSON}`));
});
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
const pages: ChaosPage[] = [];
for (const session of sessions) pages.push(await openPage(browser, base, session));
const inboxes: ChaosInbox[] = [0, 1].map(() => startInbox(`ws://127.0.0.1:${proxy.port}/agent/inbox?as=${PERSON}`, plans, byInbox, random));
const counters: PageCounters = { reloads: 0, midQuestionnaire: 0, askedAgain: new Set(), shown: new Set() };
const settled = new Set<string>();
links.run = { browser, person: PERSON, proxyPort: proxy.port, random, counters: linkCounters, pageCounters: counters, stop: () => finished };
const pageLoops = pages.map((p) => runPage(p, plans, settled, random, counters, () => finished, linkFirst));

// The faults, at seeded random points while calls are in flight.
const chaos = (async () => {
  while (!finished) {
    await sleep(200 + random() * 800);
    if (finished) break;
    const roll = random();
    const live = instances.filter((i) => i.live);
    if (roll < 0.4 && live.length > 1) {
      const victim = pick(live);
      const signal = random() < 0.6 ? 'SIGKILL' : 'SIGTERM';
      counts[signal === 'SIGKILL' ? 'sigkill' : 'sigterm'] += 1;
      if (victim.kind === 'python') counts.pythonKills += 1;
      victim.live = false;
      const victimProcess = victim.child?.process;
      victimProcess?.kill(signal);
      void sleep(300 + random() * 1200).then(async () => {
        await new Promise((resolve) => (victimProcess?.exitCode !== null || victimProcess?.signalCode !== null ? resolve(undefined) : victimProcess?.once('exit', resolve)));
        if (finished) return;
        counts.restarts += 1;
        await spawnInstance(victim);
      });
    } else if (roll < 0.6) {
      counts.drops += proxy.drop(pick(pages).session) > 0 ? 1 : 0;
    } else if (roll < 0.7) {
      pick(inboxes).drop();
      counts.inboxDrops += 1;
    } else {
      pick(pages).reloadRequested = true;
    }
  }
})();

// The agents' calls, a few in flight at a time, from random instances.
const issued = [...plans.keys()];
const unresolved = () => issued.filter((id) => !results.has(id) && !failures.has(id));
for (let i = 0; i < issued.length; ) {
  for (const id of settledNow()) settled.add(id);
  if (issued.length - unresolved().length + inFlightMax > i) {
    await ask(issued[i]!);
    i += 1;
  } else await sleep(20);
}
function settledNow(): string[] {
  return [...results.keys(), ...failures.keys()];
}
// Every call has its deadline: wait for all, at most deadline + grace + a margin.
const waitUntil = Date.now() + (TIMEOUT_SECONDS + 20) * 1000;
while (unresolved().length > 0 && Date.now() < waitUntil) {
  for (const id of settledNow()) settled.add(id);
  await sleep(100);
}
finished = true;
await chaos;
await Promise.all(pageLoops);
await Promise.all(linkTasks);
// Every place ends showing the winning decision: what each page and each inbox still shows is read
// once the last acks and settled messages have had a moment to arrive.
await sleep(2000);
const decided = (id: string): string | undefined => {
  const response = (results.get(id) as { interaction_response?: { status: string; approved: boolean } } | undefined)?.interaction_response;
  if (!response) return undefined;
  if (response.status !== 'completed') return response.status;
  return plans.get(id)!.tool === 'request_user_approval' ? (response.approved ? 'approved' : 'rejected') : 'answered';
};
const disagreeing = new Set<string>();
const placed = (place: string, shown: [string, string][]) => shown.map(([id, view]) => [id, view, place] as const);
const views = [
  ...(await Promise.all(pages.map(async (p) => placed('a chat page', await shownDecisions(p).catch(() => []))))).flat(),
  ...inboxes.flatMap((inbox) => placed('an inbox', [...inbox.views])),
  ...placed('a link page', linkCounters.views),
];
for (const [id, view, place] of views) {
  const winner = decided(id);
  if (winner !== undefined && view !== winner) {
    disagreeing.add(id);
    console.error(`disagreeing ${id}: ${place} shows ${view}, decided ${winner}`);
  }
}
for (const inbox of inboxes) inbox.close();
const inboxAnswered = new Set(inboxes.flatMap((inbox) => [...inbox.answered])).size;
const inboxRecords = await (async () => {
  const client = createClient({ url: redis.url });
  await client.connect();
  const entries = (await client.xRange('aik:audit', '-', '+')) ?? [];
  await client.close();
  return { inbox: entries.filter((entry) => entry.message.where === 'inbox').length, link: entries.filter((entry) => entry.message.where === 'link').length };
})();

let lost = 0;
let wrong = 0;
for (const [id, plan] of plans) {
  const result = results.get(id) as { interaction_response?: { status: string; approved: boolean; text: string; raw_value: unknown } } | undefined;
  const response = result?.interaction_response;
  const e = plan.expected;
  if (e.kind === 'expire') {
    // Nobody answers it: the runtime's timeout is its right result, and anything else is wrong.
    if (!response) lost += 1;
    else if (response.status !== 'timeout') wrong += 1;
    if (!response || response.status !== 'timeout') console.error(`${response ? 'wrong' : 'lost'} ${id}: ${response?.status ?? 'no result'} (left to expire)`);
    continue;
  }
  if (!response || response.status !== 'completed') {
    lost += 1;
    const where = counters.shown.has(id) ? 'its card was shown' : 'its card never reached its page';
    console.error(`lost ${id}: ${response ? response.status : (failures.get(id) ?? 'no result')} (${where})`);
    continue;
  }
  const right =
    e.kind === 'approval' ? response.approved === e.approve
    : e.kind === 'text' ? response.text === e.text
    : JSON.stringify(response.raw_value) === JSON.stringify({ a: e.a, b: e.b });
  if (!right) {
    wrong += 1;
    console.error(`wrong ${id}: ${JSON.stringify(response.raw_value)}`);
  }
}
const duplicated = new Set([...differing, ...counters.askedAgain]).size;
// The audit trail: exactly one record per decided call, whatever was killed.
const auditClient = createClient({ url: redis.url });
await auditClient.connect();
const perCall = new Map<string, number>();
for (const entry of (await auditClient.xRange('aik:audit', '-', '+')) ?? []) {
  const id = String(entry.message.call_id);
  perCall.set(id, (perCall.get(id) ?? 0) + 1);
}
await auditClient.close();
const records = [...perCall.values()].reduce((sum, count) => sum + count, 0);
const doubled = [...perCall.values()].filter((count) => count > 1).length;
const unrecorded = [...results.keys()].filter((id) => !perCall.has(id)).length;
console.log(`chaos: seed ${seed}, ${instanceCount} instances (${pythonCount} Python), ${pageCount} pages, ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(
  `faults: ${counts.sigkill} SIGKILL, ${counts.sigterm} SIGTERM, ${counts.restarts} restarts, ${counts.drops} connection drops, ` +
    `${counters.reloads} reloads (${counters.midQuestionnaire} mid-questionnaire), ${counts.reasked} calls re-asked on another instance, ${counts.inboxDrops} inbox drops`,
);
console.log(`inbox: answered ${inboxAnswered} calls as the pages did; its answer won ${inboxRecords.inbox} (audit records with where: inbox), a page's the other ${inboxAnswered - inboxRecords.inbox}`);
console.log(
  `links: answered ${linkCounters.answered.size}, won ${inboxRecords.link}, expired refused ${linkCounters.expiredRefused}` +
    ` (${linkCounters.twice} opened on two pages at once, ${linkFirst.ids.size} left to the link for ${LINK_HEAD_START_MS / 1000} s first; expired links admitted ${linkCounters.expiredAdmitted})`,
);
if (pythonCount > 0) console.log(`Python instances: ${counts.pythonKills} of the kills, ${counts.pythonResults} of the results returned there`);
console.log(`calls sent ${plans.size}`);
console.log(`results received ${results.size}`);
console.log(`lost ${lost}`);
console.log(`duplicated ${duplicated}`);
console.log(`wrong ${wrong}`);
console.log(`audit records ${records} for ${perCall.size} calls (doubled ${doubled}, decided without a record ${unrecorded})`);
console.log(`places disagreeing ${disagreeing.size}`);

await browser.close();
await proxy.close();
http.close();
for (const instance of instances) instance.child?.process.kill('SIGKILL');
await redis.stop();
process.exit(lost > 0 || duplicated > 0 || wrong > 0 || doubled > 0 || unrecorded > 0 || disagreeing.size > 0 || linkCounters.expiredAdmitted > 0 ? 1 : 0);
