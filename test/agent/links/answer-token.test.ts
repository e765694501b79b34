// Answer-link tokens against the shared cases (test/fixtures/answer-links.json), which the Python
// runtime reads as well: every case of the file is run, so a new case is tested without code.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { mintAnswerToken, verifyAnswerToken } from '../../../src/agent/links/answer-token.js';

interface MintCase { name: string; call_id: string; session_id: string; arguments: unknown; deadline: string; aud: string | null; payload_canonical: string; token: string }
interface RefuseCase { name: string; token: string; why: string }
interface CheckCase { name: string; token: string; now: string; arguments: unknown; actor: string | null; ok: boolean; why?: string }
const fixture = JSON.parse(readFileSync(new URL('../../fixtures/answer-links.json', import.meta.url), 'utf8')) as {
  secret: string; mint: MintCase[]; refuse: RefuseCase[]; check: CheckCase[];
};
const { secret } = fixture;

describe('mintAnswerToken', () => {
  for (const c of fixture.mint) {
    it(c.name, () => {
      const token = mintAnswerToken({ secret, callId: c.call_id, sessionId: c.session_id, arguments: c.arguments, deadline: c.deadline, aud: c.aud });
      assert.equal(Buffer.from(token.split('.')[0], 'base64url').toString('utf8'), c.payload_canonical);
      assert.equal(token, c.token);
      const outcome = verifyAnswerToken(token, { secret, now: new Date(Date.parse(c.deadline) - 1000), arguments: c.arguments, callId: c.call_id, actor: c.aud });
      assert.deepEqual(outcome, { ok: true, claims: JSON.parse(c.payload_canonical) });
    });
  }
});

describe('verifyAnswerToken refuses', () => {
  for (const c of fixture.refuse) {
    it(c.name, () => {
      assert.deepEqual(verifyAnswerToken(c.token, { secret, now: new Date('2026-12-06T09:00:00Z') }), { ok: false, reason: c.why });
    });
  }
  it('a token for another call', () => {
    const c = fixture.mint[0];
    assert.deepEqual(verifyAnswerToken(c.token, { secret, now: new Date('2026-12-06T09:00:00Z'), callId: 'call-other' }), { ok: false, reason: 'call' });
  });
  it('a correctly signed payload that is not a claim', () => {
    const payload = Buffer.from('{"v":2}', 'utf8').toString('base64url');
    const signature = createHmac('sha256', secret).update(payload).digest('base64url');
    assert.deepEqual(verifyAnswerToken(`${payload}.${signature}`, { secret }), { ok: false, reason: 'malformed' });
  });
});

describe('verifyAnswerToken checks', () => {
  for (const c of fixture.check) {
    it(c.name, () => {
      const outcome = verifyAnswerToken(c.token, { secret, now: new Date(c.now), arguments: c.arguments, actor: c.actor });
      assert.equal(outcome.ok, c.ok);
      if (!outcome.ok) assert.equal(outcome.reason, c.why);
    });
  }
});
