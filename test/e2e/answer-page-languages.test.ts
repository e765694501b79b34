// The answer page's languages and its deadline, on a phone (Chromium at 390 × 844, a coarse
// pointer, touch), served by the real Node runtime. The page's script carries zh-CN and en; an
// Arabic or Japanese page loads its language's module first and shows the card in it, right to
// left in Arabic; an en or zh-CN page requests no language module. At the link's deadline the card
// shows the receipt a timeout gives (timed out, in the page's language), offers nothing to answer
// with, and sends no result: the runtime keeps the time. With AIK_SCREENSHOTS=1 (`npm run screenshots:answer-page`) it writes
// docs/screenshots/answer-page-time-up-*.png, and the Arabic page pending and answered
// (answer-page-pending-ar-light.png, answer-page-receipt-ar-light.png).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { AuditRecord } from '../../src/agent/audit.js';
import type { AgentServer } from '../../src/agent/ws-server.js';
import { cardStrings } from '../../src/i18n/card.js';
import { approvalStrings } from '../../src/i18n/approval.js';
import { TRANSLATIONS } from '../../src/i18n/locales/all.js';
// @ts-expect-error a plain JS helper shared with the test runner
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.js';
import { answerPageServer, type AnswerPageServer } from '../support/answer-page-server.js';
import { waitFor } from '../agent/fleet.js';
import { axeViolations } from '../support/page-axe.js';

const SECRET = 'the-answer-page-languages-test-secret-32+';
const shots = new URL('../../docs/screenshots/', import.meta.url).pathname;
const shoot = (page: Page, name: string) => (process.env.AIK_SCREENSHOTS === '1' ? page.screenshot({ path: `${shots}answer-page-${name}.png` }) : undefined);
const PHONE = { width: 390, height: 844 };

let server: AnswerPageServer;
let kit: AgentServer;
let browser: Browser;
let audit: AuditRecord[] = [];

before(async () => {
  // A long grace: the runtime settles a call a minute after its deadline, long after these tests look.
  server = await answerPageServer(SECRET, { graceMs: 60_000 });
  ({ kit, audit } = server);
  browser = await chromium.launch({ executablePath: findChromium() as string, args: CHROMIUM_ARGS as string[] });
  mkdirSync(shots, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

let calls = 0;
/** A pending medium approval and its link; `seconds` to its deadline. */
function pendingLink(seconds = 600): { link: string; id: string; settled: () => boolean } {
  calls += 1;
  const id = `lang-${calls}`;
  const agent = kit.session(`s-${id}`);
  let done = false;
  agent
    .callTool('request_user_approval', { message: 'Deploy checkout 2.3 to production?', severity: 'medium', timeout_seconds: seconds }, { callId: id })
    .then(() => (done = true), () => (done = true));
  return { link: agent.linkFor(id)!, id, settled: () => done };
}

/** The link in a phone of a language; the scripts it requests recorded. */
async function openPhone(url: string, locale: string, colorScheme: 'light' | 'dark' = 'light'): Promise<{ page: Page; scripts: string[] }> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale, colorScheme });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(url);
  return { page, scripts };
}

describe('the answer page’s languages (Chromium)', () => {
  for (const [locale, dir] of [['ja', 'ltr'], ['ar', 'rtl']] as const) {
    it(`${locale}: loads its language’s module before the page’s script and shows the card in ${locale}${dir === 'rtl' ? ', right to left' : ''}`, async () => {
      const { link } = pendingLink();
      const { page, scripts } = await openPhone(link, locale);
      const approve = page.getByRole('button', { name: TRANSLATIONS[locale].approval.approve, exact: true });
      await approve.waitFor();
      assert.deepEqual(scripts, [`/agent/answer/answer-page-${locale}.js`, '/agent/answer/answer-page.js']);
      assert.equal(await page.evaluate(() => `${document.documentElement.lang} ${document.documentElement.dir}`), `${locale} ${dir}`);
      const card = page.locator('interaction-host approval-dialog');
      assert.equal(await card.evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('[part~="card"]')!).direction), dir);
      assert.equal(await page.getByRole('button', { name: approvalStrings.en.approve, exact: true }).count(), 0, 'nothing in English');
      assert.deepEqual(await axeViolations(page), []);
      await page.context().close();
    });
  }

  for (const locale of ['en', 'zh-CN'] as const) {
    it(`${locale}: requests no language module, only the page’s script`, async () => {
      const { link } = pendingLink();
      const { page, scripts } = await openPhone(link, locale);
      await page.getByRole('button', { name: approvalStrings[locale].approve, exact: true }).waitFor();
      assert.deepEqual(scripts, ['/agent/answer/answer-page.js']);
      await page.context().close();
    });
  }
});

describe('the answer page right to left (Chromium, 390 px)', () => {
  it('ar: pending, then approved by a tap, its receipt in Arabic, right to left, axe clean', async () => {
    const { link, settled } = pendingLink();
    const { page } = await openPhone(link, 'ar');
    const card = page.locator('interaction-host approval-dialog');
    const approve = card.getByRole('button', { name: TRANSLATIONS.ar.approval.approve, exact: true });
    await approve.waitFor();
    await page.evaluate(() => document.fonts.ready);
    await shoot(page, 'pending-ar-light');
    await approve.tap();
    await card.locator('[part~="receipt-heading"]').waitFor();
    await waitFor(settled, 'the runtime has the answer');
    assert.equal(await card.evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('[part~="receipt-heading"]')!).direction), 'rtl');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'nothing scrolls sideways');
    assert.deepEqual(await axeViolations(page), []);
    await page.evaluate(() => document.fonts.ready);
    await shoot(page, 'receipt-ar-light');
    await page.context().close();
  });
});

describe('the link’s card at its deadline (Chromium, 390 px)', () => {
  const cases = [
    ['en', 'light', cardStrings.en.receipt.timeout],
    ['zh-CN', 'dark', cardStrings['zh-CN'].receipt.timeout],
    ['ja', 'light', TRANSLATIONS.ja.card.receipt.timeout],
  ] as const;
  for (const [locale, colorScheme, words] of cases) {
    it(`${locale}: the countdown, then the receipt “${words}”, nothing to answer with, no result sent`, async () => {
      const { link, id, settled } = pendingLink(4);
      const { page } = await openPhone(link, locale, colorScheme);
      const card = page.locator('interaction-host approval-dialog');
      await card.locator('[part~="countdown"]').waitFor();
      assert.ok((await card.locator('[part~="approve-button"]').count()) === 1, 'answerable before its deadline');
      await card.locator('[part~="approve-button"]').focus();
      await card.getByText(words).first().waitFor({ timeout: 15_000 });
      assert.equal(await card.locator('[part~="approve-button"], [part~="reject-button"], input, textarea, select').count(), 0, 'nothing to answer with');
      assert.equal(
        await card.evaluate((el) => el.shadowRoot!.activeElement?.getAttribute('part') ?? null),
        'receipt-heading',
        'focus on the receipt, not the page',
      );
      assert.deepEqual(await axeViolations(page), []);
      await page.evaluate(() => document.fonts.ready);
      await shoot(page, `time-up-${locale}-${colorScheme}`);
      // The page sent nothing: the call still waits for the runtime's own timer.
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(settled(), false, 'the call still waits');
      assert.deepEqual(audit.filter((r) => r.call_id === id), []);
      await page.context().close();
    });
  }
});
