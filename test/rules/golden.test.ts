import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseRuntimeMessage } from '../../src/protocol/parse.js';
import { answerRequest, cancelledResponse, keptAnswers, timeoutResponse } from '../../src/rules/answers.js';
import { resolveContext } from '../../src/rules/context.js';
import { deliverArtifacts, type DeliverOutcome } from '../../src/rules/artifacts/deliver.js';
import { prepareArtifacts } from '../../src/rules/artifacts/prepare.js';
import { normalizeToolCall } from '../../src/rules/normalize.js';
import { toolResultFor } from '../../src/rules/results.js';
import type { InteractionRequest } from '../../src/protocol/request.js';
import { golden, withPlaceholders, type GoldenAnswer, type GoldenToolCase } from '../support/golden.js';

const CALL_ID = 'call-7f3';
const RESOLVED = '2026-11-29T12:00:31.204Z';

function toolCall(c: GoldenToolCase): unknown {
  return { v: 1, type: 'tool_call', call_id: CALL_ID, tool: c.tool, arguments: c.arguments, context: c.context };
}

function respond(request: InteractionRequest, answer: GoldenAnswer) {
  if ('timeout' in answer) return timeoutResponse(request, RESOLVED, keptAnswers(request, answer.answers));
  if ('cancel' in answer) return cancelledResponse(request, RESOLVED);
  const outcome = answerRequest(request, answer, RESOLVED);
  assert.ok(outcome.ok, `answer refused: ${JSON.stringify(!outcome.ok && outcome.problems)}`);
  return outcome.response;
}

describe('golden tool cases (shared/fixtures/golden.json)', () => {
  for (const c of golden.tool_cases) {
    it(c.name, async () => {
      const parsed = parseRuntimeMessage(toolCall(c));
      if (c.error) {
        assert.equal(parsed.ok, false);
        assert.ok(!parsed.ok);
        assert.equal(parsed.error.code, c.error.code);
        assert.equal(parsed.error.id, CALL_ID);
        assert.deepEqual(parsed.error.issues, c.error.issues);
        return;
      }
      assert.ok(parsed.ok, `refused: ${JSON.stringify(!parsed.ok && parsed.error)}`);
      const args = c.arguments as Record<string, unknown>;
      const context = resolveContext(undefined, c.context);
      if (c.tool === 'publish_artifacts') {
        const prepared = prepareArtifacts(args, context);
        const expected = c.result!;
        if ('error' in expected) {
          assert.equal(prepared.ok ? undefined : prepared.error, expected.error);
          return;
        }
        assert.ok(prepared.ok);
        const calls: number[] = [];
        const outcomes = c.deliver ?? undefined;
        const deliver = outcomes
          ? async (item: (typeof prepared.items)[number]) => {
              const index = prepared.items.indexOf(item);
              calls.push(index);
              return outcomes[index] as DeliverOutcome;
            }
          : undefined;
        const result = await deliverArtifacts(prepared, deliver);
        assert.deepEqual(result, expected);
        if (outcomes) {
          const expectedCalls = outcomes.flatMap((o, index) => (o === null ? [] : [index]));
          assert.deepEqual(calls, expectedCalls, 'deliver is called for exactly these items');
        }
        return;
      }
      const request = normalizeToolCall(c.tool, args, { request_id: CALL_ID, session_id: 's-1' }, context);
      const { request_id, session_id, ...normalized } = request;
      assert.equal(request_id, CALL_ID);
      assert.equal(session_id, 's-1');
      assert.deepEqual(normalized, c.normalized);
      const result = toolResultFor(request, respond(request, c.answer!));
      assert.deepEqual(result, withPlaceholders(c.result, CALL_ID, RESOLVED));
    });
  }
});

describe('golden message cases', () => {
  for (const c of golden.message_cases) {
    it(c.name, () => {
      const parsed = parseRuntimeMessage(c.message);
      assert.ok(!parsed.ok);
      assert.equal(parsed.error.code, c.error.code);
      assert.equal(parsed.error.id, c.error.id);
      assert.equal(parsed.error.type, 'error');
      assert.equal(parsed.error.v, 1);
    });
  }
});
