// The chaos run's pages: Chromium tabs running the built bundle, each one session's
// <interaction-host>, answering every card through its own controls (roles and names, as a
// person would), reloading when told, sometimes in the middle of a questionnaire.
import type { Browser, Locator, Page } from 'playwright-core';

/** What the person answers; `expire`: nobody answers, and the runtime's timeout is the right result. */
export type Expected = { kind: 'approval'; approve: boolean } | { kind: 'text'; text: string } | { kind: 'questionnaire'; a: string; b: string } | { kind: 'expire' };

export interface Plan {
  id: string;
  n: number;
  session: string;
  tool: 'request_user_approval' | 'request_user_input';
  args: Record<string, unknown>;
  expected: Expected;
}

export const QUESTION_A = ['alpha', 'beta', 'gamma'];
export const QUESTION_B = ['one', 'two'];

export function pageHtml(wsUrl: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>chaos</title></head><body>
<script type="module" src="/agent-interaction-kit.js"></script>
<interaction-host src="${wsUrl}" receipt-limit="10"></interaction-host>
<script type="module">
  const host = document.querySelector('interaction-host');
  host.backoff = { initialMs: 50, maxMs: 400 };
  window.__cards = new Set();
  host.addEventListener('interaction-request', (event) => window.__cards.add(event.detail.id));
</script></body></html>`;
}

export interface ChaosPage {
  session: string;
  page: Page;
  /** Set by the chaos schedule; the page's own loop reloads, so that no click races the reload. */
  reloadRequested: boolean;
}

export interface PageCounters {
  reloads: number;
  midQuestionnaire: number;
  /** Ids whose card came back asking after its answer was taken: the user asked twice. */
  askedAgain: Set<string>;
  /** Ids whose card some page showed: a lost call that is not here never reached its page. */
  shown: Set<string>;
}

export async function openPage(browser: Browser, base: string, session: string): Promise<ChaosPage> {
  const context = await browser.newContext({ viewport: { width: 900, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(3000);
  await page.goto(`${base}/?session=${session}`);
  return { session, page, reloadRequested: false };
}

const visible = (locator: Locator) => locator.isVisible().catch(() => false);

/**
 * Answers one pending card `plan` through its controls (`clicked`: told once its answer is sent).
 * Returns whether it acted. Throws when the
 * card changed under it (reload, drop, re-render): the loop tries again later.
 */
export async function answer(p: ChaosPage, plan: Plan, midReload: boolean, counters: PageCounters, clicked?: () => void): Promise<'answered' | 'reloaded' | 'none'> {
  const card = p.page.locator(`[data-id="${plan.id}"]`);
  const e = plan.expected;
  let submit: Locator;
  if (e.kind === 'approval') {
    submit = card.getByRole('button', { name: e.approve ? 'Approve' : 'Reject', exact: true });
    if (!(await visible(submit))) return 'none';
  } else if (e.kind === 'text') {
    const box = card.getByRole('textbox').first();
    submit = card.getByRole('button', { name: 'Submit', exact: true });
    if (!(await visible(submit))) return 'none';
    await box.fill(e.text);
  } else if (e.kind === 'expire') {
    return 'none';
  } else {
    submit = card.getByRole('button', { name: 'Submit', exact: true });
    if (!(await visible(submit))) return 'none';
    await card.getByRole('group', { name: /First/ }).getByRole('radio', { name: e.a, exact: true }).check();
    if (midReload) {
      counters.midQuestionnaire += 1;
      counters.reloads += 1;
      await p.page.reload();
      return 'reloaded';
    }
    await card.getByRole('group', { name: /Second/ }).getByRole('radio', { name: e.b, exact: true }).check();
  }
  await submit.click();
  clicked?.(); // sent, even if the card is slow to show it
  await submit.waitFor({ state: 'hidden' });
  return 'answered';
}

/** Calls the pages leave to their answer links for `headStartMs` after they first show them, before they race the link. */
export interface LinkFirst {
  ids: Set<string>;
  headStartMs: number;
}

/** The page's loop: answers what it shows until `stop()` says so. */
export async function runPage(
  p: ChaosPage,
  plans: Map<string, Plan>,
  settled: Set<string>,
  random: () => number,
  counters: PageCounters,
  stop: () => boolean,
  linkFirst: LinkFirst = { ids: new Set(), headStartMs: 0 },
): Promise<void> {
  const answered = new Set<string>();
  const firstShown = new Map<string, number>();
  const leftToLink = (id: string) => linkFirst.ids.has(id) && Date.now() - firstShown.get(id)! < linkFirst.headStartMs;
  while (!stop()) {
    if (p.reloadRequested) {
      p.reloadRequested = false;
      counters.reloads += 1;
      await p.page.reload().catch(() => undefined);
    }
    const ids = await p.page.evaluate(() => [...(window as unknown as { __cards: Set<string> }).__cards]).catch(() => [] as string[]);
    let acted = false;
    for (const id of ids) {
      counters.shown.add(id);
      if (!firstShown.has(id)) firstShown.set(id, Date.now());
    }
    for (const id of ids) {
      const plan = plans.get(id);
      if (!plan || settled.has(id) || stop() || p.reloadRequested || leftToLink(id)) continue;
      try {
        const midReload = plan.expected.kind === 'questionnaire' && random() < 0.15;
        const outcome = await answer(p, plan, midReload, counters);
        if (outcome === 'none') continue;
        acted = true;
        if (outcome === 'answered') {
          if (answered.has(id)) counters.askedAgain.add(id);
          answered.add(id);
        }
        if (outcome === 'reloaded') break;
      } catch {
        // The card changed under the click (a reload, a drop, a re-render): tried again later.
      }
    }
    if (!acted) await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

/**
 * What a page shows for each call it still lists: `waiting` for a card, else its receipt's
 * decision in the audit record's words (approved, rejected, answered, timeout, cancelled…).
 */
export async function shownDecisions(p: ChaosPage): Promise<[string, string][]> {
  return p.page.evaluate(() =>
    [...(document.querySelector('interaction-host')?.shadowRoot?.querySelectorAll('approval-dialog[data-id], questionnaire-form[data-id]') ?? [])].map((el) => {
      const card = el as HTMLElement & { response?: { status: string; approved: boolean } };
      const id = card.dataset.id ?? '';
      const response = card.response;
      if (!response) return [id, 'waiting'] as [string, string];
      if (response.status !== 'completed') return [id, response.status] as [string, string];
      return [id, card.localName === 'approval-dialog' ? (response.approved ? 'approved' : 'rejected') : 'answered'] as [string, string];
    }),
  );
}
