// Touch targets on the answer page, in Chromium and WebKit, for each of its cards: an approval, a
// questionnaire (radios), a multiple choice (checkboxes) and the receipt. Under a coarse pointer
// every button, link, radio and checkbox the page shows takes at least 44 × 44 CSS px (a radio or
// a checkbox counts by its label, which is where a finger lands: the area that toggles it), and
// nothing is reachable only by hover: every control shows without it, and no style rule of the
// page or its cards reveals anything on :hover.
// Chromium emulates a phone (Playwright's `isMobile` and `hasTouch`: `(pointer: coarse)` matches).
// WebKit here is MiniBrowser through WebKitWebDriver, which cannot emulate a coarse pointer; there
// the test turns the cards' `(pointer: coarse)` rules on (their media made `all`) and measures
// WebKit's own layout of them. WebKit runs when `AIK_ENGINES` names it, or names nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import type { AgentServer } from '../../src/agent/ws-server.js';
import { enginesToRun, launchEngine, type EngineBrowser } from '../support/drive/engine.js';
import { Page as DrivenPage, poll } from '../support/drive/page.js';
import { rawKit, approved } from '../agent/places-clients.js';
import { waitFor } from '../agent/fleet.js';
import { answerPageServer, type AnswerPageServer } from '../support/answer-page-server.js';
// @ts-expect-error a plain JS helper shared with the test runner
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.js';

const PHONE = { width: 390, height: 844 };

let server: AnswerPageServer;
let kit: AgentServer;
let base = '';

before(async () => {
  server = await answerPageServer('the-answer-page-targets-test-secret-32+', { contextFor: () => ({ locale: 'en' }) });
  ({ kit, base } = server);
});

after(async () => {
  await server?.close();
});

let calls = 0;
const CARDS = {
  approval: { tool: 'request_user_approval', args: { message: 'Deploy checkout 2.3 to production?', severity: 'medium', details: 'commit 8f3e2a1\n3 services' }, tag: 'approval-dialog', kinds: ['button'] },
  questionnaire: {
    tool: 'request_user_input',
    args: { message: 'Before I start', questions: [{ id: 'db', question: 'Which database?', options: ['Postgres', 'SQLite'] }, { id: 'ci', question: 'Run CI?', options: ['Yes', 'No'] }] },
    tag: 'questionnaire-form',
    kinds: ['button', 'radio'],
  },
  'multiple choice': { tool: 'request_user_input', args: { message: 'Which regions?', input_mode: 'multi_choice', options: ['eu-west', 'us-east', 'ap-south'] }, tag: 'questionnaire-form', kinds: ['button', 'checkbox'] },
} as const;

/** A waiting call of a kind and its link. */
function pendingLink(kind: keyof typeof CARDS): { link: string; id: string; session: string } {
  calls += 1;
  const id = `targets-${calls}`;
  const session = `s-${id}`;
  const { tool, args } = CARDS[kind];
  kit.session(session).callTool(tool, { ...args, timeout_seconds: 600 }, { callId: id }).catch(() => undefined);
  return { link: kit.session(session).linkFor(id)!, id, session };
}

/** A link whose call the chat page already approved: the page shows the receipt. */
async function receiptLink(): Promise<string> {
  const { link, id, session } = pendingLink('approval');
  const chat = await rawKit(`${base.replace('http', 'ws')}/agent/sessions/${session}`);
  await waitFor(() => chat.of('tool_call').length === 1, 'the chat page’s card');
  chat.answer({ call_id: id, tool: 'request_user_approval', result: approved(id) });
  await waitFor(() => chat.of('ack').length === 1, 'the ack');
  return link;
}

interface Control {
  name: string;
  kind: string;
  width: number;
  height: number;
  shown: boolean;
}
interface Measured {
  ready: boolean;
  coarse: boolean;
  controls: Control[];
  hoverReveals: string[];
}

/**
 * In the page: every visible control of the page and its shadow roots (a radio or checkbox by its
 * label), and the style rules that change what shows on :hover. `force` turns the cards'
 * `(pointer: coarse)` rules on first (for an engine that cannot emulate a coarse pointer).
 */
