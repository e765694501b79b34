import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_LOCALES, demoDirection, demoLocaleOf, demoTextLocale, firstVisitLocale } from '../../demo/languages.js';

describe('the demo’s languages', () => {
  it('offers the twelve locales of the kit, each once', () => {
    const tags = DEMO_LOCALES.map(([tag]) => tag);
    assert.deepEqual(tags, ['zh-CN', 'zh-TW', 'en', 'ja', 'ko', 'es', 'fr', 'de', 'pt-BR', 'ru', 'ar', 'he']);
    assert.equal(new Set(DEMO_LOCALES.map(([, name]) => name)).size, 12);
  });

  it('opens an en-US browser in English, not Chinese', () => {
    assert.equal(firstVisitLocale(['en-US', 'en']), 'en');
    assert.equal(firstVisitLocale(['en-US', 'zh-CN']), 'en');
  });

  it('takes the first of the browser’s languages the kit speaks', () => {
    assert.equal(firstVisitLocale(['zh-CN', 'en']), 'zh-CN');
    assert.equal(firstVisitLocale(['nl-NL', 'de-AT', 'en']), 'de');
    assert.equal(firstVisitLocale(['ar-EG']), 'ar');
    assert.equal(firstVisitLocale(['he-IL']), 'he');
    assert.equal(firstVisitLocale(['iw']), 'he');
    assert.equal(firstVisitLocale(['ja-JP']), 'ja');
    assert.equal(firstVisitLocale(['ko-KR']), 'ko');
    assert.equal(firstVisitLocale(['ru-RU']), 'ru');
    assert.equal(firstVisitLocale(['fr-CA']), 'fr');
    assert.equal(firstVisitLocale(['es-419']), 'es');
  });

  it('tells traditional Chinese from simplified, and Portuguese of any region reads pt-BR', () => {
    for (const tag of ['zh-TW', 'zh-HK', 'zh-Hant', 'zh-Hant-HK', 'zh_TW', 'zh-MO']) assert.equal(demoLocaleOf(tag), 'zh-TW', tag);
    for (const tag of ['zh', 'zh-CN', 'zh-SG', 'zh-Hans', 'zh-Hans-CN']) assert.equal(demoLocaleOf(tag), 'zh-CN', tag);
    assert.equal(demoLocaleOf('pt'), 'pt-BR');
    assert.equal(demoLocaleOf('pt-PT'), 'pt-BR');
  });

  it('opens in English when the browser speaks none of the twelve, or says nothing', () => {
    assert.equal(firstVisitLocale(['nl-NL', 'sv']), 'en');
    assert.equal(firstVisitLocale([]), 'en');
    assert.equal(demoLocaleOf(''), undefined);
  });

  it('writes its own strings in Chinese for both Chinese locales, in English otherwise, and right to left in ar and he', () => {
    assert.equal(demoTextLocale('zh-TW'), 'zh-CN');
    assert.equal(demoTextLocale('de'), 'en');
    assert.deepEqual(
      DEMO_LOCALES.filter(([tag]) => demoDirection(tag) === 'rtl').map(([tag]) => tag),
      ['ar', 'he'],
    );
  });
});
