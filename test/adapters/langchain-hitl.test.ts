// LangChain's HITL middleware mapping, without a DOM: which card each review config gets, how an
// action is known (its tool call's id, else its name and arguments), and each card's decision.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HITLRequest } from 'langchain';
import { HitlDeclinedError, actionIds, hitlCall, hitlDecision } from '../../src/adapters/langchain-hitl.js';

const EMAIL = { name: 'send_email', args: { to: 'ops@example.com', retries: 3 }, description: 'Send it?' };
const FILE = { name: 'delete_file', args: { path: '/tmp/a' }, description: 'Delete it?' };
const request = (...actions: (typeof EMAIL | typeof FILE)[]): HITLRequest => ({
  actionRequests: actions, reviewConfigs: actions.map((a) => ({ actionName: a.name, allowedDecisions: ['approve', 'reject'] })),
});
const completed = (fields: object) => ({ interaction_response: { status: 'completed', approved: true, text: '', answers: {}, ...fields } }) as never;

describe('LangChain HITL: ids', () => {
  it('an action is known by its tool call’s id, matched by name and arguments whatever their key order', () => {
    const calls = [{ id: 'c2', name: 'delete_file', args: { path: '/tmp/a' } }, { id: 'c1', name: 'send_email', args: { retries: 3, to: 'ops@example.com' } }];
    assert.deepEqual(actionIds(request(EMAIL, FILE), calls), ['c1', 'c2']);
    assert.deepEqual(actionIds(request(FILE, EMAIL), calls), ['c2', 'c1']);
  });

  it('without tool calls, by name and arguments: a reordered list keeps each action’s id, identical actions are told apart', () => {
    const [email, file] = actionIds(request(EMAIL, FILE));
    assert.deepEqual(actionIds(request(FILE, EMAIL)), [file, email]);
    assert.notEqual(email, file);
    const [first, second] = actionIds(request(EMAIL, EMAIL));
    assert.equal(first, email);
    assert.equal(second, `${email}#2`);
  });
});

describe('LangChain HITL: cards and decisions', () => {
  it('edit allowed: a form of the arguments; approve and reject: an approval with them as details; reject alone: a text answer', () => {
    const form = hitlCall(EMAIL, { actionName: 'send_email', allowedDecisions: ['approve', 'edit', 'reject'] });
    assert.equal(form.tool, 'request_user_input');
    assert.deepEqual((form.args.questions as { id: string }[]).map((q) => q.id), ['to', 'retries']);
    const approval = hitlCall(EMAIL, { actionName: 'send_email', allowedDecisions: ['approve', 'reject'] }, { severity: { send_email: 'high' } });
    assert.equal(approval.tool, 'request_user_approval');
    assert.deepEqual([approval.args.title, approval.args.severity, JSON.parse(approval.args.details as string)], ['send_email', 'high', EMAIL.args]);
    const text = hitlCall(EMAIL, { actionName: 'send_email', allowedDecisions: ['reject'] });
    assert.equal(text.args.input_mode, 'text');
  });

  it('an unchanged form is an approve where allowed, else an edit; a changed one an edit with the typed arguments', () => {
    const unchanged = completed({ answers: { to: { selected_options: ['ops@example.com'], text: '' } } });
    assert.deepEqual(hitlDecision(EMAIL, hitlCall(EMAIL, { actionName: 'send_email', allowedDecisions: ['approve', 'edit'] }), unchanged), { type: 'approve' });
    assert.deepEqual(hitlDecision(EMAIL, hitlCall(EMAIL, { actionName: 'send_email', allowedDecisions: ['edit', 'reject'] }), unchanged), { type: 'edit', editedAction: { name: 'send_email', args: EMAIL.args } });
    const changed = completed({ answers: { retries: { selected_options: ['__custom__'], text: '7' } } });
    assert.deepEqual(hitlDecision(EMAIL, hitlCall(EMAIL, { actionName: 'send_email', allowedDecisions: ['approve', 'edit'] }), changed), { type: 'edit', editedAction: { name: 'send_email', args: { to: 'ops@example.com', retries: 7 } } });
  });

  it('a timeout or Skip is a reject, never an approve; where reject is not allowed it throws instead of resuming', () => {
    const call = hitlCall(FILE, { actionName: 'delete_file', allowedDecisions: ['approve', 'reject'] });
    assert.deepEqual(hitlDecision(FILE, call, completed({ status: 'timeout' })), { type: 'reject' });
    assert.deepEqual(hitlDecision(FILE, call, completed({ approved: false, text: 'No' })), { type: 'reject', message: 'No' });
    const approveOnly = hitlCall(FILE, { actionName: 'delete_file', allowedDecisions: ['approve'] });
    assert.throws(() => hitlDecision(FILE, approveOnly, completed({ status: 'cancelled' })), HitlDeclinedError);
  });

  it('respond, where the middleware offers it, answers with the text the model reads', () => {
    const call = hitlCall(FILE, { actionName: 'delete_file', allowedDecisions: ['respond' as never] });
    assert.equal(call.args.input_mode, 'text');
    assert.deepEqual(hitlDecision(FILE, call, completed({ text: 'Already gone' })), { type: 'respond', message: 'Already gone' });
  });
});
