// Every translation against en: the same keys at every depth, a function where en has one (taking
// the same arguments and giving text), and the written ones translated, not copied.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { approvalStrings } from '../../src/i18n/approval.js';
import { artifactStrings } from '../../src/i18n/artifacts.js';
import { cardStrings } from '../../src/i18n/card.js';
import { fieldStrings } from '../../src/i18n/fields.js';
import { hostStrings } from '../../src/i18n/host.js';
import { inboxStrings } from '../../src/i18n/inbox.js';
import { linkStrings } from '../../src/i18n/link.js';
import { TRANSLATIONS, TRANSLATION_TAGS } from '../../src/i18n/locales/all.js';
import { mcpAppStrings } from '../../src/i18n/mcp-app.js';
import { questionnaireStrings } from '../../src/i18n/questionnaire.js';
import type { Translation } from '../../src/i18n/translation.js';

const table = (locale: 'zh-CN' | 'en'): Translation => ({
  card: cardStrings[locale],
  approval: approvalStrings[locale],
  questionnaire: questionnaireStrings[locale],
  artifacts: artifactStrings[locale],
  host: hostStrings[locale],
  inbox: inboxStrings[locale],
  fields: fieldStrings[locale],
  link: linkStrings[locale],
  mcpApp: mcpAppStrings[locale],
});
const en = table('en');

/** The ones written here; the others are written beside them (and hold en's text until then). */
const WRITTEN = ['zh-TW', 'ja', 'ko', 'ru', 'ar', 'he'] as const;
const { ru, ar, he, ja, ko, 'zh-TW': zhTW } = TRANSLATIONS;

/** Arguments for a string function, by how many it takes, covering the branches of the fields' ranges. */
const SAMPLES: unknown[][] = [[], [3], [2, 5], [true, 3, 1], ['Feishu', 1, 2, 3]];

/** Every leaf under `value` as [path, leaf]: strings, and each function's text for sample arguments. */
function leaves(value: unknown, path = ''): [string, unknown][] {
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, inner]) => leaves(inner, `${path}.${key}`));
  return [[path, value]];
}

function sameShape(enValue: unknown, value: unknown, path: string): void {
  if (typeof enValue === 'object' && enValue !== null) {
    assert.equal(typeof value, 'object', `${path} is a table`);
    assert.deepEqual(Object.keys(value as object).sort(), Object.keys(enValue).sort(), `${path} has en's keys`);
    for (const key of Object.keys(enValue)) sameShape((enValue as Record<string, unknown>)[key], (value as Record<string, unknown>)[key], `${path}.${key}`);
    return;
  }
  assert.equal(typeof value, typeof enValue, `${path} is a ${typeof enValue}`);
  if (typeof enValue === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    assert.equal(fn.length, (enValue as () => unknown).length, `${path} takes en's arguments`);
    const args = SAMPLES[fn.length]!;
    const text = fn(...args);
    assert.equal(typeof text, 'string', `${path}(…) is text`);
    assert.ok((text as string).trim().length > 0, `${path}(…) says something`);
    if (path.endsWith('.range') || path.endsWith('.length') || path.endsWith('.items')) {
      for (const [min, max] of [[5, undefined], [undefined, 7]] as const) assert.match(fn(min, max) as string, /[57]/, `${path}(${min}, ${max}) says its bound`);
    }
  } else assert.ok((value as string).trim().length > 0, `${path} is not empty`);
}

describe('translations', () => {
  it('the built-in zh-CN has every key en has', () => sameShape(en, table('zh-CN'), 'zh-CN'));

  for (const [tag, translation] of Object.entries(TRANSLATIONS)) {
    it(`${tag}: every key of en, of the same kind, at every depth`, () => sameShape(en, translation, tag));
  }

  for (const tag of WRITTEN) {
    it(`${tag}: written in its language, not copied from en or zh-CN`, () => {
      const enLeaves = new Map(leaves(en).map(([path, text]) => [path, typeof text === 'function' ? text(...SAMPLES[text.length]!) : text]));
      const zhLeaves = new Map(leaves(table('zh-CN')).map(([path, text]) => [path, typeof text === 'function' ? text(...SAMPLES[text.length]!) : text]));
      const own = leaves(TRANSLATIONS[tag]).map(([path, text]) => [path, typeof text === 'function' ? text(...SAMPLES[text.length]!) : text] as const);
      // Shared by nature: the shortcut, product and provider names, and zh-TW's characters that Simplified writes the same.
      const copied = own.filter(([path, text]) => text === enLeaves.get(path) || (tag !== 'zh-TW' && text === zhLeaves.get(path)));
      assert.ok(copied.length <= own.length * 0.06, `${tag} copies ${copied.length} of ${own.length}: ${copied.map(([path]) => path).join(', ')}`);
      const zhTWSame = tag === 'zh-TW' ? own.filter(([path, text]) => text === zhLeaves.get(path)).length : 0;
      assert.ok(zhTWSame <= own.length * 0.45, `zh-TW is written for Taiwan, not converted: ${zhTWSame} strings equal Simplified's`);
    });
  }

  it('digits stay 0–9 in every language: counts and durations in Latin digits', () => {
    for (const tag of WRITTEN) {
      const t = TRANSLATIONS[tag];
      assert.match(t.card.minutesSeconds(7, 8), /7\D+8/, `${tag} minutesSeconds`);
      assert.match(t.questionnaire.step(3, 9), /3\D+9/, `${tag} step`);
      assert.doesNotMatch(t.card.minutesSeconds(7, 8) + t.questionnaire.filled(7), /[\u0660-\u0669\u06f0-\u06f9]/, `${tag} has no Arabic-Indic digits`);
    }
  });
});

