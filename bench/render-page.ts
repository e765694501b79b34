// Render benchmarks, in Chromium with Lit's production build: set `request`, await
// `updateComplete`, force layout; the plain-DOM baseline does the same markup the same way.
import '../src/approval-dialog.js';
import '../src/questionnaire-form.js';
import type { InteractionCard } from '../src/elements/shared/interaction-card.js';
import { resolveContext } from '../src/rules/context.js';
import { normalizeApproval, normalizeInput } from '../src/rules/normalize.js';
import { renderBaselineCard } from './baseline-card.js';

const ids = { request_id: 'b-1', session_id: 's' };
const approval = normalizeApproval({ title: 'Deploy', message: 'Release v2.3?', severity: 'high', details: 'commit 8f3e2a1' }, ids);
const four = normalizeInput(
  {
    message: 'Plan',
    questions: Array.from({ length: 4 }, (_, q) => ({ id: `q${q}`, header: 'H', question: `Question ${q}?`, options: [{ label: 'First', description: 'why' }, 'Second', 'Third'] })),
  },
  ids,
  resolveContext(),
);
const large = normalizeInput(
  { message: 'Large', questions: Array.from({ length: 100 }, (_, q) => ({ id: `q${q}`, question: `Question ${q}?`, options: Array.from({ length: 10 }, (_, o) => `Option ${q}.${o}`) })) },
  ids,
  resolveContext(),
);

const stage = document.createElement('div');
document.body.append(stage);

async function kit(tag: string, request: typeof approval): Promise<number> {
  const start = performance.now();
  const card = document.createElement(tag) as InteractionCard;
  stage.append(card);
  card.request = request;
  await card.updateComplete;
  void stage.offsetHeight;
  const time = performance.now() - start;
  card.remove();
  return time;
}

async function baseline(request: typeof approval): Promise<number> {
  const start = performance.now();
  const card = renderBaselineCard(request);
  stage.append(card);
  await Promise.resolve(); // the kit awaits one microtask-based update: so does the baseline
  void stage.offsetHeight;
  const time = performance.now() - start;
  card.remove();
  return time;
}

async function series(run: () => Promise<number>, runs: number, warmup: number): Promise<number[]> {
  for (let i = 0; i < warmup; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) times.push(await run());
  return times;
}

declare global {
  interface Window {
    runRenderBench(runs: number): Promise<Record<string, { kit: number[]; baseline: number[] }>>;
  }
}

window.runRenderBench = async (runs) => ({
  'render small: approval': { kit: await series(() => kit('approval-dialog', approval), runs, 10), baseline: await series(() => baseline(approval), runs, 10) },
  'render small: 4 questions': { kit: await series(() => kit('questionnaire-form', four), runs, 10), baseline: await series(() => baseline(four), runs, 10) },
  'render large: 100 × 10': { kit: await series(() => kit('questionnaire-form', large), Math.ceil(runs / 3), 3), baseline: await series(() => baseline(large), Math.ceil(runs / 3), 3) },
});
