// What the theme tests share: a stylesheet loaded as a page loads it, the design systems' realistic
// variable sets, and a set of cards that shows every colour pair the tokens make.
import { fixture, html } from '@open-wc/testing';
import '../../src/entries/approval-dialog.js';
import '../../src/entries/artifact-list.js';
import '../../src/entries/questionnaire-form.js';
import type { ApprovalDialog } from '../../src/elements/approval-dialog/approval-dialog.js';
import type { ArtifactList } from '../../src/elements/artifact-list/artifact-list.js';
import type { InteractionCard } from '../../src/elements/shared/interaction-card.js';
import { answerRequest } from '../../src/rules/answers.js';
import { filePart } from '../../src/rules/artifacts/deliver.js';
import { toArtifact } from '../../src/rules/artifacts/prepare.js';
import { resolveContext } from '../../src/rules/context.js';
import { normalizeApproval, normalizeInput } from '../../src/rules/normalize.js';
import { FakeClock } from '../support/fake-clock.js';
import { CardHarness } from '../support/harness/card.js';
import { partIn } from '../support/harness/parts.js';

export * from '../../demo/design-systems.js';

const added: Element[] = [];

/** A `<link rel="stylesheet">` in the head, resolved once it has loaded. */
export async function useStylesheet(href: string): Promise<void> {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  const loaded = new Promise((resolve, reject) => {
    link.addEventListener('load', resolve);
    link.addEventListener('error', () => reject(new Error(`${href} did not load`)));
  });
  document.head.append(link);
  added.push(link);
  await loaded;
}

/** A `<style>` in the head (a design system's own variables, as its global CSS sets them). */
export function useStyle(text: string): void {
  const style = document.createElement('style');
  style.textContent = text;
  document.head.append(style);
  added.push(style);
}

/** Takes back every stylesheet, variable, class and attribute a test put on the page. */
export function resetPage(): void {
  for (const element of added.splice(0)) element.remove();
  const root = document.documentElement;
  root.removeAttribute('style');
  root.removeAttribute('class');
  root.removeAttribute('data-theme');
}

const ids = (id: string) => ({ request_id: id, session_id: 's-theme' });
const AT = '2026-11-29T12:00:00.000Z';

/** The part `name` in an element's shadow root. */
export function part(el: Element, name: string): HTMLElement {
  const found = partIn(el.shadowRoot!, name);
  if (!found) throw new Error(`no part ${name} in <${el.localName}>`);
  return found;
}

export interface Cards {
  root: HTMLElement;
  low: ApprovalDialog;
  high: ApprovalDialog;
  form: InteractionCard;
}

/**
 * Cards in every tone the tokens make: a low approval (primary button) with its countdown in the
 * warning tone, a high one (danger button, danger countdown), a questionnaire with a chosen
 * option and a refused question, an answered receipt, and artifacts delivered and failed.
 */
export async function renderCards(locale = 'en'): Promise<Cards> {
  const root = await fixture<HTMLElement>(html`<div style="display: grid; gap: 16px; max-width: 560px">
    <approval-dialog locale=${locale} data-card="low"></approval-dialog>
    <approval-dialog locale=${locale} data-card="high"></approval-dialog>
    <questionnaire-form locale=${locale} layout="list" data-card="form"></questionnaire-form>
    <questionnaire-form locale=${locale} data-card="answered"></questionnaire-form>
    <artifact-list locale=${locale}></artifact-list>
  </div>`);
  const card = <T extends Element>(name: string) => root.querySelector<T>(`[data-card="${name}"]`)!;
  const low = card<ApprovalDialog>('low');
  const high = card<ApprovalDialog>('high');
  const form = card<InteractionCard>('form');
  const answered = card<InteractionCard>('answered');
  const clocks = [new FakeClock(), new FakeClock()];
  low.clock = clocks[0]!;
  low.request = normalizeApproval({ title: 'Create branch', message: 'Create feature/themes from main?', severity: 'low', timeout_seconds: 120 }, ids('t-low'));
  high.clock = clocks[1]!;
  high.requester = 'deploy-agent';
  high.request = normalizeApproval({ title: 'Deploy to production', message: 'Ship v2.3 to every region?', severity: 'high', details: 'commit 8f3e2a1\n3 services', timeout_seconds: 120 }, ids('t-high'));
  form.clock = new FakeClock();
  form.request = normalizeInput(
    {
      message: 'Choose the rollout',
      questions: [
        { header: 'Strategy', id: 'strategy', question: 'How should it roll out?', options: [{ label: 'Canary', description: '5 % of traffic first' }, 'All at once'] },
        { id: 'window', question: 'When?', options: ['Tonight', 'Saturday'] },
      ],
    },
    ids('t-form'),
    resolveContext(),
  );
  const text = normalizeInput({ title: 'Project name', message: 'What should the project be called?' }, ids('t-text'), resolveContext());
  answered.clock = new FakeClock();
  answered.request = text;
  const result = answerRequest(text, { text: 'aurora' }, AT);
  if (!result.ok) throw new Error('the answer was refused');
  answered.response = result.response;
  const artifacts = root.querySelector<ArtifactList>('artifact-list')!;
  artifacts.items = [
    filePart(toArtifact({ path: '/out/report.pdf', caption: 'Weekly report' })!, 'feishu', { state: 'delivered', type: 'file' }),
    filePart(toArtifact({ path: '/out/data.csv' })!, 'feishu', { state: 'failed', reason: 'upload_failed' }),
  ];
  await Promise.all([low, high, form, answered, artifacts].map((el) => el.updateComplete));
  // The tones under time pressure: warning under 30 s, danger under 10 s.
  clocks[0]!.advance(95_000);
  clocks[1]!.advance(115_000);
  // A chosen option (the accent's soft fill) and a refused submit (the error at the question).
  new CardHarness(form).find<HTMLInputElement>('input[type="radio"]')!.click();
  await form.updateComplete;
  part(form, 'submit-button').click();
  await Promise.all([low, high, form].map((el) => el.updateComplete));
  return { root, low, high, form };
}