describe('the locale entries', () => {
  it('one entry per translation, each registering its table under its tag', () => {
    const entries = readdirSync(new URL('../../src/entries/locales/', import.meta.url)).map((name) => name.replace(/\.ts$/, '')).sort();
    assert.deepEqual(entries, [...TRANSLATION_TAGS].sort());
    for (const tag of TRANSLATION_TAGS) {
      const source = readFileSync(new URL(`../../src/entries/locales/${tag}.ts`, import.meta.url), 'utf8');
      assert.match(source, new RegExp(`registerTranslation\\('${tag}', \\w+\\)`), tag);
    }
  });
});

describe('plural forms (Intl.PluralRules)', () => {
  it('ru: one, few, many (1 вопрос, 2 вопроса, 5 вопросов, 21 вопрос, 11 вопросов)', () => {
    const filled = ru.questionnaire.filled;
    assert.equal(filled(1), 'Заполнено: 1 вопрос');
    assert.equal(filled(2), 'Заполнено: 2 вопроса');
    assert.equal(filled(4), 'Заполнено: 4 вопроса');
    assert.equal(filled(5), 'Заполнено: 5 вопросов');
    assert.equal(filled(11), 'Заполнено: 11 вопросов');
    assert.equal(filled(21), 'Заполнено: 21 вопрос');
    assert.equal(ru.approval.detailsLines(3), 'Подробности (3 строки)');
    assert.equal(ru.card.minutesSeconds(2, 5), '2 минуты 5 секунд');
    assert.equal(ru.card.minutesSeconds(0, 1), '1 секунда');
  });

  it('ar: zero, one, two, few, many, other', () => {
    const filled = ar.questionnaire.filled;
    assert.equal(filled(0), 'تم ملء لا أسئلة');
    assert.equal(filled(1), 'تم ملء سؤال واحد');
    assert.equal(filled(2), 'تم ملء سؤالان');
    assert.equal(filled(3), 'تم ملء 3 أسئلة');
    assert.equal(filled(11), 'تم ملء 11 سؤالًا');
    assert.equal(filled(100), 'تم ملء 100 سؤال');
    assert.equal(ar.card.receipt.answered(0), 'تمت الإجابة');
    assert.equal(ar.host.host.answerAll.covers(2), 'يمكن الرد على طلبان معًا:');
    assert.equal(ar.card.minutesSeconds(0, 30), '30 ثانية');
  });

  it('he: one, two, other (the dual)', () => {
    assert.equal(he.questionnaire.filled(1), 'מולאו שאלה אחת');
    assert.equal(he.questionnaire.filled(2), 'מולאו שתי שאלות');
    assert.equal(he.questionnaire.filled(7), 'מולאו 7 שאלות');
    assert.equal(he.approval.detailsLines(2), 'פרטים (שתי שורות)');
    assert.equal(he.card.minutesSeconds(3, 0), '3 דקות');
  });

  it('ja, ko and zh-TW have no plural forms: one sentence for every count', () => {
    assert.equal(ja.questionnaire.filled(1), '1 問入力済み');
    assert.equal(ja.questionnaire.filled(5), '5 問入力済み');
    assert.equal(ko.card.receipt.answered(2), '2개 질문에 답변함');
    assert.equal(zhTW.card.minutesSeconds(2, 5), '2 分鐘 5 秒');
    assert.equal(ja.card.minutesSeconds(0, 45), '45 秒');
  });
});
