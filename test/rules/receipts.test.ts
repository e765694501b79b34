import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveContext } from '../../src/rules/context.js';
import { answerRequest } from '../../src/rules/answers.js';
import { normalizeToolCall } from '../../src/rules/normalize.js';
import { receiptFor } from '../../src/rules/receipts.js';
import { toolResultFor } from '../../src/rules/results.js';

const ids = { request_id: 'r-1', session_id: 's-1' };
const context = resolveContext();
const AT = '2026-11-29T12:00:00.000Z';

function settled() {
  const request = normalizeToolCall('request_user_input', { message: 'Which?', input_mode: 'choice', options: ['a', 'b'] }, ids, context);
  const outcome = answerRequest(request, { values: ['b'] }, AT);
  assert.ok(outcome.ok);
  return { request, response: outcome.response, result: toolResultFor(request, outcome.response) as unknown as Record<string, unknown> };
}

describe('receiptFor: the read-only receipt of a result decided elsewhere', () => {
  it('rebuilds the request from the result’s echo when the kit never showed it', () => {
    const { request, response, result } = settled();
    const receipt = receiptFor('request_user_input', result, { response, shown: undefined, ids, context });
    assert.equal(receipt?.kind, 'request');
    assert.ok(receipt?.kind === 'request');
    assert.deepEqual(receipt.response, response);
    assert.equal(receipt.request.kind, request.kind);
    assert.deepEqual(receipt.request.options.map((option) => option.value), ['a', 'b']);
  });

  it('keeps the request it replaces over the echo', () => {
    const { request, response, result } = settled();
    const shown = { ...request, title: 'Shown first' };
    const receipt = receiptFor('request_user_input', result, { response, shown, ids, context });
    assert.ok(receipt?.kind === 'request');
    assert.equal(receipt.request, shown);
  });

  it('shows nothing without a valid response, or without a request to put it on', () => {
    const { response, result } = settled();
    assert.equal(receiptFor('request_user_input', result, { response: undefined, shown: undefined, ids, context }), undefined);
    const { interaction_request: _echo, ...bare } = result;
    assert.equal(receiptFor('request_user_input', bare, { response, shown: undefined, ids, context }), undefined);
  });

  it('artifacts: the result’s file parts and delivery, whatever else it holds', () => {
    const file = { type: 'file', name: 'a.pdf', path: '', url: 'https://x.example/a.pdf', mime: 'application/pdf', subtype: '', size: 0, caption: '', audience: 'feishu', delivered: true, delivery_reason: '' };
    const result = {
      content_parts: [{ type: 'tool_event', tool_name: 'publish_artifacts', status: 'completed', summary: '' }, file, 'junk'],
      delivery_result: { feishu: { ok: true } },
    };
    assert.deepEqual(receiptFor('publish_artifacts', result, { response: undefined, shown: undefined, ids, context }), {
      kind: 'artifacts', items: [file], delivery: { feishu: { ok: true } },
    });
    assert.deepEqual(receiptFor('publish_artifacts', { content_parts: 'no' }, { response: undefined, shown: undefined, ids, context }), {
      kind: 'artifacts', items: [], delivery: undefined,
    });
  });
});
