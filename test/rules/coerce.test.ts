import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toBoolean, toChoice, toText, toTimeoutSeconds } from '../../src/rules/coerce.js';
import { resolveContext } from '../../src/rules/context.js';

describe('common rules (docs/protocol.md §4.1)', () => {
  describe('timeout_seconds', () => {
    for (const [input, expected] of [
      [0, 120], [-5, 120], [Number.NaN, 120], ['abc', 120], [true, 120], [null, 120], [undefined, 120],
      ['', 120], ['  ', 120], [Number.POSITIVE_INFINITY, 120], ['12abc', 120], [[30], 120], [{}, 120],
      ['45', 45], [' 45 ', 45], [1.5, 1.5], [30, 30], [1e12, 86_400], ['1e12', 86_400], [86_400, 86_400],
      [86_401, 86_400],
    ] as const) {
      it(`${JSON.stringify(input) ?? String(input)} becomes ${expected}`, () => {
        assert.equal(toTimeoutSeconds(input), expected);
      });
    }
  });

  it('strings are trimmed at both ends', () => {
    assert.equal(toText('  a b \n'), 'a b');
  });

  it('numbers become strings; other non-strings count as empty', () => {
    assert.equal(toText(7), '7');
    assert.equal(toText(1.25), '1.25');
    for (const value of [true, false, null, undefined, {}, [], ['x']]) assert.equal(toText(value), '');
  });

  it('booleans that are not booleans count as absent', () => {
    assert.equal(toBoolean('yes', true), true);
    assert.equal(toBoolean(0, true), true);
    assert.equal(toBoolean(false, true), false);
    assert.equal(toBoolean(true, false), true);
  });

  it('enumerated values are lower-cased, unknown ones fall back', () => {
    assert.equal(toChoice(' HIGH ', ['low', 'medium', 'high'], 'medium'), 'high');
    assert.equal(toChoice('critical', ['low', 'medium', 'high'], 'medium'), 'medium');
  });

  describe('context', () => {
    it('defaults to desktop and execution', () => {
      assert.deepEqual(resolveContext(), { channel: 'desktop', run_mode: 'execution' });
    });

    it("a tool_call's context overrides the session's field by field; null counts as absent", () => {
      const context = resolveContext(
        { channel: 'feishu', run_mode: 'grilling', locale: 'en', requester: 'ops-bot' },
        { channel: 'DingTalk', run_mode: null, locale: null },
      );
      assert.deepEqual(context, { channel: 'dingtalk', run_mode: 'grilling', locale: 'en', requester: 'ops-bot' });
    });

    it('an unknown channel is desktop', () => {
      assert.equal(resolveContext({ channel: 'slack' }).channel, 'desktop');
    });
  });
});
