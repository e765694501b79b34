// The requests the render bench measures, shared with the test that holds its plain-DOM
// baseline to the cards' markup (test/bench/baseline-card.browser.test.ts).
import { resolveContext } from '../src/rules/context.js';
import { normalizeApproval, normalizeInput } from '../src/rules/normalize.js';

const ids = { request_id: 'b-1', session_id: 's' };

/** An approval with one line of details, at `severity` (the bench renders the high one). */
export const approvalAt = (severity: 'low' | 'medium' | 'high') =>
  normalizeApproval({ title: 'Deploy', message: 'Release v2.3?', severity, details: 'commit 8f3e2a1' }, ids);

export const approval = approvalAt('high');

export const four = normalizeInput(
  {
    message: 'Plan',
    questions: Array.from({ length: 4 }, (_, q) => ({ id: `q${q}`, header: 'H', question: `Question ${q}?`, options: [{ label: 'First', description: 'why' }, 'Second', 'Third'] })),
  },
  ids,
  resolveContext(),
);

export const large = normalizeInput(
  { message: 'Large', questions: Array.from({ length: 100 }, (_, q) => ({ id: `q${q}`, question: `Question ${q}?`, options: Array.from({ length: 10 }, (_, o) => `Option ${q}.${o}`) })) },
  ids,
  resolveContext(),
);
