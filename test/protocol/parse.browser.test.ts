// The protocol and the rules are what the browser bundle runs: the golden message cases and a
// full normalise → answer → result pass, in Chromium, prove they need nothing from Node.
import { expect } from '@open-wc/testing';
import { parseRuntimeMessage } from '../../src/protocol/parse.js';
import { answerRequest } from '../../src/rules/answers.js';
import { resolveContext } from '../../src/rules/context.js';
import { normalizeToolCall } from '../../src/rules/normalize.js';
import { toolResultFor } from '../../src/rules/results.js';
import { answeredCases, golden, withPlaceholders } from '../support/golden.js';

describe('protocol in Chromium', () => {
  for (const c of golden.message_cases) {
    it(`answers ${c.name} with ${c.error.code}`, () => {
      const parsed = parseRuntimeMessage(c.message);
      expect(parsed.ok).to.equal(false);
      if (!parsed.ok) {
        expect(parsed.error.code).to.equal(c.error.code);
        expect(parsed.error.id).to.equal(c.error.id);
      }
    });
  }

  it('reproduces the first golden questionnaire end to end', () => {
    const c = answeredCases.find((x) => x.normalized?.kind === 'questionnaire' && 'answers' in x.answer!)!;
    const parsed = parseRuntimeMessage(JSON.stringify({ v: 1, type: 'tool_call', call_id: 'b-1', tool: c.tool, arguments: c.arguments }));
    expect(parsed.ok).to.equal(true);
    const request = normalizeToolCall(
      'request_user_input',
      c.arguments as Record<string, unknown>,
      { request_id: 'b-1', session_id: 's' },
      resolveContext(c.context),
    );
    const outcome = answerRequest(request, c.answer as never, '2026-01-01T00:00:00.000Z');
    expect(outcome.ok).to.equal(true);
    if (outcome.ok) {
      expect(toolResultFor(request, outcome.response)).to.deep.equal(
        withPlaceholders(c.result, 'b-1', '2026-01-01T00:00:00.000Z'),
      );
    }
  });
});
