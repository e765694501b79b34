// Which language an element speaks: a BCP 47 tag matched to the languages the page has, source by
// source (the element's locale, the session's, the nearest lang, the browser's), else zh-CN.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_LOCALE, resolveLocale } from '../../src/i18n/locales.js';

const ALL = ['zh-CN', 'en', 'zh-TW', 'ja', 'ko', 'es', 'fr', 'de', 'pt-BR', 'ru', 'ar', 'he'];
const BUILT_IN = ['zh-CN', 'en'];
const one = (tag: string, available = ALL) => resolveLocale([tag], available);

describe('resolveLocale', () => {
  it('Traditional Chinese: zh-Hant-HK, zh-TW, zh-HK, zh-MO, zh-Hant → zh-TW', () => {
    for (const tag of ['zh-Hant-HK', 'zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant', 'zh-hant-tw', 'ZH-TW']) assert.equal(one(tag), 'zh-TW', tag);
  });

  it('Simplified Chinese: zh, zh-CN, zh-SG, zh-Hans-*, zh-Hans-HK → zh-CN', () => {
    for (const tag of ['zh', 'zh-CN', 'zh-SG', 'zh-Hans', 'zh-Hans-CN', 'zh-Hans-SG', 'zh-Hans-HK', 'zh-cn']) assert.equal(one(tag), 'zh-CN', tag);
  });

  it('a language in another region: pt, pt-PT, pt-BR → pt-BR; en-GB → en; ar-EG → ar; he-IL → he; ja-JP → ja', () => {
    assert.equal(one('pt'), 'pt-BR');
    assert.equal(one('pt-PT'), 'pt-BR');
    assert.equal(one('pt-BR'), 'pt-BR');
    assert.equal(one('en-GB'), 'en');
    assert.equal(one('en-US'), 'en');
    assert.equal(one('ar-EG'), 'ar');
    assert.equal(one('he-IL'), 'he');
    assert.equal(one('ja-JP'), 'ja');
    assert.equal(one('de-AT'), 'de');
  });

  it('the same tag first: a page with en and en-GB gives en-GB to en-GB, en to en-US', () => {
    assert.equal(one('en-GB', ['zh-CN', 'en', 'en-GB']), 'en-GB');
    assert.equal(one('en-US', ['zh-CN', 'en', 'en-GB']), 'en');
  });

  it('an unknown tag, an empty one or no tag gives the next source', () => {
    assert.equal(resolveLocale(['xx', 'ja'], ALL), 'ja');
    assert.equal(resolveLocale(['tlh-Latn', undefined, '', null, 'ko-KR'], ALL), 'ko');
    assert.equal(resolveLocale(['not a tag!', 'fr-CA'], ALL), 'fr');
    assert.equal(resolveLocale(['xx', 'yy'], ALL), undefined);
  });

  it('only the languages the page has: without ja registered, ja falls through to the next source', () => {
    assert.equal(resolveLocale(['ja', 'en-GB'], BUILT_IN), 'en');
    assert.equal(resolveLocale(['ja', 'ar-EG'], BUILT_IN), undefined);
    assert.equal(resolveLocale(['zh-TW', 'en'], BUILT_IN), 'en', 'Traditional Chinese without zh-TW is not Simplified');
  });

  it('the order of the sources decides: the element, the session, the nearest lang, the browser', () => {
    assert.equal(resolveLocale(['ko', 'ja', 'de', 'en-US'], ALL), 'ko');
    assert.equal(resolveLocale([undefined, 'ja', 'de', 'en-US'], ALL), 'ja');
    assert.equal(resolveLocale([undefined, undefined, 'de', 'en-US'], ALL), 'de');
    assert.equal(resolveLocale([undefined, undefined, undefined, 'en-US', 'fr'], ALL), 'en');
    assert.equal(DEFAULT_LOCALE, 'zh-CN');
  });
});
