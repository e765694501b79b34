// The engines the manual says are tested are the ones npm test runs: the version of each engine
// it runs (all three unless AIK_ENGINES names fewer), as the installed binary reports it, is
// named in the README and on the Browsers page, so a newer Debian package shows up here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
// @ts-expect-error plain JS helpers shared with the test runner
import { engineVersion as version_, selectedEngines as selected_ } from '../../scripts/engines.js';

const engineVersion = version_ as (engine: string) => string;
const selectedEngines = selected_ as () => string[];

const root = new URL('../../', import.meta.url).pathname;
/** "Mozilla Firefox 153.8.0esr" → "153.8", "WebKitGTK 2.50.6" → "2.50.6", "Chromium 156.0.8078.114" → "156". */
const named = (engine: string, version: string) => {
  const [major, minor, patch] = (version.match(/\d+(?:\.\d+)*/)?.[0] ?? '').split('.');
  if (engine === 'chromium') return major!;
  if (engine === 'firefox') return `${major}.${minor}`;
  return [major, minor, patch].filter(Boolean).join('.');
};

describe('the engines the manual names', () => {
  for (const engine of selectedEngines()) {
    const version = engineVersion(engine);
    it(`${engine}: ${version} is named in the README and docs/browsers.md`, () => {
      assert.match(version, /\d/, `${engine}: no version (is it installed?)`);
      for (const file of ['README.md', 'docs/browsers.md']) {
        assert.ok(readFileSync(root + file, 'utf8').includes(named(engine, version)), `${file} does not name ${engine} ${named(engine, version)}`);
      }
    });
  }
});