const MEASURE = (force: boolean, tag: string) => `(() => {
  const roots = [document];
  for (const root of roots) for (const el of root.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
  const card = document.querySelector('interaction-host')?.shadowRoot?.querySelector(${JSON.stringify(tag)});
  if (!card?.shadowRoot?.querySelector('button')) return { ready: false, coarse: false, controls: [], hoverReveals: [] };
  const sheets = roots.flatMap((root) => [...(root.adoptedStyleSheets || []), ...root.styleSheets]);
  const rules = [];
  const walk = (list) => { for (const rule of list) { rules.push(rule); if (rule.cssRules) walk(rule.cssRules); } };
  for (const sheet of sheets) walk(sheet.cssRules);
  if (${force}) for (const rule of rules) if (rule.media && /pointer:\\s*coarse/.test(rule.media.mediaText)) rule.media.mediaText = 'all';
  const hoverReveals = rules.filter((rule) => rule.selectorText && /:hover/.test(rule.selectorText) && ['display', 'visibility', 'opacity', 'pointer-events', 'max-height', 'clip', 'clip-path'].some((p) => rule.style.getPropertyValue(p)))
    .map((rule) => rule.cssText.slice(0, 80));
  const controls = roots.flatMap((root) => [...root.querySelectorAll('button, a[href], input[type=radio], input[type=checkbox], summary, [role=button], [role=link], [role=radio], [role=checkbox]')])
    .map((el) => {
      const kind = el.matches('input[type=radio], [role=radio]') ? 'radio' : el.matches('input[type=checkbox], [role=checkbox]') ? 'checkbox' : el.matches('a, [role=link]') ? 'link' : 'button';
      const target = (kind === 'radio' || kind === 'checkbox') && el.closest('label') ? el.closest('label') : el;
      const r = target.getBoundingClientRect();
      const s = getComputedStyle(target);
      return { el, target, kind, r, s };
    })
    .filter(({ target }) => target.getClientRects().length > 0 && getComputedStyle(target).visibility !== 'hidden' && !target.closest('.visually-hidden'))
    .map(({ el, target, kind, r, s }) => ({ name: (el.getAttribute('part') || target.textContent || el.tagName).trim().slice(0, 30), kind, width: r.width, height: r.height, shown: s.visibility === 'visible' && Number(s.opacity) > 0 }));
  return { ready: true, coarse: matchMedia('(pointer: coarse)').matches, controls, hoverReveals };
})()`;

function check(measured: Measured, kinds: readonly string[], what: string): void {
  assert.deepEqual(measured.hoverReveals, [], `${what}: no rule reveals anything on hover`);
  for (const kind of kinds) assert.ok(measured.controls.some((c) => c.kind === kind), `${what}: a ${kind} is measured (${JSON.stringify(measured.controls)})`);
  for (const control of measured.controls) {
    assert.ok(control.shown, `${what}: ${control.name} shows without hover`);
    assert.ok(control.width >= 44 && control.height >= 44, `${what}: ${control.kind} ${control.name} is ${control.width} × ${control.height}`);
  }
}

describe('touch targets on the answer page, Chromium as a phone (coarse pointer)', () => {
  let browser: Browser;
  before(async () => {
    browser = await chromium.launch({ executablePath: findChromium() as string, args: CHROMIUM_ARGS as string[] });
  });
  after(async () => {
    await browser?.close();
  });
  const measureIn = async (link: string, tag: string) => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en' });
    const page = await context.newPage();
    await page.goto(link);
    const measured = await poll(async () => {
      const m = (await page.evaluate(MEASURE(false, tag))) as Measured;
      return m.ready ? m : undefined;
    }, 'the card', 30_000);
    await context.close();
    return measured;
  };
  for (const [kind, card] of Object.entries(CARDS)) {
    it(`${kind}: every ${card.kinds.join(', ')} at least 44 × 44, nothing behind hover`, async () => {
      const measured = await measureIn(pendingLink(kind as keyof typeof CARDS).link, card.tag);
      assert.equal(measured.coarse, true, 'a coarse pointer');
      check(measured, card.kinds, kind);
    });
  }
  it('the receipt: its disclosure at least 44 × 44, nothing behind hover', async () => {
    const measured = await measureIn(await receiptLink(), 'approval-dialog');
    assert.equal(measured.coarse, true);
    check(measured, ['button'], 'receipt');
  });
});

if (enginesToRun().includes('webkit')) {
  describe('touch targets on the answer page, WebKit (the coarse-pointer rules turned on)', () => {
    let browser: EngineBrowser;
    before(async () => {
      browser = await launchEngine('webkit');
    });
    after(async () => {
      await browser?.close();
    });
    const measureIn = async (link: string, tag: string) => {
      const page = new DrivenPage(await browser.newPage(PHONE));
      await page.goto(link);
      const measured = await poll(async () => {
        const m = await page.run<Measured>(MEASURE(true, tag));
        return m.ready ? m : undefined;
      }, 'the card', 30_000);
      await page.close();
      return measured;
    };
    for (const [kind, card] of Object.entries(CARDS)) {
      it(`${kind}: every ${card.kinds.join(', ')} at least 44 × 44, nothing behind hover`, async () => {
        check(await measureIn(pendingLink(kind as keyof typeof CARDS).link, card.tag), card.kinds, kind);
      });
    }
    it('the receipt: its disclosure at least 44 × 44, nothing behind hover', async () => {
      check(await measureIn(await receiptLink(), 'approval-dialog'), ['button'], 'receipt');
    });
  });
}
