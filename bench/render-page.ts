// Render benchmarks, in Chromium with Lit's production build: set `request`, await
// `updateComplete`, force layout; the plain-DOM baseline does the same markup the same way.
import '../src/entries/approval-dialog.js';
import '../src/entries/questionnaire-form.js';
import type { InteractionCard } from '../src/elements/shared/interaction-card.js';
import { describeTree, renderBaselineCard } from './baseline-card.js';
import { approval, four, large } from './render-requests.js';

const stage = document.createElement('div');
document.body.append(stage);

/** A card of `tag`; a questionnaire lists every question at once, as the baseline builds them. */
function create(tag: string): InteractionCard {
  const card = document.createElement(tag) as InteractionCard;
  if (tag === 'questionnaire-form') card.setAttribute('layout', 'list');
  return card;
}

async function kit(tag: string, request: typeof approval): Promise<number> {
  const start = performance.now();
  const card = create(tag);
  stage.append(card);
  card.request = request;
  await card.updateComplete;
  void stage.offsetHeight;
  const time = performance.now() - start;
  card.remove();
  return time;
}

/** The element's own style sheets, which the baseline's shadow root adopts too. */
const sheetsOf = (tag: string) =>
  (customElements.get(tag) as unknown as { elementStyles: { styleSheet?: CSSStyleSheet }[] }).elementStyles.flatMap((s) => (s.styleSheet ? [s.styleSheet] : []));

/** Before measuring: the baseline must build the very tree the kit renders. */
async function sameMarkup(tag: string, request: typeof approval): Promise<void> {
  const card = create(tag);
  stage.append(card);
  card.request = request;
  await card.updateComplete;
  const plain = renderBaselineCard(request, sheetsOf(tag));
  const kitTree = describeTree(card.shadowRoot!.querySelector('article')!);
  const plainTree = describeTree(plain.shadowRoot!.querySelector('article')!);
  card.remove();
  if (kitTree !== plainTree) throw new Error(`the baseline's markup differs from <${tag}>'s:\n${kitTree}\n${plainTree}`);
}

async function baseline(tag: string, request: typeof approval): Promise<number> {
  const sheets = sheetsOf(tag);
  const start = performance.now();
  const card = renderBaselineCard(request, sheets);
  stage.append(card);
  await Promise.resolve(); // the kit awaits one microtask-based update: so does the baseline
  void stage.offsetHeight;
  const time = performance.now() - start;
  card.remove();
  return time;
}

/**
 * Kit and baseline measured in alternation, one run each in turn, so that the machine's noise
 * (other processes, GC, frequency changes) falls on both alike and the ratio holds.
 */
async function paired(kitRun: () => Promise<number>, baselineRun: () => Promise<number>, runs: number, warmup: number) {
  for (let i = 0; i < warmup; i += 1) {
    await kitRun();
    await baselineRun();
  }
  const kit: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    kit.push(await kitRun());
    baseline.push(await baselineRun());
  }
  return { kit, baseline };
}

declare global {
  interface Window {
    runRenderBench(runs: number): Promise<Record<string, { kit: number[]; baseline: number[] }>>;
  }
}

window.runRenderBench = async (runs) => {
  await sameMarkup('approval-dialog', approval);
  await sameMarkup('questionnaire-form', four);
  await sameMarkup('questionnaire-form', large);
  return {
    'render small: approval': await paired(() => kit('approval-dialog', approval), () => baseline('approval-dialog', approval), runs, 20),
    'render small: 4 questions': await paired(() => kit('questionnaire-form', four), () => baseline('questionnaire-form', four), runs, 20),
    'render large: 100 × 10': await paired(() => kit('questionnaire-form', large), () => baseline('questionnaire-form', large), Math.ceil(runs / 5), 3),
  };
};
