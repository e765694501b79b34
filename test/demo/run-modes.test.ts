// The demo says what the run mode means in each of the twelve languages its picker offers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_LOCALES } from '../../demo/languages.js';
import { RUN_MODES, runModeText } from '../../demo/run-modes.js';

describe('the demo’s run-mode explanation', () => {
  it('is written for every language of the picker, each mode its own sentence, none a copy of another language’s', () => {
    const seen = new Set<string>();
    for (const [tag] of DEMO_LOCALES) {
      const { execution, grilling } = RUN_MODES[tag];
      assert.ok(execution.length > 40 && grilling.length > 40, `${tag}: both modes explained`);
      assert.notEqual(execution, grilling, `${tag}: the modes differ`);
      for (const sentence of [execution, grilling]) {
        assert.ok(!seen.has(sentence), `${tag}: "${sentence}" is another language's`);
        seen.add(sentence);
      }
    }
    assert.equal(seen.size, DEMO_LOCALES.length * 2);
  });

  it('follows a browser tag to its language, and falls back to English', () => {
    assert.equal(runModeText('de-AT'), RUN_MODES.de);
    assert.equal(runModeText('zh-Hant-HK'), RUN_MODES['zh-TW']);
    assert.equal(runModeText('pt-PT'), RUN_MODES['pt-BR']);
    assert.equal(runModeText('ar-EG'), RUN_MODES.ar);
    assert.equal(runModeText('sv'), RUN_MODES.en);
  });
});
