import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { viewFallbackLocale } from '../../src/mcp-app/view/view-locale.js';

describe('the MCP App View’s language without a host locale', () => {
  it('takes the call’s context.locale first', () => {
    assert.equal(viewFallbackLocale('en', ['zh-CN']), 'en');
    assert.equal(viewFallbackLocale('zh-CN', ['en-US']), 'zh-CN');
  });

  it('else the browser’s languages: an English browser gets English cards, not Chinese', () => {
    assert.equal(viewFallbackLocale(undefined, ['en-US', 'en']), 'en');
    assert.equal(viewFallbackLocale('', ['en-GB']), 'en');
    assert.equal(viewFallbackLocale('xx', ['nl', 'en-US']), 'en');
  });

  it('else zh-CN', () => {
    assert.equal(viewFallbackLocale(undefined, []), 'zh-CN');
    assert.equal(viewFallbackLocale(undefined, ['nl-NL']), 'zh-CN');
  });
});
