// registerTranslation at run time: the table a registered language gives each element, filled
// from en where it lacks a key (a plain-JS caller, a nested key left out), warned once per key.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { approvalStrings } from '../../src/i18n/approval.js';
import { cardStrings } from '../../src/i18n/card.js';
import { hostStrings } from '../../src/i18n/host.js';
import { ja } from '../../src/i18n/locales/ja.js';
import { registerTranslation } from '../../src/i18n/register.js';
import { availableLocales, tableOf, toLocale } from '../../src/i18n/registry.js';
import type { Translation } from '../../src/i18n/translation.js';

let warnings: string[] = [];
const warn = console.warn;
beforeEach(() => {
  warnings = [];
  console.warn = (message: string) => warnings.push(message);
});
afterEach(() => {
  console.warn = warn;
});

describe('registerTranslation', () => {
  it('a registered language is available under its canonical tag, and found from its regions', () => {
    assert.equal(toLocale('x-klingon'), undefined);
    registerTranslation('ja-jp', ja);
    assert.ok(availableLocales().includes('ja-JP'));
    assert.equal(toLocale('ja'), 'ja-JP');
    assert.equal(tableOf(approvalStrings, 'approval', 'ja-JP').approve, '承認');
    assert.equal(warnings.length, 0, 'a whole translation warns nothing');
  });

  it('built-in languages stay as they are', () => {
    assert.equal(tableOf(approvalStrings, 'approval', 'en'), approvalStrings.en);
    assert.equal(tableOf(cardStrings, 'card', 'zh-CN'), cardStrings['zh-CN']);
  });

  it('a key left out is shown in en and warned once, naming the language and the key', () => {
    const partial = { ...ja, approval: { ...ja.approval, confirmApproval: undefined }, card: { ...ja.card, receipt: { ...ja.card.receipt, late: undefined } } };
    registerTranslation('tlh', partial as unknown as Translation);
    const approval = tableOf(approvalStrings, 'approval', 'tlh');
    assert.equal(approval.confirmApproval, 'Confirm approval');
    assert.equal(approval.approve, '承認');
    const card = tableOf(cardStrings, 'card', 'tlh');
    assert.equal(card.receipt.late, 'Expired');
    assert.equal(card.receipt.approved, '承認済み');
    assert.deepEqual(warnings, [
      'agent-interaction-kit: the tlh translation has no approval.confirmApproval; it is shown in English',
      'agent-interaction-kit: the tlh translation has no card.receipt.late; it is shown in English',
    ]);
    // Asked again (another element, another render): the same table, no second warning.
    assert.equal(tableOf(approvalStrings, 'approval', 'tlh'), approval);
    registerTranslation('tlh', partial as unknown as Translation);
    tableOf(approvalStrings, 'approval', 'tlh');
    assert.equal(warnings.length, 2, 'warned once per language and key');
  });

  it('a whole table left out (a plain-JS caller) is en, warned key by key, once', () => {
    const { host: _host, ...rest } = ja;
    registerTranslation('eo', rest as unknown as Translation);
    const approval = tableOf(approvalStrings, 'approval', 'eo');
    assert.equal(approval.approve, '承認');
    const card = tableOf(cardStrings, 'card', 'eo');
    assert.equal(card.requestedBy, '依頼元');
    assert.equal(warnings.length, 0);
    const host = tableOf(hostStrings, 'host', 'eo');
    assert.equal(host.host.takeBack, 'Continue here');
    assert.deepEqual(warnings, [
      'agent-interaction-kit: the eo translation has no host.host; it is shown in English',
      'agent-interaction-kit: the eo translation has no host.grants; it is shown in English',
    ]);
  });
});
