// The chaos run's answer links: a share of the calls answered through the link their asking
// instance minted, in Chromium pages of the built answer page (dist/answer-page.js, served by the
// runtime), opened through the proxy in front of the instances (Node and Python alike serve fleet
// links, so any live one) while the chat pages answer the same calls: both try, one wins. Some links are opened twice at once (two phones);
// the links of the calls left to expire are opened after their deadline, and must be refused (410)
// with no card and no answer. Each page's last view of its card is kept for the places check.
import type { Browser, BrowserContext } from 'playwright-core';
import { answer, shownDecisions, type ChaosPage, type PageCounters, type Plan } from './pages.js';

export interface LinkCounters {
  /** Calls whose link page sent an answer (clicked its submit). */
  answered: Set<string>;
  /** Links opened on two pages at once. */
  twice: number;
  /** Links opened after their call's deadline that were refused with 410 and showed no card. */
  expiredRefused: number;
  /** Links opened after their deadline that were not so refused. */
  expiredAdmitted: number;
  /** What each link page last showed, as the places check reads it. */
  views: [string, string][];
}

export interface LinkRun {
  browser: Browser;
  person: string;
  /**
   * The round-robin proxy in front of the instances: a link is opened through it, as a phone
   * reaches a fleet through its load balancer, so a page whose instance died reconnects to a live
   * one (opened on one instance's own port, it waited for that instance to come back, and the run
   * could end first with the page still showing the call waiting).
   */
  proxyPort: number;
  random: () => number;
  counters: LinkCounters;
  pageCounters: PageCounters;
  stop: () => boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Link pages open two calls at a time: each is a whole kit in a tab, and the chat pages share the browser and the cores. */
const LINKS_AT_ONCE = 2;
let open = 0;
async function oneOfFew<T>(step: () => Promise<T>): Promise<T> {
  while (open >= LINKS_AT_ONCE) await sleep(50);
  open += 1;
  try {
    return await step();
  } finally {
    open -= 1;
  }
}

/** A page of the link through the proxy, signed in as the person (the `as` cookie the instances' authorize reads). */
async function openLink(run: LinkRun, path: string): Promise<{ context: BrowserContext; page: ChaosPage; status: number }> {
  const port = run.proxyPort;
  const context = await run.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  await context.addCookies([{ name: 'as', value: run.person, url: `http://127.0.0.1:${port}` }]);
  const tab = await context.newPage();
  tab.setDefaultTimeout(10_000); // a phone-size page of the whole kit, on a busy machine
  // Its status as soon as it answers; the card is waited for apart (the page's script is the whole kit).
  const response = await tab.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'commit', timeout: 15_000 }).catch(async (error: unknown) => {
    await context.close();
    throw error;
  });
  return { context, page: { session: 'link', page: tab, reloadRequested: false }, status: response?.status() ?? 0 };
}

/** Its view once the call settled (a page still waiting when the run ends is read once more, as the others are), for the places check. */
async function keepView(run: LinkRun, id: string, page: ChaosPage): Promise<void> {
  const read = async () => (await shownDecisions(page).catch(() => [] as [string, string][])).find(([shown]) => shown === id)?.[1];
  let view = await read();
  while (view === 'waiting' && !run.stop()) {
    await sleep(200);
    view = await read();
  }
  if (view === 'waiting') {
    await sleep(2000);
    view = await read();
  }
  if (view) run.counters.views.push([id, view]);
}

/**
 * Answers `plan` through its link after a short random wait, on one page or (`twice`) two at once,
 * through the proxy (so on any live instance); a kill or a drop under it tries again, a few times.
 */
export async function answerByLink(run: LinkRun, plan: Plan, link: string, twice: boolean): Promise<void> {
  await sleep(run.random() * 3000);
  await oneOfFew(() => answerOnPages(run, plan, new URL(link).pathname, twice));
}

async function answerOnPages(run: LinkRun, plan: Plan, path: string, twice: boolean): Promise<void> {
  if (twice) run.counters.twice += 1;
  for (let attempt = 0; attempt < 4 && !run.stop(); attempt += 1) {
    const opened: { context: BrowserContext; page: ChaosPage }[] = [];
    try {
      for (const page of await Promise.all(Array.from({ length: twice ? 2 : 1 }, () => openLink(run, path)))) opened.push(page);
      const card = (p: ChaosPage) => p.page.locator(`[data-id="${plan.id}"]`).first().waitFor({ timeout: 15_000 });
      await Promise.all(opened.map(({ page }) => card(page)));
      await Promise.all(opened.map(({ page }) => answer(page, plan, false, run.pageCounters, () => run.counters.answered.add(plan.id))));
      await Promise.all(opened.map(({ page }) => keepView(run, plan.id, page)));
      return;
    } catch (error) {
      if (process.env.CHAOS_DEBUG) console.error(`link ${plan.id}: ${String(error)}`);
      await sleep(200); // the instance died or dropped the page under it: another try
    } finally {
      await Promise.all(opened.map(({ context }) => context.close().catch(() => undefined)));
    }
  }
}

/** Opens the link of a call left to expire after its deadline: a 410 page with no card. */
export async function openExpired(run: LinkRun, plan: Plan, link: string, deadlineMs: number): Promise<void> {
  await sleep(Math.max(0, deadlineMs - Date.now()) + 500);
  if (run.stop()) return;
  const { context, page, status } = await oneOfFew(() => openLink(run, new URL(link).pathname)).catch(() => ({ context: undefined, page: undefined, status: 0 }));
  if (!context || !page) return;
  const cards = await page.page.locator(`[data-id="${plan.id}"]`).count().catch(() => 1);
  if (status === 410 && cards === 0) run.counters.expiredRefused += 1;
  else run.counters.expiredAdmitted += 1;
  await context.close().catch(() => undefined);
}
