// The answer link's page on a phone, served by the real Node runtime (docs/links.md): Chromium as a
// phone (390 × 844 and 320 × 640, a coarse pointer, touch), light and dark, zh-CN and en. Every
// button is at least 44 px each way, visible without hover, nothing scrolls sideways, zoom stays
// allowed, axe-core finds nothing and the strict Content-Security-Policy blocks nothing. The card
// is answered by a tap. With AIK_SCREENSHOTS=1 (`npm run screenshots:answer-page`) it writes
// docs/screenshots/answer-page-*.png: pending, the receipt of a call settled elsewhere, expired.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { mintAnswerToken } from '../../src/agent/links/answer-token.js';
import { waitFor } from '../agent/fleet.js';
import { approved, rawKit } from '../agent/places-clients.js';
import { answerPageServer, PHONES, type AnswerPageServer } from '../support/answer-page-server.js';
// @ts-expect-error a plain JS helper shared with the test runner
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.js';
import { axeViolations } from '../support/page-axe.js';

const SECRET = 'the-answer-page-phone-test-secret-32+';
const shots = new URL('../../docs/screenshots/', import.meta.url).pathname;
/** Writes the page's screenshots only when asked, so that a test run leaves the repository as it was. */
const shoot = (page: Page, name: string) => (process.env.AIK_SCREENSHOTS === '1' ? page.screenshot({ path: `${shots}answer-page-${name}.png` }) : undefined);

let server: AnswerPageServer;
let browser: Browser;

before(async () => {
  server = await answerPageServer(SECRET);
  browser = await chromium.launch({ executablePath: findChromium() as string, args: CHROMIUM_ARGS as string[] });
  mkdirSync(shots, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** A pending medium approval and its link. */
const pendingLink = () => server.pendingLink('phone', '将 checkout 服务 2.3 版部署到生产环境？/ Deploy checkout 2.3 to production?');

interface Opened {
  page: Page;
  violations: () => Promise<string[]>;
}

/** The link in a phone: coarse pointer and touch, its language and colour scheme; CSP violations recorded from the start. */
async function openPhone(url: string, phone: { width: number; height: number }, locale: 'zh-CN' | 'en', colorScheme: 'light' | 'dark'): Promise<Opened> {
  const context = await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale, colorScheme });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  await page.goto(url);
  return { page, violations: async () => [...refused, ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp))] };
}

/** Every visible control in the page and its shadow roots: its name and size, and whether it shows without hover. */
const CONTROLS = () => {
  const roots: (Document | ShadowRoot)[] = [document];
  for (const root of roots) for (const el of root.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
  return roots
    .flatMap((root) => [...root.querySelectorAll<HTMLElement>('button, summary, a[href], input:not([type=hidden]), textarea, select, [role=button]')])
    .filter((el) => el.getClientRects().length > 0)
    .map((el) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return { name: (el.textContent ?? '').trim().slice(0, 30) || el.tagName, width: r.width, height: r.height, shown: style.visibility === 'visible' && Number(style.opacity) > 0 };
    });
};

describe('the answer page on a phone (Chromium)', () => {
  for (const phone of PHONES) {
    for (const [locale, colorScheme] of [['zh-CN', 'light'], ['en', 'dark']] as const) {
      it(`${phone.width} × ${phone.height}, ${locale}, ${colorScheme}: 44 px targets, no hover, zoom allowed, axe clean, nothing blocked`, async () => {
        const { link } = pendingLink();
        const { page, violations } = await openPhone(link, phone, locale, colorScheme);
        await page.locator('interaction-host approval-dialog').waitFor();
        await page.getByRole('button').first().waitFor();
        assert.equal(await page.evaluate(() => document.documentElement.lang), locale);
        assert.equal(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), true, 'a coarse pointer');
        const viewport = await page.evaluate(() => document.querySelector('meta[name=viewport]')?.getAttribute('content'));
        assert.equal(viewport, 'width=device-width, initial-scale=1', 'zoom is not disabled');
        const controls = await page.evaluate(CONTROLS);
        assert.ok(controls.length >= 2, `the card's buttons are there (${JSON.stringify(controls)})`);
        for (const control of controls) {
          assert.ok(control.width >= 44 && control.height >= 44, `${control.name} is ${control.width} × ${control.height}`);
          assert.ok(control.shown, `${control.name} shows without hover`);
        }
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'nothing scrolls sideways');
        assert.deepEqual(await axeViolations(page), []);
        assert.deepEqual(await violations(), [], 'the Content-Security-Policy blocked nothing');
        if (phone.width === 390) {
          await page.evaluate(() => document.fonts.ready);
          await shoot(page, `pending-${locale}-${colorScheme}`);
        }
        await page.context().close();
      });
    }
  }

  it('answered by a tap: the runtime gets the approval from the place link', async () => {
    const { link, result, id } = pendingLink();
    const { page, violations } = await openPhone(link, PHONES[0], 'en', 'light');
    await page.getByRole('button', { name: /^Approve/ }).tap();
    const decided = (await result) as { content_parts: { summary?: string }[] };
    assert.equal(decided.content_parts[0]?.summary, 'approved');
    await waitFor(() => server.audit.some((r) => r.call_id === id), 'the audit record');
    assert.deepEqual(server.audit.filter((r) => r.call_id === id).map((r) => [r.decision, r.where]), [['approved', 'link']]);
    assert.deepEqual(await violations(), []);
    await page.context().close();
  });

  it('a link opened after the chat page answered: the receipt, where, who and when, and nothing to press', async () => {
    const { link, id, result } = pendingLink();
    const chat = await rawKit(`${server.base.replace('http', 'ws')}/agent/sessions/s-${id}`);
    await waitFor(() => chat.of('tool_call').length === 1, 'the chat page’s card');
    chat.answer({ call_id: id, tool: 'request_user_approval', result: approved(id) });
    await result;
    for (const [locale, colorScheme, words] of [['zh-CN', 'light', '在对话中'], ['en', 'dark', 'in the chat']] as const) {
      const { page, violations } = await openPhone(link, PHONES[0], locale, colorScheme);
      const card = page.locator('interaction-host approval-dialog');
      await card.getByText(words).waitFor();
      assert.equal(await card.locator('[part~="approve-button"]').count(), 0, 'no button to answer with');
      assert.deepEqual(await axeViolations(page), []);
      assert.deepEqual(await violations(), []);
      await page.evaluate(() => document.fonts.ready);
      await shoot(page, `receipt-${locale}-${colorScheme}`);
      await page.context().close();
    }
  });

  it('an expired link: 410 and its page, readable on a phone, axe clean', async () => {
    const expired = mintAnswerToken({ secret: SECRET, callId: 'gone', sessionId: 's-gone', arguments: {}, deadline: new Date(Date.now() - 60_000) });
    for (const [locale, colorScheme] of [['zh-CN', 'light'], ['en', 'dark']] as const) {
      const { page, violations } = await openPhone(`${server.base}/agent/answer/${expired}`, PHONES[0], locale, colorScheme);
      assert.equal(await page.evaluate(() => document.querySelector('h1')?.textContent), locale === 'en' ? 'This link has expired' : '此链接已过期');
      assert.deepEqual(await axeViolations(page), []);
      assert.deepEqual(await violations(), []);
      await page.evaluate(() => document.fonts.ready);
      await shoot(page, `expired-${locale}-${colorScheme}`);
      await page.context().close();
    }
  });
});
