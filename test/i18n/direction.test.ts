import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { directionOf } from '../../src/i18n/direction.js';

describe('directionOf', () => {
  it('reads Arabic and Hebrew, with or without a region, as right to left', () => {
    for (const tag of ['ar', 'he', 'ar-EG', 'AR-sa', 'he-IL', 'he_IL', 'iw', 'fa-IR', 'ur', 'ckb']) assert.equal(directionOf(tag), 'rtl', tag);
  });

  it('reads the other ten locales of the kit as left to right', () => {
    for (const tag of ['zh-CN', 'zh-TW', 'en', 'ja', 'ko', 'es', 'fr', 'de', 'pt-BR', 'ru']) assert.equal(directionOf(tag), 'ltr', tag);
  });

  it('reads the language subtag only', () => {
    assert.equal(directionOf('zh-Hant-HK'), 'ltr');
    assert.equal(directionOf('ar-Latn'), 'rtl');
    assert.equal(directionOf('en-AR'), 'ltr', 'Argentina is a region, not Arabic');
  });

  it('is left to right for no tag, an empty one or one it cannot read', () => {
    for (const tag of [undefined, null, '', '  ', 'x', 'arabic', 'hebrew', '*']) assert.equal(directionOf(tag), 'ltr', String(tag));
  });
});
